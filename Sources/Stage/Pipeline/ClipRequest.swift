import Foundation
import PNG
import Raster

/// One clip to write through `ClipWriter`: `frameCount` frames of `pixelWidth` x `pixelHeight`
/// pixels at `fps`, to an MP4 (`output` ends in .mp4) or to a frame folder with manifest.json.
/// With `shard`, only its frames, into the folder `output`, with `shard-K-of-N.json`.
public struct ClipRequest: Sendable {
  /// The MP4's path, or the frame folder.
  public var output: String
  /// Frame size in pixels.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// Pixels per point.
  public var scale: Double
  /// Frames per second of the clip.
  public var fps: Double
  /// Frames in the whole clip (a shard writes only its share of them).
  public var frameCount: Int
  /// The events the manifest lists (times in seconds).
  public var events: [ClipEvent]
  /// `SceneHash` of the scene and the settings that change pixels (never --jobs, -o or --shard).
  public var sceneHash: String
  /// Only this share of the frames, as PNGs into the folder `output`.
  public var shard: ShardOutput?
  /// The MP4's encoder preset.
  public var quality: ClipQuality
  /// Where the MP4 is (`AtomicFile.Place`: a path the user named, or one inside an output folder).
  public var mp4Place: AtomicFile.Place

  public init(
    output: String, pixelWidth: Int, pixelHeight: Int, scale: Double, fps: Double, frameCount: Int,
    events: [ClipEvent], sceneHash: String, shard: ShardOutput? = nil, quality: ClipQuality = .review,
    mp4Place: AtomicFile.Place = .named
  ) {
    self.output = output; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.scale = scale
    self.fps = fps; self.frameCount = frameCount; self.events = events; self.sceneHash = sceneHash
    self.shard = shard; self.quality = quality; self.mp4Place = mp4Place
  }

  /// Renders the frames of `frame` (frame number -> bitmap) on `jobs` threads and writes them,
  /// showing a progress bar.
  public func write(jobs: Int, frame: @escaping @Sendable (Int) throws -> Bitmap) throws {
    let frames = try shard.map { s throws(StageError) in try s.shard.frames(of: frameCount) } ?? 0...(frameCount - 1)
    let manifest = Manifest(
      fps: fps, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, frameCount: frameCount,
      frames: frames, sceneHash: sceneHash, events: events)
    let isMP4 = shard == nil && output.lowercased().hasSuffix(".mp4")
    if isMP4 {
      let dir = (output as NSString).deletingLastPathComponent
      if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
    }
    try ClipWriter.render(
      manifest: manifest, outputs: isMP4 ? ClipOutputs(mp4: output, quality: quality, mp4Place: mp4Place) : ClipOutputs(directory: output),
      pipeline: FramePipeline(jobs: jobs), frame: frame,
      encode: frameEncoder(jobs: jobs), progress: ProgressBar(total: frames.count), shard: shard)
  }
}

/// PNG frames as every command writes them: `PNGEncoder.frames` at zlib `level`, each frame's
/// strips compressed on up to `jobs` threads and reused from the last few frames where their
/// pixels are equal (`PNGStripCache`; the same bytes as without it).
public func frameEncoder(level: Int = PNGEncoder.frames.level, jobs: Int) -> @Sendable (Bitmap) throws -> [UInt8] {
  let encoder = PNGEncoder.frames.atLevel(level)
  let cache = PNGStripCache(frames: min(jobs + 1, 3))
  return { try encoder.encode($0, cache: cache, threads: jobs) }
}
