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

  private let store: LRUStore<Key, Mask>
  /// Upper bound on the cached coverage, in bytes.
  public var byteLimit: Int { store.byteLimit }

  public init(byteLimit: Int) { store = LRUStore(byteLimit: byteLimit) }

  /// Empties the cache.
  public func removeAll() { store.removeAll() }

  /// The number of cached masks (for tests).
  public var count: Int { store.count }

  /// The mask for `paint` of `path` through `transform` within `limit`: cached, or made by
  /// `make` and kept.
  func mask(_ path: Path, _ paint: Paint, transform t: AffineTransform, limit: PixelRect, make: () -> Mask) -> Mask {
    let key = Key(path: path, paint: paint, transform: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(\.bitPattern), limit: limit)
    if let mask = store.value(for: key) { return mask }
    let mask = make()
    store.insert(mask, bytes: mask.bounds.area + 64, for: key)
    return mask
  }
}
