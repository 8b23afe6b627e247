import Foundation
import PNG
import Raster

/// Decoded assets kept between loads of a scene (the preview loads it again on every save),
/// and with a `DecodedImageStore` also between runs: a file is decoded again only when it
/// changed. An entry is found by the file's resolved path and used only while the file is the
/// same one: same device and inode, same size, same modification time and same status-change
/// time (nanoseconds). A file written again, renamed
/// over, or touched back to its old modification time changes at least its inode or its
/// status-change time, which no program can set back, so it is decoded again.
///
/// The file is looked at before and after it is decoded; what it held is kept only when the
/// two agree (a file written while it was read is decoded again next time). Decoding failures
/// are not kept. Bounded: at most `maxBytes` of decoded pixels (4 bytes a pixel), the least
/// recently used entries dropped first. Thread-safe: files are decoded outside the lock, so
/// several threads decode different files at once.
///
/// A kept `Image` is the same object in every load, so layer trees of two loads compare equal
/// where they draw the same photo (`Layer`'s `==` compares images by identity), and its mipmap
/// levels, built on first need, are built once.
public final class AssetCache: @unchecked Sendable {
  /// What a file is, as far as its decoded pixels go.
  struct Identity: Equatable {
    var device: UInt64, inode: UInt64, size: Int64
    var modified: (Int, Int), changed: (Int, Int)

    static func == (a: Identity, b: Identity) -> Bool {
      a.device == b.device && a.inode == b.inode && a.size == b.size
        && a.modified == b.modified && a.changed == b.changed
    }

    /// The file's identity now, or nil when it cannot be looked at.
    static func of(_ path: String) -> Identity? {
      var s = stat()
      guard stat(path, &s) == 0 else { return nil }
      return Identity(
        device: UInt64(s.st_dev), inode: UInt64(s.st_ino), size: Int64(s.st_size),
        modified: (Int(s.st_mtim.tv_sec), Int(s.st_mtim.tv_nsec)),
        changed: (Int(s.st_ctim.tv_sec), Int(s.st_ctim.tv_nsec)))
    }
  }

  private struct Entry {
    var identity: Identity
    var image: Image
    var bytes: Int
    var lastUse: Int
  }

  /// The most decoded pixel bytes kept.
  public let maxBytes: Int
  private let lock = NSLock()
  private var entries: [String: Entry] = [:]
  private var bytes = 0
  private var clock = 0
  private var decodeCount = 0

  /// Decoded photos on disk, asked after a miss here and filled after a decode (nil: none).
  public let store: DecodedImageStore?
  private var storeHitCount = 0

  /// - Parameters:
  ///   - maxBytes: the most decoded pixel bytes kept in memory (default 512 MiB).
  ///   - store: decoded photos kept on disk between runs (`DecodedImageStore.standard` for the
  ///     user's cache folder), or nil.
  public init(maxBytes: Int = 512 << 20, store: DecodedImageStore? = nil) {
    self.maxBytes = max(0, maxBytes)
    self.store = store
  }

  /// Files decoded so far, for tests and benchmarks.
  public var decodes: Int { lock.withLock { decodeCount } }

  /// Files read from `store` instead of decoded, for tests and benchmarks.
  public var storeHits: Int { lock.withLock { storeHitCount } }

  /// Decoded pixel bytes kept now.
  public var keptBytes: Int { lock.withLock { bytes } }

  /// The decoded file at `path` (a resolved path): the kept image while the file is the one
  /// it was decoded from, else the file decoded now (and kept, when it did not change
  /// meanwhile and fits).
  public func image(contentsOf path: String) throws(PNGError) -> Image {
    let before = Identity.of(path)
    if let before {
      let kept: Image? = lock.withLock {
        guard var e = entries[path], e.identity == before else { return nil }
        clock += 1
        e.lastUse = clock
        entries[path] = e
        return e.image
      }
      if let kept { return kept }
    }
    if let before, let store, let bitmap = store.load(path, before) {
      lock.withLock { storeHitCount += 1 }
      let image = Image(bitmap)
      keep(image, at: path, identity: before)
      return image
    }
    lock.withLock { decodeCount += 1 }
    let bitmap = try PNGDecoder().decode(contentsOf: path)
    let image = Image(bitmap)
    guard let before, Identity.of(path) == before else { return image }
    keep(image, at: path, identity: before)
    store?.save(bitmap, path, before)
    return image
  }

  private func keep(_ image: Image, at path: String, identity: Identity) {
    let size = image.width * image.height * 4
    lock.lock()
    defer { lock.unlock() }
    if let old = entries.removeValue(forKey: path) { bytes -= old.bytes }
    guard size <= maxBytes else { return }
    while bytes + size > maxBytes, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      bytes -= oldest.value.bytes
      entries[oldest.key] = nil
    }
    clock += 1
    entries[path] = Entry(identity: identity, image: image, bytes: size, lastUse: clock)
    bytes += size
  }
}
