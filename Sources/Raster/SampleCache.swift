import Geometry

/// Resampled image pixels kept across frames: when the same image is drawn through the same
/// transform over the same device pixels again (a photo grid that stays put while another
/// screen animates over it), its bilinear/trilinear samples are copied instead of computed.
///
/// Deterministic: an entry holds exactly what sampling produces for its key (the image's
/// identity, the texel→device transform's exact bits and the pixel region), so a frame's
/// bytes do not depend on what was cached or in which order frames were rendered. A key is
/// stored only the second time it is seen, so a moving image (a new transform every frame)
/// costs nothing but a lookup. Bounded by bytes, least recently used first out; thread-safe.
public final class SampleCache: @unchecked Sendable {
  /// The cache `LayerRenderer` uses unless told otherwise.
  public static let shared = SampleCache(byteLimit: 96 << 20)

  struct Key: Hashable {
    var image: ObjectIdentifier
    var transform: [UInt64]
    var region: PixelRect
  }

  /// One image's samples over a region, row-major, `region.width` pixels per row.
  final class Samples: @unchecked Sendable {
    let pixels: UnsafeMutablePointer<UInt32>
    let count: Int
    let image: Image  // keeps the identity in the key from being reused while cached

    init(count: Int, image: Image) {
      self.count = count
      self.image = image
      pixels = .allocate(capacity: max(count, 1))
    }

    deinit { pixels.deallocate() }
  }

  private let store: LRUStore<Key, Samples>
  /// Upper bound on the cached pixels, in bytes.
  public var byteLimit: Int { store.byteLimit }

  public init(byteLimit: Int) { store = LRUStore(byteLimit: byteLimit, admitsOnSecondSighting: true) }

  /// Empties the cache.
  public func removeAll() { store.removeAll() }

  /// The number of cached sample sets (for tests).
  public var count: Int { store.count }

  enum Lookup {
    /// Cached samples.
    case hit(Samples)
    /// Seen before: sample into a new entry and `insert` it.
    case store
    /// First sighting: sample as usual.
    case miss
  }

  func lookup(_ key: Key) -> Lookup {
    switch store.lookup(key) {
    case .hit(let samples): return .hit(samples)
    case .seenBefore: return .store
    case .firstSighting: return .miss
    }
  }

  func insert(_ samples: Samples, for key: Key) { store.insert(samples, bytes: samples.count * 4, for: key) }

  static func key(_ image: Image, _ transform: Geometry.AffineTransform, _ region: PixelRect) -> Key {
    Key(
      image: ObjectIdentifier(image),
      transform: [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(\.bitPattern),
      region: region)
  }
}
