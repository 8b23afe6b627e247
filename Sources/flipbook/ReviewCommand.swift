import ArgumentParser
import Foundation
import JSONText
import Match
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

      With --recording FILE (a screen recording of the built app) the scene is also matched \
      against it as 'flipbook match' does (--track VIEW names the views to follow): the bundle \
      gains NAME-match.json, NAME-match.png (the chart of spec and recording) and NAME-match.mp4 \
      (spec | recording | difference), and the page a Match card with the verdict, the fit and \
      both. See docs/match.md.

      Example:
        flipbook review Scenes/t2-photos-drag-to-dismiss.yaml --touches -o out/review
        flipbook review Scenes/t1-modal-card.yaml --recording build.mp4 -o out/review
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

  @Option(help: ArgumentHelp("A screen recording of the built app to match against the scene (adds NAME-match.* and the page's Match card).", valueName: "file"))
  var recording: String?

  @Option(name: .customLong("track"), help: ArgumentHelp("With --recording: a view to follow (repeatable; default: the views the transition moves).", valueName: "view"))
  var tracks: [String] = []

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
    guard recording == nil || sharding.shard == nil else { throw ValidationError("--recording goes with the whole review, not with --shard") }
    guard recording != nil || tracks.isEmpty else { throw ValidationError("--track goes with --recording") }
  }

  /// What changes NAME.mp4's pixels (not --jobs, -o, --gif-width, --page-scale or --shard).
  var hashedSettings: [String] {
    ["review"] + clip.hashedSettings + overlays.hashedSettings + ["speed=\(playback.speed)"]
  }

  func run() throws {
    BatchAllocator.configure(jobs: parallel.jobs)
    // Checked before anything is rendered (a bad one used to fail after the MP4 and GIF, as '--scale').
    if let s = pageScale, !(s.isFinite && SceneLimits.scaleRange.contains(s)) {
      throw ValidationError("--page-scale must be in \(SceneLimits.scaleRange.lowerBound)...\(SceneLimits.scaleRange.upperBound) (got \(s))")
    }
    let clip = try self.clip.loadClip()
    let sets = self.clip.device.sets + self.clip.sets
    let name = BundleName.make(scene: self.clip.scene, variant: self.clip.variant, sets: sets)
    do {
      let sceneHash = try SceneHash.compute(document: clip.document, settings: hashedSettings)
      if let shard = sharding.parsed {
        let folder = (output as NSString).appendingPathComponent(name) + "-shard-\(shard.index)"
        try ReviewBundle.writeClip(
          try makeComparison(clip), of: clip, to: folder, sceneHash: sceneHash,
          shard: ShardOutput(shard: shard, scene: self.clip.scene, settings: hashedSettings), speed: playback.speed,
          quality: encoding.chosen, jobs: parallel.jobs)
        print("rendered \(shard) of the review clip's frames to \(folder)/; join the shards with --from-shards")
        return
      }
      // Everything the bundle needs is looked up before the first frame is rendered.
      let gifScript = try shippedScript("make-gif")
      try ReviewBundle.checkFolder(output, name: name, replace: force)
      // The recording is read and matched before any frame of the bundle is rendered.
      let match = try recording.map { try matchRecording($0) }
      // The comparison first: it refuses a clip past the limits before the folder exists.
      let comparison = try makeComparison(clip)
      let pageScale = self.pageScale ?? min(clip.scale, 1)
      let pageClip = pageScale == clip.scale ? clip : try loadSceneClip(
        scene: self.clip.scene, variant: self.clip.variant, sets: self.clip.sets, fps: self.clip.fps, scale: pageScale)
      let bundle = ReviewBundle(
        folder: output, name: name, clip: clip, comparison: comparison,
        frames: fromShards.isEmpty ? .render(sceneHash: sceneHash) : .shards(try ShardSet.load(folders: fromShards), sceneHash: sceneHash),
        quality: encoding.chosen,
        gif: ReviewBundle.GIF(script: gifScript, width: gifPixelWidth(comparison), maxBytes: maxSize.map { ByteSize.parse($0)! }),
        title: BundleName.title(sceneName: clip.document.displayName, variant: self.clip.variant, sets: sets),
        label: self.clip.variant ?? clip.document.displayName,
        metrics: ReviewMetrics(
          metrics: ClipMetrics(clip), frameCount: comparison.frameCount, fps: comparison.fps, speed: playback.speed,
          motionDuration: clip.lastFrameTime, scene: self.clip.scene, variant: self.clip.variant, sets: sets),
        pageClip: pageClip, pageFrames: pageFrames, jobs: parallel.jobs, match: match)
      let started = Date()
      try bundle.write()
      let seconds = Date().timeIntervalSince(started)
      print("wrote \(bundle.base).mp4, .gif, -sheet.png, -curves.png, -metrics.json\(match == nil ? "" : ", -match.json, -match.png, -match.mp4"), .html in \(String(format: "%.1f", seconds)) s")
      if let match { print("match: \(match.verdict)") }
    } catch let e as ExitCode {
      throw e
    } catch {
      throw fail(error)
    }
  }

  /// `flipbook match SCENE RECORDING` at work scale 1 (the scene with the same variant and
  /// settings), as the bundle carries it.
  private func matchRecording(_ path: String) throws -> ReviewMatch {
    let spec = try loadSceneClip(
      scene: self.clip.scene, variant: self.clip.variant, sets: self.clip.device.sets + self.clip.sets, fps: nil, scale: 1)
    let canvas = spec.canvas
    let views = try tracks.isEmpty
      ? TrackedView.animated(in: spec.document) : tracks.map { v throws(MatchError) in try TrackedView.resolve(v, in: spec.document) }
    guard !views.isEmpty else { throw MatchError.track("(none)", reason: "the transition moves no view; name one with --track") }
    let probe = try RecordingProbe.probe(path, aspect: canvas.size.width / canvas.size.height)
    let recording = try Recording.decode(probe, width: canvas.pixelWidth, height: canvas.pixelHeight)
    let analysis = try MatchAnalysis(spec: SpecFrames(clip: spec), recording: recording, views: views)
    let text = MatchReport.text(analysis).split(separator: "\n").map(String.init)
    return ReviewMatch(
      json: MatchReport.jsonValue(analysis), verdict: analysis.verdict.description, matches: analysis.verdict.matches,
      lines: text.filter { !$0.hasPrefix("verdict: ") }, chartPNG: try MatchOutputs.chartPNG(analysis),
      writeClip: { path in try MatchOutputs.writeClip(analysis, to: path, place: .inOutputFolder) })
  }

  /// The GIF's width: --gif-width, else the clip's at most 360 px; never wider than the clip.
  private func gifPixelWidth(_ comparison: Comparison) -> Int {
    let cell = comparison.grid.layout.frame(0)
    guard let asked = gifWidth else { return min(cell.width, 360) }
    if asked > cell.width {
      FileHandle.standardError.write(Data("flipbook: note: --gif-width \(asked) is wider than the clip (\(cell.width) px): the GIF is \(cell.width) px wide (a GIF is never upscaled)\n".utf8))
    }
    return min(asked, cell.width)
  }

  private func makeComparison(_ clip: Clip) throws -> Comparison {
    try Comparison(
      clips: [clip], labels: [self.clip.variant ?? clip.document.displayName], speed: playback.speed,
      overlays: overlays.overlays(document: clip.document), title: "\(clip.document.displayName): progress p over time")
  }
}

extension ReviewPage.PageFrames: ExpressibleByArgument {}
