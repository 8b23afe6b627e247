import ArgumentParser
import Foundation
import Match
import Scene
import Stage

/// `flipbook match`: holds a screen recording of the built app against the scene (docs/match.md).
struct MatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "match",
    abstract: "Hold a screen recording against the scene: align it, track the views, fit the springs, say what differs.",
    discussion: """
      flipbook match SCENE RECORDING reads any recording ffmpeg reads, scales it onto the scene's \
      screen, finds where the motion starts in both, follows each --track view (default: the views \
      the transition moves) and fits the scene's own timing model to the recorded motion. It prints \
      the alignment, each view's largest position error and timing error, the fitted parameters \
      beside the spec's and a verdict; with -o it also writes match.json, a chart, an onion-skin strip \
      and a side-by-side clip (spec | recording | difference).
      flipbook match --fit-only RECORDING --region x,y,w,h fits a spring to whatever moves in that \
      region of the recording (its pixels), without a scene. See docs/match.md.
      """)

  @Argument(help: ArgumentHelp("SCENE RECORDING, or only RECORDING with --fit-only.", valueName: "file"))
  var files: [String] = []

  @Option(help: "Apply the scene's named variant (from its 'variants:').")
  var variant: String?

  @Option(name: .customLong("set"), help: ArgumentHelp("Override a scene value (repeatable; VALUE is YAML).", valueName: "path=value"))
  var sets: [String] = []

  @OptionGroup var device: DeviceModelOption

  @Option(name: .customLong("track"), help: ArgumentHelp("A view to follow, as a view path of the scene (repeatable; default: the views the transition moves).", valueName: "view"))
  var tracks: [String] = []

  @Option(name: .customLong("work-scale"), help: "Pixels per point the recording is analysed at (0.5...3; 2 is finer and about 4x slower).")
  var workScale: Double = 1

  @Flag(name: .customLong("fit-only"), help: "Fit the motion in --region of RECORDING, without a scene.")
  var fitOnly = false

  @Option(help: ArgumentHelp("With --fit-only: the region to follow, in the recording's pixels.", valueName: "x,y,w,h"))
  var region: String?

  @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Folder for match.json, the chart, the strip and the side-by-side clip.", valueName: "dir"))
  var output: String?

  @Flag(help: "Print match.json to stdout instead of the text report.")
  var json = false

  func validate() throws {
    if fitOnly {
      guard files.count == 1 else { throw ValidationError("--fit-only takes one file, the recording (got \(files.count)).") }
      guard region != nil else { throw ValidationError("--fit-only needs --region x,y,w,h (the recording's pixels).") }
    } else {
      guard files.count == 2 else { throw ValidationError("match takes SCENE RECORDING (got \(files.count) file\(files.count == 1 ? "" : "s")); --fit-only RECORDING fits without a scene.") }
      guard region == nil else { throw ValidationError("--region goes with --fit-only; with a scene, name views with --track.") }
    }
    guard (0.5...3).contains(workScale) else { throw ValidationError("--work-scale must be in 0.5...3 (got \(workScale)).") }
  }

  func run() throws {
    if fitOnly { return try runFitOnly() }
    let clip = try loadSceneClip(scene: files[0], variant: variant, sets: device.sets + sets, fps: nil, scale: workScale)
    do throws(MatchError) {
      let canvas = clip.canvas
      let views = try tracks.isEmpty ? TrackedView.animated(in: clip.document) : tracks.map { v throws(MatchError) in try TrackedView.resolve(v, in: clip.document) }
      guard !views.isEmpty else { throw .track("(none)", reason: "the transition moves no view; name one with --track") }
      let probe = try RecordingProbe.probe(files[1], aspect: canvas.size.width / canvas.size.height)
      let recording = try Recording.decode(probe, width: canvas.pixelWidth, height: canvas.pixelHeight)
      let analysis = try MatchAnalysis(spec: SpecFrames(clip: clip), recording: recording, views: views)
      if let output { try MatchOutputs.write(analysis, to: output) }
      print(json ? MatchReport.json(analysis) : MatchReport.text(analysis), terminator: "")
    } catch {
      throw fail(error)
    }
  }

  func runFitOnly() throws {
    do throws(MatchError) {
      let box = try RegionOption.parse(region!)
      let probe = try RecordingProbe.probe(files[0])
      let fit = try RegionFit(probe: probe, region: box, workScale: workScale)
      if let output { try fit.write(to: output) }
      print(json ? fit.json : fit.text, terminator: "")
    } catch {
      throw fail(error)
    }
  }
}
