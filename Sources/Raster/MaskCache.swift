import class Foundation.NSLock
import Geometry

/// Coverage masks of shape contents (symbols, `path:` views) kept across frames: when the
/// same path is filled or stroked through the same transform within the same limit again
/// (a tab bar's icons in every frame of a clip), its mask is reused instead of flattened,
/// stroked and rasterized again.
///
/// Deterministic: an entry holds exactly the mask that rasterizing produces for its key (the
/// path, the fill rule or stroke style, the transform's exact bits and the pixel limit), so a
/// frame's bytes do not depend on what was cached. Bounded by bytes, least recently used
/// first out; thread-safe.
public final class MaskCache: @unchecked Sendable {
  /// The cache `LayerRenderer` uses unless told otherwise.
  public static let shared = MaskCache(byteLimit: 16 << 20)

  enum Paint: Hashable {
    case fill(Path.FillRule)
    case stroke(StrokeStyle)
  }

  struct Key: Hashable {
    var path: Path
    var paint: Paint
    var transform: [UInt64]
    var limit: PixelRect
  }

  private final class Entry {
    let mask: Mask
    var lastUse = 0
    init(_ mask: Mask) { self.mask = mask }
  }

  /// Upper bound on the cached coverage, in bytes.
  public let byteLimit: Int
  private let lock = NSLock()
  private var entries: [Key: Entry] = [:]
  private var bytes = 0
  private var clock = 0

  public init(byteLimit: Int) { self.byteLimit = byteLimit }

  /// Empties the cache.
  public func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    entries = [:]
    bytes = 0
  }

  /// The number of cached masks (for tests).
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  /// The mask for `paint` of `path` through `transform` within `limit`: cached, or made by
  /// `make` and kept.
  func mask(_ path: Path, _ paint: Paint, transform t: AffineTransform, limit: PixelRect, make: () -> Mask) -> Mask {
    let key = Key(path: path, paint: paint, transform: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(\.bitPattern), limit: limit)
    lock.lock()
    clock += 1
    if let e = entries[key] {
      e.lastUse = clock
      lock.unlock()
      return e.mask
    }
    lock.unlock()
    let mask = make()
    let size = mask.bounds.area + 64
    guard size <= byteLimit / 4 else { return mask }
    lock.lock()
    defer { lock.unlock() }
    clock += 1
    let entry = Entry(mask)
    entry.lastUse = clock
    if let old = entries.removeValue(forKey: key) { bytes -= old.mask.bounds.area + 64 }
    while bytes + size > byteLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      bytes -= oldest.value.mask.bounds.area + 64
      entries.removeValue(forKey: oldest.key)
    }
    entries[key] = entry
    bytes += size
    return mask
  }
}
