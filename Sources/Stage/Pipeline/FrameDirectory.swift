import Foundation

/// The output folder of `flipbook render`: `frame_%05d.png` files and `manifest.json`, owned by
/// one render (or by the shards of one clip) while it runs, through a `FolderLock`.
public struct FrameDirectory: Sendable {
  public let path: String
  /// Held until the directory is released (`finish`) or the process ends.
  public let lock: FolderLock

  /// Creates the folder (and its parents) when missing and takes it for the frames `frames`
  /// of the clip `manifest` describes (see `FolderLock` for what is removed first).
  public init(claiming path: String, for manifest: Manifest) throws(StageError) {
    self.path = path
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
      throw .write(path: path, reason: "it exists and is not a folder; -o takes a folder for the frames")
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw .write(path: path, reason: "cannot create the output folder (\(error.localizedDescription))")
    }
    lock = try FolderLock(
      folder: path, sceneHash: manifest.sceneHash, frameCount: manifest.frameCount, frames: manifest.frames)
  }

  /// Takes `path` for the whole clip with `sceneHash` and `frameCount` frames (`assemble`).
  public init(claiming path: String, sceneHash: String, frameCount: Int) throws(StageError) {
    try self.init(
      claiming: path,
      for: Manifest(
        fps: 1, pixelWidth: 1, pixelHeight: 1, scale: 1, frameCount: frameCount, frames: 0...(frameCount - 1),
        sceneHash: sceneHash, events: []))
  }

  /// `frame_00042.png`; five digits at least, more for clips over 99,999 frames.
  public static func fileName(frame n: Int) -> String {
    let digits = String(n)
    return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
  }

  /// The frame number of a `frame_NNNNN.png` name (five digits or more), or nil.
  public static func frameNumber(_ name: String) -> Int? {
    guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
    let digits = name.dropFirst(6).dropLast(4)
    guard digits.count >= 5, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(digits)
  }

  /// An unfinished temporary of a frame, the manifest or a shard's manifest (from a render that
  /// was killed).
  static func isTemporary(_ name: String) -> Bool {
    guard let dot = name.range(of: ".png.") ?? name.range(of: ".json.") else { return false }
    let base = String(name[..<dot.upperBound].dropLast())
    guard base == "manifest.json" || frameNumber(base) != nil || Shard.fromManifestName(base) != nil else { return false }
    return AtomicFile.isTemporary(name, of: base)
  }

  public func framePath(_ n: Int) -> String { path + "/" + Self.fileName(frame: n) }

  public var manifestPath: String { path + "/manifest.json" }

  /// Writes an encoded frame atomically (via a unique `frame_NNNNN.png.<pid>-<random>.tmp`).
  public func writeFrame(_ n: Int, bytes: [UInt8]) throws(StageError) {
    try AtomicFile.write(bytes, to: framePath(n), place: .inOutputFolder)
  }

  /// Writes `manifest.json` atomically; call it last, after every frame is in place.
  public func writeManifest(_ manifest: Manifest) throws(StageError) {
    try AtomicFile.write(manifest.bytes, to: manifestPath, place: .inOutputFolder)
  }

  /// Gives the folder back to other renders.
  public func finish() { lock.release() }
}
