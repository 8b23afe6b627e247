import ArgumentParser
import Foundation
import Preview
import Raster
import Review
import Scene
import Stage

/// `flipbook review`: everything a design review needs for one scene, named consistently.
struct ReviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "review",
    abstract: "Write a review bundle: NAME.mp4, NAME.gif, NAME-sheet.png, NAME-curves.png, NAME-metrics.json and NAME.html.",
    discussion: """
      NAME is the scene file's name, plus -VARIANT with --variant and -KEY=VALUE for each \
      --set or --device-model (the last step of its path; a long list becomes -set-HASH), so \
      bundles of different settings sit side by side. A folder that already holds NAME.* is \
      refused unless --force is given, or unless NAME.incomplete marks it as left by a \
      review that was stopped before it finished (the marker exists while a review writes \
      the bundle and is removed after the page).

      The GIF is made from the MP4 by scripts/make-gif (two-pass palette, 50 fps, exact \
      delays), at most as wide as the clip (never upscaled); above 10 MB it warns and points \
      to the MP4; --max-size shrinks it (frame rate and colours first, then width, never below \
      320 px) until it fits, saying what it traded, or fails naming the MP4. The \
      metrics give the release time, velocity (pt/s) and progress, the decision, the settle \
      time and the overshoot (a fraction of the transition's distance), and what the MP4 \
      holds (frameCount, fps, speed, duration; motionDuration is the motion's own). NAME.html \
      is the preview's player frozen into one self-contained page (the clip at --page-scale as \
      an H.264 video stepped frame by frame, or with --page-frames png every frame as a \
      lossless PNG; chart, sheet and metrics inside it; no network): open it from disk. Files are written \
      0644 (under the umask), each appearing only complete.

      With --shard K/N it renders only that share of NAME.mp4's frames, into DIR/NAME-shard-K/ \
      (with shard-K-of-N.json), and nothing else; a last run with --from-shards \
      DIR/NAME-shard-* checks the shards, makes NAME.mp4 from them (the same bytes) and \
      writes the rest of the bundle. See docs/distributed.md.

      Example:
        flipbook review Scenes/t2-photos-drag-to-dismiss.yaml --touches -o out/review
        flipbook review Scenes/t2-photos-drag-to-dismiss.yaml --speed 0.5 --max-size 8MB -o out/review
      """)

  @OptionGroup var clip: ClipOptions

  @OptionGroup var overlays: OverlayFlags

  @OptionGroup var playback: SpeedOption

  @Option(name: .customLong("gif-width"), help: "GIF width in pixels (default: the clip's, at most 360; never more than the clip's).")
  var gifWidth: Int?

  @Option(name: .customLong("max-size"), help: ArgumentHelp("Largest GIF: 8MB, 500KB, 2MiB or bytes; the GIF gets fewer frames per second and colours, then (down to 320 px) a smaller width, until it fits (or the command fails).", valueName: "size"))
  var maxSize: String?

  @Flag(help: "Replace a bundle of the same NAME already in the folder.")
  var force = false

  @Option(name: .customLong("page-scale"), help: "Pixels per point of the frames inside NAME.html (default: the clip's scale, at most 1).")
  var pageScale: Double?

  @Option(name: .customLong("page-frames"), help: "How NAME.html carries the clip: 'video' (H.264, about the MP4's weight) or 'png' (every frame lossless, for pixel work).")
  var pageFrames: ReviewPage.PageFrames = .video

  @OptionGroup var parallel: JobsOption

  @OptionGroup var sharding: ShardOption

  @Option(name: .customLong("from-shards"), parsing: .upToNextOption, help: ArgumentHelp("Make NAME.mp4 from these folders of 'review --shard K/N' instead of rendering its frames.", valueName: "dir"))
  var fromShards: [String] = []

  @OptionGroup var encoding: QualityOption

  @Option(name: .shortAndLong, help: "The folder to write the bundle into.")
  var output: String

  func validate() throws {
    if let w = gifWidth, w < 16 { throw ValidationError("--gif-width must be at least 16 (got \(w))") }
    if let m = maxSize, ByteSize.parse(m) == nil {
      throw ValidationError("--max-size takes a size such as 8MB, 500KB, 2MiB or bytes (got '\(m)')")
    }
    guard sharding.shard == nil || fromShards.isEmpty else {
      throw ValidationError("--shard renders one shard, --from-shards joins them; give one")
    }
    try encoding.requireClip(sharding.shard == nil, "--shard writes PNG frames; give --quality to 'review --from-shards'")
  }

  /// What changes NAME.mp4's pixels (not --jobs, -o, --gif-width, --page-scale or --shard).
  var hashedSettings: [String] {
    ["review"] + clip.hashedSettings + overlays.hashedSettings + ["speed=\(playback.speed)"]
  }

  /// The bundle's files, by suffix.
  static let suffixes = [".mp4", ".gif", "-sheet.png", "-curves.png", "-metrics.json", ".html"]

  /// NAME.incomplete exists from before the bundle's first file until after its last (the
  /// page): a bundle beside it is one a stopped run left, which the next run replaces
  /// without --force.
  static let incompleteSuffix = ".incomplete"

  static func incompleteNote(_ name: String) -> String {
    "flipbook review is writing the bundle \(name) here, or was stopped before it finished; the next 'flipbook review' of the same scene and settings into this folder replaces it.\n"
  }

  func run() throws {
    // Checked before anything is rendered (a bad one used to fail after the MP4 and GIF, as '--scale').
    if let s = pageScale, !(s.isFinite && SceneLimits.scaleRange.contains(s)) {
      throw ValidationError("--page-scale must be in \(SceneLimits.scaleRange.lowerBound)...\(SceneLimits.scaleRange.upperBound) (got \(s))")
    }
    let clip = try self.clip.loadClip()
    let name = BundleName.make(scene: self.clip.scene, variant: self.clip.variant, sets: self.clip.device.sets + self.clip.sets)
    let base = (output as NSString).appendingPathComponent(name)
    do {
      if let shard = sharding.parsed {
        try writeShard(shard, clip: clip, folder: base + "-shard-\(shard.index)")
        return
      }
      // Everything the bundle needs is looked up before the first frame is rendered.
      _ = try shippedScript("make-gif")
      _ = try ExternalTool.require("bash")
      let present = Self.suffixes.filter { FileManager.default.fileExists(atPath: base + $0) }
      // NAME.incomplete: a run of this command that was stopped before the page was written;
      // its files are replaced without --force.
      let marker = base + Self.incompleteSuffix
      let interrupted = FileManager.default.fileExists(atPath: marker)
      if !present.isEmpty, !force, !interrupted {
        throw StageError.write(
          path: output,
          reason: "it already holds the review bundle \(name) (\(present.map { name + $0 }.joined(separator: ", "))); pass --force to replace it, or choose another folder")
      }
      for path in (Self.suffixes + [Self.incompleteSuffix]).map({ base + $0 }) {
        // Flipbook names these inside the output folder: a link, device or FIFO there is refused.
        _ = try AtomicFile.target(path, place: .inOutputFolder)
      }
      // The comparison first: it refuses a clip past the limits before the folder exists.
      let comparison = try makeComparison(clip)
      try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
      try AtomicFile.write(Array(Self.incompleteNote(name).utf8), to: marker, place: .inOutputFolder)
      let label = self.clip.variant ?? clip.document.displayName
      let started = Date()
      if fromShards.isEmpty {
        try writeClipFrames(clip, comparison, output: base + ".mp4", shard: nil)
      } else {
        try assembleClip(clip, into: base + ".mp4")
      }
      let cell = comparison.grid.layout.frame(0)
      var width = min(cell.width, 360)
      if let asked = gifWidth {
        width = min(asked, cell.width)
        if asked > cell.width {
          FileHandle.standardError.write(Data("flipbook: note: --gif-width \(asked) is wider than the clip (\(cell.width) px): the GIF is \(cell.width) px wide (a GIF is never upscaled)\n".utf8))
        }
      }
      try runScript("make-gif", [base + ".mp4", base + ".gif", "--width", String(width)] + (maxSize.map { ["--max-size", String(ByteSize.parse($0)!)] } ?? []))
      let title = BundleName.title(
        sceneName: clip.document.displayName, variant: self.clip.variant, sets: self.clip.device.sets + self.clip.sets)
      let sheet = try SheetMaker(choice: .atEvents, thumbnailWidth: 156, title: title).render(clip)
      try writePNG(sheet, to: base + "-sheet.png", place: .inOutputFolder)
      try writePNG(comparison.chart.render(), to: base + "-curves.png", place: .inOutputFolder)
      var metrics = ClipMetrics(clip).json
      if case .object(var fields) = metrics {
        // What the MP4 holds (at --speed S each output second shows S seconds of motion);
        // event times stay in motion seconds.
        func rounded(_ v: Double) -> JSONValue { .number((v * 1e6).rounded() / 1e6) }
        fields["frameCount"] = .int(comparison.frameCount)
        fields["fps"] = .number(comparison.fps)
        fields["speed"] = .number(playback.speed)
        fields["duration"] = rounded(Double(comparison.frameCount - 1) / comparison.fps)
        fields["motionDuration"] = rounded(clip.lastFrameTime)
        fields["scene"] = .string(self.clip.scene)
        fields["variant"] = self.clip.variant.map { .string($0) } ?? .null
        fields["sets"] = .array((self.clip.device.sets + self.clip.sets).map { .string($0) })
        metrics = .object(fields)
      }
      try writeJSON(metrics, to: base + "-metrics.json", place: .inOutputFolder)
      try writeReviewPage(clip: clip, label: label, title: title, sheet: base + "-sheet.png", to: base + ".html")
      unlink(marker)
      let seconds = Date().timeIntervalSince(started)
      print("wrote \(base).mp4, .gif, -sheet.png, -curves.png, -metrics.json, .html in \(String(format: "%.1f", seconds)) s")
    } catch let e as ExitCode {
      throw e
    } catch {
      throw fail(error)
    }
  }

  private func makeComparison(_ clip: Clip) throws -> Comparison {
    try Comparison(
      clips: [clip], labels: [self.clip.variant ?? clip.document.displayName], speed: playback.speed,
      overlays: overlays.overlays(document: clip.document), title: "\(clip.document.displayName): progress p over time")
  }

  /// NAME.mp4's frames (or a shard's share, as PNGs into a folder): one cell without its label
  /// band, the clip itself plus overlays, padded to even size.
  private func writeClipFrames(_ clip: Clip, _ comparison: Comparison, output: String, shard: Shard?) throws {
    let cell = comparison.grid.layout.frame(0)
    try writeFrames(
      output: output, width: cell.width + cell.width % 2, height: cell.height + cell.height % 2,
      scale: clip.scale, fps: comparison.fps, frameCount: comparison.frameCount, events: playback.speed == 1 ? clip.events : [],
      sceneHash: try SceneHash.compute(document: clip.document, settings: hashedSettings),
      shard: shard.map { ShardOutput(shard: $0, scene: self.clip.scene, settings: hashedSettings) }, jobs: parallel.jobs,
      quality: encoding.chosen, mp4Place: .inOutputFolder,
      frame: { n in
        let picture = try comparison.frame(n).cropped(to: cell)
        guard picture.width % 2 == 1 || picture.height % 2 == 1 else { return picture }
        var even = Bitmap(width: picture.width + picture.width % 2, height: picture.height + picture.height % 2)
        even.copy(picture, toX: 0, y: 0)
        return even
      })
  }

  /// `--shard K/N`: only that share of NAME.mp4's frames, into `folder`.
  private func writeShard(_ shard: Shard, clip: Clip, folder: String) throws {
    try writeClipFrames(clip, try makeComparison(clip), output: folder, shard: shard)
    print("rendered \(shard) of the review clip's frames to \(folder)/; join the shards with --from-shards")
  }

  /// `--from-shards`: NAME.mp4 from checked shards of this very review (same scene hash).
  private func assembleClip(_ clip: Clip, into path: String) throws {
    let shards = try ShardSet.load(folders: fromShards)
    let expected = try SceneHash.compute(document: clip.document, settings: hashedSettings)
    guard shards.sceneHash == expected else {
      throw StageError.assembly([
        "\(shards.members[0].path): the shards are of another scene or settings than this review (scene hash \(shards.sceneHash.prefix(12)) vs \(expected.prefix(12)); settings \(shards.members[0].manifest.settings.joined(separator: " ")))"
      ])
    }
    try ShardAssembler.write(
      shards, outputs: ClipOutputs(mp4: path, quality: encoding.chosen, mp4Place: .inOutputFolder), pipeline: FramePipeline(jobs: parallel.jobs),
      progress: ProgressBar(total: shards.frameCount))
  }

  /// NAME.html: the player page with the clip's frames at the page scale, the chart, the
  /// sheet (read back from `sheet`) and the metrics inside.
  private func writeReviewPage(clip: Clip, label: String, title: String, sheet: String, to path: String) throws {
    let scale = pageScale ?? min(clip.scale, 1)
    let pageClip = scale == clip.scale ? clip : try loadSceneClip(
      scene: self.clip.scene, variant: self.clip.variant, sets: self.clip.sets, fps: self.clip.fps, scale: scale)
    let html = try ReviewPage.make(
      variants: [PlayerVariant(clip: pageClip, label: label)], title: title,
      sheetPNG: [UInt8](try Data(contentsOf: URL(fileURLWithPath: sheet))), frames: pageFrames, jobs: parallel.jobs)
    try AtomicFile.write(Array(html.utf8), to: path, place: .inOutputFolder)
  }
}

extension ReviewPage.PageFrames: ExpressibleByArgument {}
