import Foundation

/// The output folder of `flipbook render`: `frame_%05d.png` files and `manifest.json`.
public struct FrameDirectory: Sendable {
  public let path: String

  /// Creates the folder (and its parents) when missing.
  public init(creating path: String) throws(StageError) {
    self.path = path
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw .write(path: path, reason: "cannot create the output folder (\(error.localizedDescription))")
    }
  }

  /// `frame_00042.png`; five digits at least, more for clips over 99,999 frames.
  public static func fileName(frame n: Int) -> String {
    let digits = String(n)
    return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
  }

  public func framePath(_ n: Int) -> String { path + "/" + Self.fileName(frame: n) }

  public var manifestPath: String { path + "/manifest.json" }

  /// Writes an encoded frame atomically (via `frame_NNNNN.png.tmp`).
  public func writeFrame(_ n: Int, bytes: [UInt8]) throws(StageError) {
    try AtomicFile.write(bytes, to: framePath(n))
  }

  /// Writes `manifest.json` atomically; call it last, after every frame is in place.
  public func writeManifest(_ manifest: Manifest) throws(StageError) {
    try AtomicFile.write(manifest.bytes, to: manifestPath)
  }
}
