import Foundation
import JSONText
import PNG
import Raster
import Review
import Stage

/// A review bundle: everything a design review needs for one clip, written into `folder` as
/// NAME.mp4, NAME.gif, NAME-sheet.png, NAME-curves.png, NAME-metrics.json and NAME.html
/// (`flipbook review`; docs/review.md), and with a recording held against the scene
/// NAME-match.json, NAME-match.png and NAME-match.mp4 (`ReviewMatch`). Each file appears only complete; Flipbook names them
/// inside the folder, so a link, device or FIFO there is refused.
public struct ReviewBundle {
  /// Where NAME.mp4's frames come from.
  public enum ClipFrames {
    /// Rendered here from the comparison; `sceneHash` is SceneHash's of the scene and the
    /// settings that change the MP4's pixels.
    case render(sceneHash: String)
    /// Assembled from shards of `review --shard K/N`, which must carry `sceneHash`.
    case shards(ShardSet, sceneHash: String)
  }

  /// The GIF, made from the MP4 by scripts/make-gif.
  public struct GIF {
    /// The script's path.
    public var script: String
    /// Width in pixels (never more than the clip's).
    public var width: Int
    /// Largest size in bytes, or nil for no limit.
    public var maxBytes: Int?
    public init(script: String, width: Int, maxBytes: Int?) { self.script = script; self.width = width; self.maxBytes = maxBytes }
  }

  /// The bundle's files, by suffix after NAME.
  public static let suffixes = [".mp4", ".gif", "-sheet.png", "-curves.png", "-metrics.json", ".html"]

  /// NAME.incomplete exists from before the bundle's first file until after its last (the
  /// page): a bundle beside it is one a stopped run left, which the next run replaces
  /// without --force.
  public static let incompleteSuffix = ".incomplete"

  static func incompleteNote(_ name: String) -> String {
    "flipbook review is writing the bundle \(name) here, or was stopped before it finished; the next 'flipbook review' of the same scene and settings into this folder replaces it.\n"
  }

  public var folder: String
  /// NAME, the stem of every file.
  public var name: String
  /// The clip reviewed, at the MP4's scale.
  public var clip: Clip
  /// The clip as one cell with its overlays and chart: NAME.mp4's frames are its cell.
  public var comparison: Comparison
  public var frames: ClipFrames
  /// The MP4's encoder preset.
  public var quality: ClipQuality
  public var gif: GIF
  /// The contact sheet's and the page's title.
  public var title: String
  /// The clip's name on the page (its variant, or the scene's display name).
  public var label: String
  public var metrics: ReviewMetrics
  /// The clip the page shows (at the page's scale) and how the page carries its frames.
  public var pageClip: Clip
  public var pageFrames: ReviewPage.PageFrames
  /// Rendering and encoding threads.
  public var jobs: Int
  /// A recording held against the scene (`review --recording`), or nil.
  public var match: ReviewMatch?

  public init(
    folder: String, name: String, clip: Clip, comparison: Comparison, frames: ClipFrames, quality: ClipQuality, gif: GIF,
    title: String, label: String, metrics: ReviewMetrics, pageClip: Clip, pageFrames: ReviewPage.PageFrames, jobs: Int,
    match: ReviewMatch? = nil
  ) {
    self.folder = folder; self.name = name; self.clip = clip; self.comparison = comparison; self.frames = frames
    self.quality = quality; self.gif = gif; self.title = title; self.label = label; self.metrics = metrics
    self.pageClip = pageClip; self.pageFrames = pageFrames; self.jobs = jobs; self.match = match
  }

  /// The folder's path joined with NAME: each file's path is this plus its suffix.
  public var base: String { (folder as NSString).appendingPathComponent(name) }

  /// Refuses, before anything is rendered, a `folder` that already holds a bundle `name`
  /// (unless `replace`), a link, device or FIFO where one of its files goes, and a missing bash.
  public static func checkFolder(_ folder: String, name: String, replace: Bool) throws {
    _ = try ExternalTool.require("bash")
    let base = (folder as NSString).appendingPathComponent(name)
    let present = (Self.suffixes + ReviewMatch.suffixes).filter { FileManager.default.fileExists(atPath: base + $0) }
    // NAME.incomplete: a review stopped before the page was written; its files are replaced
    // without --force.
    let interrupted = FileManager.default.fileExists(atPath: base + Self.incompleteSuffix)
    if !present.isEmpty, !replace, !interrupted {
      throw StageError.write(
        path: folder,
        reason: "it already holds the review bundle \(name) (\(present.map { name + $0 }.joined(separator: ", "))); pass --force to replace it, or choose another folder")
    }
    for path in (Self.suffixes + ReviewMatch.suffixes + [Self.incompleteSuffix]).map({ base + $0 }) {
      _ = try AtomicFile.target(path, place: .inOutputFolder)
    }
  }

  /// Writes the six files (nine with a recording), the MP4 first (the GIF is made from it).
  public func write() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let marker = base + Self.incompleteSuffix
    try AtomicFile.write(Array(Self.incompleteNote(name).utf8), to: marker, place: .inOutputFolder)
    // A bundle replaced by one without a recording keeps no match files of the old build.
    if match == nil { for suffix in ReviewMatch.suffixes { unlink(base + suffix) } }
    switch frames {
    case .render(let sceneHash):
      try Self.writeClip(comparison, of: clip, to: base + ".mp4", sceneHash: sceneHash, shard: nil, speed: metrics.speed, quality: quality, jobs: jobs)
    case .shards(let shards, let expected):
      guard shards.sceneHash == expected else {
        throw StageError.assembly([
          "\(shards.members[0].path): the shards are of another scene or settings than this review (scene hash \(shards.sceneHash.prefix(12)) vs \(expected.prefix(12)); settings \(shards.members[0].manifest.settings.joined(separator: " ")))"
        ])
      }
      try ShardAssembler.write(
        shards, outputs: ClipOutputs(mp4: base + ".mp4", quality: quality, mp4Place: .inOutputFolder), pipeline: FramePipeline(jobs: jobs),
        progress: ProgressBar(total: shards.frameCount))
    }
    try makeGIF()
    let encoder = PNGEncoder(level: 9, strategy: .default, filter: .adaptive)
    let sheet = try encoder.encode(try SheetMaker(choice: .atEvents, thumbnailWidth: 156, title: title).render(clip), name: base + "-sheet.png")
    try AtomicFile.write(sheet, to: base + "-sheet.png", place: .inOutputFolder)
    try AtomicFile.write(try encoder.encode(comparison.chart.render(), name: base + "-curves.png"), to: base + "-curves.png", place: .inOutputFolder)
    try AtomicFile.write(Array(metrics.json.canonicalText.utf8), to: base + "-metrics.json", place: .inOutputFolder)
    let extra: JSONObject = try match.map { ["match": try $0.write(base: base)] } ?? .empty
    let html = try ReviewPage.make(
      variants: [PlayerVariant(clip: pageClip, label: label)], title: title, sheetPNG: sheet, frames: pageFrames, extraData: extra,
      jobs: jobs)
    try AtomicFile.write(Array(html.utf8), to: base + ".html", place: .inOutputFolder)
    unlink(marker)
  }

  /// NAME.mp4's frames (or a shard's share, as PNGs into the folder `output`): the comparison's
  /// one cell without its label band, the clip itself plus overlays, padded to even size. The
  /// manifest lists the clip's events only at `speed` 1 (their times are motion seconds).
  public static func writeClip(
    _ comparison: Comparison, of clip: Clip, to output: String, sceneHash: String, shard: ShardOutput?, speed: Double,
    quality: ClipQuality, jobs: Int
  ) throws {
    let cell = comparison.grid.layout.frame(0)
    try ClipRequest(
      output: output, pixelWidth: cell.width + cell.width % 2, pixelHeight: cell.height + cell.height % 2,
      scale: clip.scale, fps: comparison.fps, frameCount: comparison.frameCount, events: speed == 1 ? clip.events : [],
      sceneHash: sceneHash, shard: shard, quality: quality, mp4Place: .inOutputFolder
    ).write(jobs: jobs) { n in
      let picture = try comparison.frame(n).cropped(to: cell)
      guard picture.width % 2 == 1 || picture.height % 2 == 1 else { return picture }
      var even = Bitmap(width: picture.width + picture.width % 2, height: picture.height + picture.height % 2)
      even.copy(picture, toX: 0, y: 0)
      return even
    }
  }

  /// scripts/make-gif MP4 GIF --width W [--max-size BYTES], its output passed through, dying
  /// with Flipbook (`ChildProcess.runScript`).
  private func makeGIF() throws {
    let arguments = [base + ".mp4", base + ".gif", "--width", String(gif.width)] + (gif.maxBytes.map { ["--max-size", String($0)] } ?? [])
    try ChildProcess.runScript(gif.script, name: "make-gif", arguments)
  }
}
