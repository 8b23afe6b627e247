/// Whole frames kept across renders: a frame whose layer tree equals one rendered before (a
/// clip's held frames after everything settles, the still screen before the finger lands) is
/// the earlier frame's pixels, shared (copy-on-write), instead of drawn again.
///
/// Deterministic: an entry holds the tree it was drawn from, the canvas size and the scale,
/// and is used only when all of them are equal (`Layer` is `Hashable`: every field that
/// draws, images by identity), so the pixels are the ones drawing would produce and a frame's
/// bytes do not depend on what was cached or in which order frames were rendered. A tree is
/// kept the second time it is seen, so a frame that never repeats costs one hash of its tree.
/// Bounded by bytes, least recently used first out; thread-safe.
public final class FrameCache: @unchecked Sendable {
  /// The cache `Bitmap(width:height:rendering:scale:)` uses unless told otherwise: a few
  /// frames of a 3x iPhone canvas (about 12 MB each).
  public static let shared = FrameCache(byteLimit: 96 << 20)

  struct Key: Hashable {
    var tree: Int
    var width: Int, height: Int
    var scale: UInt64
  }

  final class Frame: Sendable {
    let root: Layer
    let pixels: [UInt8]
    init(root: Layer, pixels: [UInt8]) { self.root = root; self.pixels = pixels }
  }

  private let store: LRUStore<Key, Frame>
  /// Upper bound on the kept pixels, in bytes.
  public var byteLimit: Int { store.byteLimit }

  public init(byteLimit: Int) { store = LRUStore(byteLimit: byteLimit, admitsOnSecondSighting: true) }

  /// Empties the cache.
  public func removeAll() { store.removeAll() }

  /// The number of kept frames (for tests).
  public var count: Int { store.count }

  enum Lookup {
    /// The pixels of an equal tree drawn at the same size and scale.
    case hit([UInt8])
    /// Seen before: draw, then `insert`.
    case store(Key)
    /// First sighting: draw as usual.
    case miss
  }

  func lookup(_ root: Layer, width: Int, height: Int, scale: Double) -> Lookup {
    let key = Key(tree: root.hashValue, width: width, height: height, scale: scale.bitPattern)
    switch store.lookup(key) {
    case .hit(let frame): return frame.root == root ? .hit(frame.pixels) : .store(key)
    case .seenBefore: return .store(key)
    case .firstSighting: return .miss
    }
  }

  func insert(_ pixels: [UInt8], of root: Layer, for key: Key) {
    store.insert(Frame(root: root, pixels: pixels), bytes: pixels.count, for: key)
  }
}
