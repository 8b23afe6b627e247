import Foundation

/// A render of one shard (`--shard K/N`): which shard, and what its manifest says about the
/// clip. `ClipWriter` hashes each frame file as it writes it and, once every frame is in place,
/// writes `shard-K-of-N.json` (a `ShardManifest`) instead of `manifest.json`.
public struct ShardOutput: Sendable {
  public var shard: Shard
  /// The scene file, as the command line named it.
  public var scene: String
  /// The settings that change pixels, as hashed into the scene hash.
  public var settings: [String]

  public init(shard: Shard, scene: String, settings: [String]) {
    self.shard = shard; self.scene = scene; self.settings = settings
  }
}

/// Collects the frame hashes of a shard from the worker threads.
final class ShardRecorder: @unchecked Sendable {
  let output: ShardOutput
  private let lock = NSLock()
  private var hashes: [Int: String] = [:]

  init(_ output: ShardOutput) { self.output = output }

  func record(frame n: Int, bytes: [UInt8]) {
    let hex = ContentHash.hex(bytes)
    lock.lock()
    hashes[n] = hex
    lock.unlock()
  }

  /// Removes the shard's old manifest before its frames are rewritten, so a folder never shows a
  /// finished shard over frames that are being replaced.
  func removeOldManifest(in directory: FrameDirectory) throws(StageError) {
    let path = directory.path + "/" + output.shard.manifestName
    guard unlink(path) == 0 || errno == ENOENT else {
      throw .write(path: path, reason: "cannot remove the shard's old manifest (\(AtomicFile.errnoText()))")
    }
  }

  /// Writes `shard-K-of-N.json` for `manifest` (this shard's frames) into `directory`.
  func writeManifest(_ manifest: Manifest, in directory: FrameDirectory) throws(StageError) {
    var whole = manifest
    whole.frames = 0...(manifest.frameCount - 1)
    lock.lock()
    let frames = manifest.frames.map { (number: $0, sha256: hashes[$0] ?? "") }
    lock.unlock()
    let shard = ShardManifest(shard: output.shard, clip: whole.json, frames: frames, scene: output.scene, settings: output.settings)
    try AtomicFile.write(shard.bytes, to: directory.path + "/" + output.shard.manifestName, place: .inOutputFolder)
  }
}
