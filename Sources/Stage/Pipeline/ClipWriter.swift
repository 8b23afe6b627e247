import Raster
import YUV

/// Where a render goes: PNG frames plus `manifest.json` in a folder, an MP4 clip, or both.
public struct ClipOutputs: Sendable {
  /// Folder for `frame_%05d.png` and `manifest.json`; nil to skip PNGs.
  public var directory: String?
  /// Path of an MP4 clip fed with raw frames while rendering; nil to skip.
  public var mp4: String?
  /// The encoder preset of the MP4.
  public var quality: ClipQuality
  /// Whether the user named `mp4` (a link there is followed) or Flipbook named it inside an
  /// output folder (a link there is refused).
  public var mp4Place: AtomicFile.Place

  public init(directory: String? = nil, mp4: String? = nil, quality: ClipQuality = .review, mp4Place: AtomicFile.Place = .named) {
    self.directory = directory
    self.mp4 = mp4
    self.quality = quality
    self.mp4Place = mp4Place
  }

  /// Before anything is written: something to write, the interrupt handler installed, the MP4
  /// path checked and ffmpeg and ffprobe found.
  func checkBeforeWriting() throws(StageError) {
    guard directory != nil || mp4 != nil else {
      throw .invalidSetting("nothing to write: give an output folder (-o) or an MP4 path (--mp4)")
    }
    InterruptCleanup.shared.install()
    if let path = mp4 { _ = try MP4Writer.check(path, place: mp4Place) }
  }
}

/// Renders `manifest.frames` through a `FramePipeline` into `outputs`.
///
/// Before the first frame: the MP4 path is checked and ffmpeg and ffprobe looked up, then the
/// folder is taken (`FrameDirectory`, `FolderLock`: a second render into it fails, the old
/// manifest and another clip's frames are removed). PNG frames are encoded and written on the
/// worker threads (a frame whose pixels equal a recent frame's reuses its bytes:
/// `RepeatedFrames`); for the MP4 (if any) they are converted to yuv420p on the worker threads too
/// (`YUV420Frame`), and ffmpeg receives them in order as they complete.
/// `manifest.json` is written last, only when every frame (and the verified clip) is in place,
/// and then the folder is released. On failure, frames already complete stay, no `.tmp`
/// file or partial clip remains, no manifest is written, and the error names the frame.
/// The same holds when the render is stopped by SIGINT, SIGTERM or SIGHUP (`InterruptCleanup`).
///
/// With `shard`, `manifest.frames` is the shard's range and the folder gets `shard-K-of-N.json`
/// (each frame file's SHA-256 and the whole clip's manifest) last instead of `manifest.json`.
public enum ClipWriter {
  public static func render(
    manifest: Manifest,
    outputs: ClipOutputs,
    pipeline: FramePipeline,
    frame: @escaping @Sendable (Int) throws -> Bitmap,
    encode: @escaping @Sendable (Bitmap) throws -> [UInt8],
    progress: ProgressBar? = nil,
    shard: ShardOutput? = nil
  ) throws(StageError) {
    try outputs.checkBeforeWriting()
    var directory: FrameDirectory?
    if let path = outputs.directory { directory = try FrameDirectory(claiming: path, for: manifest) }
    defer { directory?.finish() }
    let recorder = shard.map(ShardRecorder.init)
    if let recorder {
      guard let directory, outputs.mp4 == nil else { throw .invalidSetting("a shard writes PNG frames into a folder (-o DIR), not an MP4") }
      try recorder.removeOldManifest(in: directory)
    }
    let width = manifest.pixelWidth, height = manifest.pixelHeight
    let checked: @Sendable (Int) throws -> Bitmap = { n in
      let bitmap = try frame(n)
      guard bitmap.width == width, bitmap.height == height else {
        throw StageError.frame(n, reason: "rendered \(bitmap.width)x\(bitmap.height) px, expected \(width)x\(height)")
      }
      return bitmap
    }
    var eachFrame: (@Sendable (Int, Bitmap) throws -> Void)?
    if let dir = directory {
      // A frame equal to a recent one (a hold) reuses its PNG bytes: same bytes, no encoding.
      let repeated = RepeatedFrames<[UInt8]>(capacity: min(pipeline.jobs + 1, 4))
      eachFrame = { n, bitmap in
        let bytes = try repeated.value(for: bitmap, make: encode)
        try dir.writeFrame(n, bytes: bytes)
        recorder?.record(frame: n, bytes: bytes)
      }
    }
    var mp4: MP4Writer?
    var prepare: (@Sendable (Int, Bitmap) throws -> YUV420Frame)?
    var inOrder: (@Sendable (Int, YUV420Frame) throws -> Void)?
    if let path = outputs.mp4 {
      let writer = try MP4Writer(path: path, place: outputs.mp4Place, width: width, height: height, fps: manifest.fps, quality: outputs.quality)
      mp4 = writer
      prepare = { _, bitmap in try writer.convert(bitmap) }
      inOrder = { _, frame in try writer.write(frame) }
    }
    var onProgress: (@Sendable (Int) -> Void)?
    if let bar = progress { onProgress = { done in bar.update(done) } }
    do {
      try pipeline.run(
        frames: manifest.frames, render: checked, eachFrame: eachFrame, prepare: prepare, inOrder: inOrder, progress: onProgress)
      progress?.finish()
      try mp4?.finish()
    } catch let error {
      progress?.finish()
      mp4?.abort()
      throw error
    }
    if let recorder, let directory {
      try recorder.writeManifest(manifest, in: directory)
    } else {
      try directory?.writeManifest(manifest)
    }
  }
}
