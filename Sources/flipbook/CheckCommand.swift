import ArgumentParser
import Foundation
import Scene
import Stage

/// `flipbook check`: validates a scene without rendering. Prints every problem at once,
/// compiler-style, on stderr and exits 65; prints a one-line summary per checked scene on
/// stdout when valid. Without `--variant`, the scene and each of its variants are checked.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate scenes without rendering (all problems at once, as file:line:column errors).",
    discussion: """
      Without --variant, the scene is checked as written and with each of its variants. \
      With --device-model the scene is checked on that phone (layout expressions such as \
      'width - 32' take its numbers; docs/scene-format.md, "Layout expressions"). \
      Warnings (a spring that does not settle within its duration, a view that jumps between \
      two frames; docs/motion.md, "Warnings") print like errors, as file:line:column: warning, \
      and leave the exit status alone unless --strict is given. \
      With several files, each is checked in turn as one file would be, and a last line \
      counts them: 'checked 3 files: 2 ok, 1 invalid'. \
      Exit status: 0 when everything is valid, 65 when a scene has errors (or warnings, \
      with --strict), 1 when one is valid but cannot be simulated (65 wins over 1).
      """)

  @Argument(help: "The scene files (YAML), one or more.")
  var scenes: [String]

  @Option(help: "Check only this variant (from the scene's 'variants:').")
  var variant: String?

  @Option(name: .customLong("set"), help: ArgumentHelp("Override a scene value, e.g. --set canvas.fps=30 (repeatable; VALUE is YAML).", valueName: "path=value"))
  var sets: [String] = []

  @OptionGroup var device: DeviceModelOption

  @Flag(help: "Treat warnings (springs that do not settle, views that jump; docs/motion.md, \"Warnings\") as errors: exit 65 when there are any.")
  var strict = false

  func validate() throws {
    if scenes.isEmpty { throw ValidationError("give at least one scene file") }
  }

  /// How one file came out.
  enum Outcome { case ok, invalid, unsimulated }

  func run() throws {
    var outcomes: [Outcome] = []
    for scene in scenes { outcomes.append(check(scene)) }
    if scenes.count > 1 {
      let ok = outcomes.filter { $0 == .ok }.count, invalid = outcomes.filter { $0 == .invalid }.count
      let unsimulated = outcomes.count - ok - invalid
      var parts = ["\(ok) ok"]
      if invalid > 0 { parts.append("\(invalid) invalid") }
      if unsimulated > 0 { parts.append("\(unsimulated) cannot be simulated") }
      print("checked \(scenes.count) files: " + parts.joined(separator: ", "))
    }
    if outcomes.contains(.invalid) { throw ExitCode(65) }
    if outcomes.contains(.unsimulated) { throw ExitCode(1) }
  }

  /// Checks one file and each of its variants, printing as `check` does.
  func check(_ scene: String) -> Outcome {
    let variants: [String?] = variant.map { [$0] } ?? ([nil] + SceneLoader.variantNames(path: scene).map { $0 })
    var invalid = false, unsimulated = false
    // Each error once: a problem of the scene as written is every variant's too.
    var printed = Set<String>()
    for name in variants {
      let label = (scene + (name.map { " (variant \($0))" } ?? "")).visibleControls
      let document: SceneDocument
      do {
        document = try SceneLoader.load(path: scene, variant: name, sets: device.sets + sets)
      } catch {
        let texts = error.renderedEach()
        let fresh = texts.filter { printed.insert($0).inserted }
        let again = texts.count - fresh.count
        var out = variants.count > 1 ? "\(label): invalid" + (again > 0 ? ": \(Self.count(again, "error")) above\(fresh.isEmpty ? "" : ", \(fresh.count) more below")" : "") + "\n" : ""
        out += fresh.prefix(DiagnosticReport.maxShown).joined()
        if fresh.count > DiagnosticReport.maxShown { out += "... and \(Self.count(fresh.count - DiagnosticReport.maxShown, "more error"))\n" }
        FileHandle.standardError.write(Data(out.utf8))
        invalid = true
        continue
      }
      do {
        let clip = try Clip(document: document, assets: processAssets)
        let warned = printMotionWarnings(clip)
        print("\(label): ok\(warned > 0 ? " (\(Self.count(warned, "warning")))" : ""): " + Self.summary(document, frames: clip.timeline.frameCount, duration: clip.timeline.duration))
        if warned > 0, strict { invalid = true }
      } catch where error.isAssetInScene {
        // An asset that passed the header check but does not decode: the scene is invalid.
        if variants.count > 1 { FileHandle.standardError.write(Data("\(label): invalid\n".utf8)) }
        FileHandle.standardError.write(Data("\(error)\n".visibleControlsPerLine.utf8))
        invalid = true
      } catch {
        FileHandle.standardError.write(Data("\(label): error: the scene is valid but cannot be simulated: \(error)\n".utf8))
        unsimulated = true
      }
    }
    if invalid { return .invalid }
    if unsimulated { return .unsimulated }
    return .ok
  }

  /// "1 error", "3 errors".
  static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

  /// "2 screens, 21 views, pop (interactive: 4 gesture points), 1.92 s, 116 frames at 60 fps (1170x2532 px)".
  static func summary(_ d: SceneDocument, frames: Int, duration: Double) -> String {
    let t = d.transition
    var kind = t.kind.rawValue
    if let preset = t.preset { kind += " (preset \(preset.rawValue))" }
    if let i = t.interaction { kind += " (interactive: \(i.gesture.count) gesture points)" }
    if let g = t.trigger { kind += " (\(g.gesture == .tap ? "tap" : "long press")\(g.view.map { " on \($0.text)" } ?? "") at \(String(format: "%g", g.at)) s)" }
    let fps = d.canvas.fps == d.canvas.fps.rounded() ? String(Int(d.canvas.fps)) : String(d.canvas.fps)
    return "\(d.screens.count) screen\(d.screens.count == 1 ? "" : "s"), \(d.viewCount) views, \(kind), "
      + String(format: "%.2f s, ", duration) + "\(frames) frames at \(fps) fps (\(d.canvas.pixelWidth)x\(d.canvas.pixelHeight) px)"
  }
}
