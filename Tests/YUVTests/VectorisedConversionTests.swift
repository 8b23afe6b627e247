import Raster
import Testing
import YUV

/// `YUV420Frame(converting:)` (sixteen pixels at a time, 16-bit and `Float` lanes, split sums)
/// against `PerPixelConversion`, the plain per-pixel version in 64-bit integers: every byte equal,
/// on random bitmaps of odd and even sizes (the vector loops' tails, the padding) and on the
/// extremes that give the largest intermediate sums.
@Suite struct VectorisedConversionTests {
  /// SplitMix64, so every run tests the same bitmaps.
  struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  func bitmap(_ w: Int, _ h: Int, _ rng: inout Seeded, byte: (inout Seeded) -> UInt8) -> Bitmap {
    Bitmap(width: w, height: h, pixels: (0..<(w * h * 4)).map { _ in byte(&rng) })
  }

  static let sizes = [(1, 1), (2, 2), (1, 7), (7, 1), (5, 13), (16, 16), (17, 9), (31, 33), (32, 18), (33, 2), (47, 11), (255, 7), (1171, 21), (1170, 24)]

  @Test(arguments: sizes) func randomBytes(_ w: Int, _ h: Int) {
    var rng = Seeded(state: UInt64(w * 7919 + h))
    let b = bitmap(w, h, &rng) { UInt8.random(in: 0...255, using: &$0) }
    #expect(YUV420Frame(converting: b).bytes == PerPixelConversion.planes(b), "\(w)x\(h)")
  }

  /// Only 0 and 255: the largest colour differences (|c| = 3598 · 510) and luma sums, in
  /// vertical runs that drive the chroma filter to its overshoot and clamp.
  @Test(arguments: sizes) func extremes(_ w: Int, _ h: Int) {
    var rng = Seeded(state: UInt64(w * 104_729 + h))
    let b = bitmap(w, h, &rng) { Bool.random(using: &$0) ? 255 : 0 }
    #expect(YUV420Frame(converting: b).bytes == PerPixelConversion.planes(b), "\(w)x\(h)")
    var stripes = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h where (y / 3) % 2 == 0 {
      for x in 0..<w { stripes[4 * (y * w + x) + (x % 3)] = 255; stripes[4 * (y * w + x) + 3] = 255 }
    }
    let s = Bitmap(width: w, height: h, pixels: stripes)
    #expect(YUV420Frame(converting: s).bytes == PerPixelConversion.planes(s), "stripes \(w)x\(h)")
  }
}
