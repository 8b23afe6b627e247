import Foundation
import Geometry

/// Backdrop results kept across frames: when a material bar is drawn again over exactly the
/// same pixels (a tab bar over a grid that stays put while another screen animates over it),
/// its composited pixels are copied instead of blurred again; over the same pixels at another
/// opacity or coverage (a navigation bar fading in over a still grid), the kept blur is
/// composited again without blurring.
///
/// Deterministic: a backdrop's blurred, saturated and tinted grid is a function of the
/// bitmap's pixels inside its input rectangle (the region grown by the blur's reach, clamped
/// to the bitmap: every pixel the blur or the composite reads) and the parameters; its output
/// bytes are a function of those, the region's coverage and the opacity. An entry holds all
/// of these exactly; it is used only when every byte matches, so a frame's bytes do not
/// depend on what was cached or in which order frames were rendered. Comparing costs one pass
/// over the input (about a tenth of blurring it). Bounded by bytes, least recently used first
/// out; thread-safe.
public final class BackdropCache: @unchecked Sendable {
  /// The cache `LayerRenderer` uses unless told otherwise.
  public static let shared = BackdropCache(byteLimit: 48 << 20)

  struct Key: Hashable {
    var region: PixelRect
    var input: PixelRect
    var sigma: UInt64
    var backdrop: Backdrop
  }

  /// One backdrop draw: what it read, its blur, and what it wrote.
  final class Entry: Sendable {
    /// The bitmap's pixels in `key.input`, row-major.
    let input: [UInt8]
    /// The blurred, saturated and tinted grid of those pixels.
    let blur: BackdropBlur
    /// The coverage of `key.region`, row-major, and the opacity (bit pattern) it was drawn at.
    let coverage: [UInt8]
    let opacity: UInt64
    /// The composited pixels of `key.region`, row-major.
    let output: [UInt8]
    var bytes: Int { input.count + coverage.count + output.count + blur.bytes }

    init(input: [UInt8], blur: BackdropBlur, coverage: [UInt8], opacity: UInt64, output: [UInt8]) {
      self.input = input; self.blur = blur; self.coverage = coverage; self.opacity = opacity; self.output = output
    }

    /// Whether the output was composited at this coverage and opacity.
    func drew(coverage other: [UInt8], opacity o: UInt64) -> Bool {
      opacity == o && BackdropCache.equal(coverage, other)
    }
  }

  private let store: LRUStore<Key, Entry>
  /// Upper bound on the cached bytes.
  public var byteLimit: Int { store.byteLimit }

  /// A draw is kept the second time its key (region, input rectangle and parameters) is
  /// seen, so a bar that moves every frame (a tab bar sliding in) is never copied.
  public init(byteLimit: Int) { store = LRUStore(byteLimit: byteLimit, admitsOnSecondSighting: true) }

  /// Empties the cache.
  public func removeAll() { store.removeAll() }

  /// The number of cached backdrops (for tests).
  public var count: Int { store.count }

  /// What a draw does with the cache.
  enum Lookup {
    /// An entry whose input equals the bitmap's pixels.
    case hit(Entry)
    /// No such entry, but the key was seen before (or its entry read other pixels): keep
    /// what is drawn (`insert`).
    case store
    /// The key's first sighting: draw without keeping anything.
    case skip
  }

  /// The entry for `key` whose input equals `bitmap`'s pixels, if any; else whether to keep
  /// the draw.
  func lookup(_ key: Key, bitmap: Bitmap) -> Lookup {
    switch store.lookup(key) {
    case .hit(let entry): return Self.equal(entry.input, bitmap, key.input) ? .hit(entry) : .store
    case .seenBefore: return .store
    case .firstSighting: return .skip
    }
  }

  func insert(_ entry: Entry, for key: Key) { store.insert(entry, bytes: entry.bytes, for: key) }

  /// The bitmap's pixels in `rect` (inside the bitmap), row-major.
  static func copy(_ bitmap: Bitmap, _ rect: PixelRect) -> [UInt8] {
    let rowBytes = rect.width * 4
    if rect.isEmpty { return [] }
    // Every byte is written by the row copies (no zeroing first).
    return [UInt8](unsafeUninitializedCapacity: rowBytes * rect.height) { dst, count in
      bitmap.pixels.withUnsafeBytes { src in
        for r in 0..<rect.height {
          let from = src.baseAddress! + ((rect.y + r) * bitmap.width + rect.x) * 4
          UnsafeMutableRawPointer(dst.baseAddress! + r * rowBytes).copyMemory(from: from, byteCount: rowBytes)
        }
      }
      count = rowBytes * rect.height
    }
  }

  /// Whether two byte arrays are equal (memcmp; Array's == compares element by element).
  static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count && a.withUnsafeBytes { pa in b.withUnsafeBytes { pb in a.isEmpty || memcmp(pa.baseAddress!, pb.baseAddress!, a.count) == 0 } }
  }

  /// Whether `stored` holds exactly the bitmap's pixels in `rect`.
  static func equal(_ stored: [UInt8], _ bitmap: Bitmap, _ rect: PixelRect) -> Bool {
    let rowBytes = rect.width * 4
    guard stored.count == rowBytes * rect.height else { return false }
    return bitmap.pixels.withUnsafeBytes { src in
      stored.withUnsafeBytes { s in
        for r in 0..<rect.height {
          let from = src.baseAddress! + ((rect.y + r) * bitmap.width + rect.x) * 4
          if memcmp(from, s.baseAddress! + r * rowBytes, rowBytes) != 0 { return false }
        }
        return true
      }
    }
  }
}
