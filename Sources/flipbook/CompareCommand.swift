import ArgumentParser
import Foundation
import Raster
import Review
import Scene
import Stage

/// `flipbook compare`: variants of a scene side by side in one clip, plus a chart.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Render variants of a scene side by side (a grid beyond three), labelled, on one timebase, with a progress chart.",
    discussion: """
      Cells run on one timebase, as long as the longest variant; a shorter one holds its last \
      frame. Each cell is labelled with what differs. Without overlays a cell is exactly the \
      variant's own render. Beside OUT the command writes OUT-curves.png (or DIR/curves.png): \
      each variant's progress over time, release and settle marked.

      Examples:
        flipbook compare Scenes/t2-photos-drag-to-dismiss.yaml \\
          --vary transition.interactive.complete.spring.dampingRatio=0.6,0.8,1.0 -o out/t2-damping.mp4
        flipbook compare SCENE --vary A=1,2 --vary B=x,y,z -o grid.mp4      (a 2 x 3 cross product)
        flipbook compare SCENE --variants base,cancelling -o paths.mp4
        flipbook compare SCENE --refresh 120,60,30 --speed 0.5 -o hz.mp4
        flipbook compare SCENE --vary A=0.6,1.0 --label soft --label stiff -o named.mp4

      A varied value that is a mapping is labelled by the part that differs \
      (spring.dampingRatio 0.8, not the whole mapping cut short).
      """)

  @Argument(help: "The scene file (YAML).")
  var scene: String

  @Option(name: .customLong("vary"), help: ArgumentHelp("A scene value to vary: PATH=V1,V2,... (VALUE is YAML; give two for a cross product).", valueName: "path=values"))
  var vary: [String] = []

  @Option(help: ArgumentHelp("The scene's named variants to compare, comma separated ('base' is the scene as written).", valueName: "a,b,..."))
  var variants: String?

  @Option(help: ArgumentHelp("Compare the same transition shown by displays refreshing at these rates (Hz), each holding its frame until its next sample.", valueName: "hz,hz,..."))
  var refresh: String?

  @Option(name: .customLong("set"), help: ArgumentHelp("Override a scene value in every cell (repeatable).", valueName: "path=value"))
  var sets: [String] = []

  @Option(name: .customLong("label"), help: ArgumentHelp("The label of a cell, in order (give it once per cell; default: what the cell varies).", valueName: "text"))
  var labels: [String] = []

  @OptionGroup var device: DeviceModelOption

  @OptionGroup var playback: SpeedOption

  @Option(help: "Frames per second of every variant (default: the scene's).")
  var fps: Double?

  @Option(help: "Pixels per point of each cell (default: the scene's scale, at most 2).")
  var scale: Double?

  @Option(help: "Cells per row (default: one row up to three, then a square-ish grid; a cross product puts the second key across).")
  var columns: Int?

  @Flag(name: .customLong("curve-strip"), help: "Put the progress chart under the clip, with a playhead that moves with the frames.")
  var curveStrip = false

  @OptionGroup var overlays: OverlayFlags

  @Option(help: "Where to write the companion chart PNG (default: OUT-curves.png, or DIR/curves.png).")
  var chart: String?

  @OptionGroup var parallel: JobsOption

  @OptionGroup var sharding: ShardOption

  @Option(name: .shortAndLong, help: "OUT.mp4 for a clip, or a folder for PNG frames and manifest.json.")
  var output: String

  @OptionGroup var encoding: QualityOption

  func validate() throws {
    if let c = columns, c < 1 { throw ValidationError("--columns must be at least 1 (got \(c))") }
    try encoding.requireClip(output.lowercased().hasSuffix(".mp4"), "-o names a folder of PNG frames (lossless); give -o OUT.mp4")
    if refresh != nil, !vary.isEmpty || variants != nil {
      throw ValidationError("--refresh compares one scene at several rates; use it without --vary and --variants")
    }
    if sharding.shard != nil, output.lowercased().hasSuffix(".mp4") {
      throw ValidationError("--shard writes a shard's PNG frames into a folder (-o DIR); make the MP4 with 'flipbook assemble DIR... --mp4 OUT.mp4'")
    }
  }

  /// What changes the grid's pixels (not --jobs, -o, --chart or --shard), for the scene hash.
  var hashedSettings: [String] {
    ["compare"] + vary.map { "vary=\($0)" } + ["variants=\(variants ?? "")", "refresh=\(refresh ?? "")"]
      + (device.sets + sets).map { "set=\($0)" }
      + ["speed=\(playback.speed)", "fps=\(fps.map { "\($0)" } ?? "")", "scale=\(scale.map { "\($0)" } ?? "")"]
      + ["columns=\(columns.map(String.init) ?? "")", "curve-strip=\(curveStrip)"] + overlays.hashedSettings
  }

  /// The companion chart's path.
  var chartPath: String {
    if let chart { return chart }
    if output.lowercased().hasSuffix(".mp4") { return String(output.dropLast(4)) + "-curves.png" }
    return output + "/curves.png"
  }

  /// The cells of a --vary / --variants comparison; a malformed request is a usage error.
  private func makePlan(_ names: [String]) throws -> VariantPlan {
    let known = SceneLoader.variantNames(path: scene)
    do {
      return try VariantPlan(vary: vary, variants: names, knownVariants: known)
    } catch {
      throw ValidationError(error.description)
    }
  }

  /// `--label`s replace the labels the plan made, one per cell.
  private func named(_ made: [String]) throws -> [String] {
    guard !self.labels.isEmpty else { return made }
    if let long = self.labels.first(where: { $0.unicodeScalars.count > Comparison.maxLabelLength }) {
      throw ValidationError("--label is \(long.unicodeScalars.count) characters long; a label may have at most \(Comparison.maxLabelLength)")
    }
    guard self.labels.count == made.count else {
      throw ValidationError("--label is given \(self.labels.count) time\(self.labels.count == 1 ? "" : "s") for \(made.count) cells; give one per cell, in order")
    }
    return self.labels
  }

  func run() throws {
    BatchAllocator.configure(jobs: parallel.jobs)
    var clips: [Clip] = []
    var labels: [String] = []
    var rates: [Double]?
    let plan: VariantPlan?
    if let refresh {
      let hz = try parseNumberList(refresh, flag: "--refresh")
      // The output runs at the highest rate, so each rate is a clip rate (`ClipLimit`).
      if let fast = hz.first(where: { $0 > SceneLimits.fpsRange.upperBound }) {
        throw ValidationError("--refresh rates must be at most \(Int(SceneLimits.fpsRange.upperBound)) Hz, the highest clip rate (got \(fast))")
      }
      rates = hz
      plan = nil
      let clip = try loadSceneClip(scene: scene, variant: nil, sets: device.sets + sets, fps: fps, scale: scale, maxScale: 2)
      clips = hz.map { _ in clip }
      labels = hz.map { "\($0 == $0.rounded() ? String(Int($0)) : String($0)) Hz" }
    } else {
      let names = variants.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
      let p = try makePlan(names)
      plan = p
      _ = try named(p.entries.map(\.label))
      for entry in p.entries {
        clips.append(try loadSceneClip(
          scene: scene, variant: entry.variant, sets: device.sets + sets + entry.sets, varied: entry.varied, fps: fps, scale: scale, maxScale: 2))
        labels.append(entry.label)
      }
    }
    labels = try named(labels)
    let document = clips[0].document
    do {
      let comparison = try Comparison(
        clips: clips, labels: labels, speed: playback.speed, refreshRates: rates, overlays: overlays.overlays(document: document),
        columns: columns ?? plan?.columns, curveStrip: curveStrip,
        title: "\(document.displayName): progress p over time")
      let started = Date()
      try ClipRequest(
        output: output, pixelWidth: comparison.width, pixelHeight: comparison.height, scale: clips[0].scale,
        fps: comparison.fps, frameCount: comparison.frameCount, events: [],
        sceneHash: try SceneHash.compute(document: document, settings: hashedSettings),
        shard: sharding.parsed.map { ShardOutput(shard: $0, scene: scene, settings: hashedSettings) }, quality: encoding.chosen
      ).write(jobs: parallel.jobs, frame: { try comparison.frame($0) })
      try writePNG(comparison.chart.render(), to: chartPath, place: chart == nil && !output.lowercased().hasSuffix(".mp4") ? .inOutputFolder : .named)
      let seconds = Date().timeIntervalSince(started)
      print("compared \(clips.count) cells (\(labels.joined(separator: " | "))): \(comparison.frameCount) frames, \(comparison.width)x\(comparison.height) px, \(comparison.fps) fps, to \(output) and \(chartPath) in \(String(format: "%.1f", seconds)) s")
    } catch let e as ExitCode {
      throw e
    } catch {
      throw fail(error)
    }
  }
}
