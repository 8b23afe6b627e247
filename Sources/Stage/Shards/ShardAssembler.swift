import Foundation
import PNG
import Raster

/// `flipbook assemble`: the outputs one render of the whole clip would have written, made from
/// checked shards (`ShardSet`).
///
/// - Into a folder: the frame files, copied byte for byte (skipped when a shard already wrote
///   into that folder), then `manifest.json`, the whole clip's manifest each shard carries,
///   byte-identical to the one a single `render` writes. The folder is taken as a whole render
///   takes it (`FolderLock`: exclusively, another clip's frames removed first), and the
///   manifest comes last.
/// - An MP4: the frames decoded from their PNGs and fed through `ClipWriter`, the path
///   `render --mp4` takes with the same `outputs.quality`, so the clip is the same bytes as
///   that render's.
///
/// Every frame's SHA-256 is checked again as it is read, so a file changed after `ShardSet`
/// checked it fails the assembly (naming the frame) instead of entering the clip.
public enum ShardAssembler {
  public static func write(
    _ shards: ShardSet, outputs: ClipOutputs, pipeline: FramePipeline, progress: ProgressBar? = nil
  ) throws(StageError) {
    try outputs.checkBeforeWriting()
    var directory: FrameDirectory?
    if let path = outputs.directory {
      directory = try FrameDirectory(claiming: path, sceneHash: shards.sceneHash, frameCount: shards.frameCount)
    }
    defer { directory?.finish() }
    let frames = 0...(shards.frameCount - 1)
    if let directory {
      for n in frames {
        let source = shards.source(frame: n)
        if sameFile(source.path, directory.framePath(n)) { continue }
        try directory.writeFrame(n, bytes: try read(n, source))
      }
    }
    if let mp4 = outputs.mp4 {
      let manifest = try clipManifest(shards)
      try ClipWriter.render(
        manifest: manifest, outputs: ClipOutputs(mp4: mp4, quality: outputs.quality, mp4Place: outputs.mp4Place), pipeline: pipeline,
        frame: { n in
          let source = shards.source(frame: n)
          return try PNGDecoder().decode(try read(n, source), name: source.path)
        },
        encode: { _ in [] }, progress: progress)
    }
    if let directory {
      try AtomicFile.write(shards.members[0].manifest.clipBytes, to: directory.manifestPath, place: .inOutputFolder)
    }
  }

  /// The frame's bytes, checked against the SHA-256 its shard recorded.
  private static func read(_ n: Int, _ source: (path: String, sha256: String)) throws(StageError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: source.path) else {
      throw .frame(n, reason: "\(source.path) is gone")
    }
    let bytes = [UInt8](data)
    guard ContentHash.hex(bytes) == source.sha256 else {
      throw .frame(n, reason: "\(source.path) changed after its shard was checked (its SHA-256 differs)")
    }
    return bytes
  }

  /// What `ClipWriter` needs of the clip for its MP4: size, rate, frames.
  private static func clipManifest(_ shards: ShardSet) throws(StageError) -> Manifest {
    let clip = shards.clip
    guard let fps = clip["fps"]?.doubleValue, let width = clip["pixelSize"]?["width"]?.intValue,
      let height = clip["pixelSize"]?["height"]?.intValue, let scale = clip["scale"]?.doubleValue
    else {
      throw .assembly(["\(shards.members[0].path): its manifest lacks fps, pixelSize or scale"])
    }
    return Manifest(
      fps: fps, pixelWidth: width, pixelHeight: height, scale: scale, frameCount: shards.frameCount,
      frames: 0...(shards.frameCount - 1), sceneHash: shards.sceneHash, events: [])
  }

  /// Whether two paths name the same file (device and inode).
  private static func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat(), sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }
}
