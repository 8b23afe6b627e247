import Foundation
import Scene

/// The scene hash in `manifest.json`: SHA-256 over the scene file's bytes, every asset's
/// bytes (in declaration order, with its name) and the settings that change pixels
/// (variant, `--set`s in order, fps, scale, PNG level). Each part is length-prefixed, so
/// no two different inputs frame into the same byte string. Job count and frame range are
/// left out: every shard of one clip carries the same hash.
public enum SceneHash {
  public static func compute(document: SceneDocument, settings: [String]) throws(StageError) -> String {
    var h = ContentHash()
    func part(_ bytes: [UInt8]) {
      var n = UInt64(bytes.count)
      h.update((0..<8).map { _ in defer { n >>= 8 }; return UInt8(truncatingIfNeeded: n) })
      h.update(bytes)
    }
    func file(_ path: String) throws(StageError) -> [UInt8] {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw .invalidSetting("cannot read \(path) to hash it")
      }
      return [UInt8](data)
    }
    part(Array("flipbook-scene-hash-1".utf8))
    part(try file(document.file))
    for asset in document.assets {
      part(Array(asset.name.utf8))
      part(try file(asset.resolvedPath))
    }
    for s in settings { part(Array(s.utf8)) }
    return h.hexDigest()
  }
}
