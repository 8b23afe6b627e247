import Raster
import Testing
import YUV

/// `YUV420Frame(converting:reusing:)` against `PerPixelConversion` (the plain per-pixel
/// version): every byte equal when the frame before differs in one band of rows, in scattered
/// rows, everywhere, or nowhere, at odd and even sizes (the padding row, the chroma filter's
/// reach of eight rows around a changed one); and `YUVConversionCache` across a sequence.
@Suite struct YUVReuseTests {
  typealias Seeded = VectorisedConversionTests.Seeded

  func noise(_ w: Int, _ h: Int, _ rng: inout Seeded) -> Bitmap {
    Bitmap(width: w, height: h, pixels: (0..<(w * h * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) })
  }

  /// `base` with rows `rows` replaced by other noise.
  func changed(_ base: Bitmap, rows: [Int], _ rng: inout Seeded) -> Bitmap {
    var b = base
    for y in rows where y < b.height {
      for i in (y * b.width * 4)..<((y + 1) * b.width * 4) { b.pixels[i] = UInt8.random(in: 0...255, using: &rng) }
    }
    return b
  }

  @Test(arguments: [(5, 13), (17, 9), (33, 40), (64, 37), (1170, 24)])
  func reusedRowsGiveTheSameBytes(_ w: Int, _ h: Int) {
    var rng = Seeded(state: UInt64(w * 31 + h))
    let before = noise(w, h, &rng)
    let old = YUV420Frame(converting: before)
    let cases: [[Int]] = [[], [0], [h - 1], [h / 2], Array((h / 3)..<(h / 3 + 3)), Array(stride(from: 1, to: h, by: 9)), Array(0..<h)]
    for rows in cases {
      let after = changed(before, rows: rows, &rng)
      let reused = YUV420Frame(converting: after, reusing: (before, old))
      #expect(reused.bytes == PerPixelConversion.planes(after), "\(w)x\(h), rows \(rows)")
    }
    // Another size before: converted whole.
    let other = noise(w + 1, h, &rng)
    #expect(YUV420Frame(converting: before, reusing: (other, YUV420Frame(converting: other))).bytes == old.bytes)
  }

  @Test func theCacheFollowsASequence() {
    var rng = Seeded(state: 5)
    let cache = YUVConversionCache()
    var frame = noise(40, 30, &rng)
    for k in 0..<12 {
      frame = changed(frame, rows: [k, k + 1, 29 - k], &rng)
      #expect(cache.convert(frame).bytes == PerPixelConversion.planes(frame))
    }
  }
}
