import Raster
import Testing
import YUV

/// The conversion against values worked out by hand from the BT.709 matrix
/// (Kr = 0.2126, Kb = 0.0722, Kg = 0.7152; limited range):
///
///     Y  = 16  + 219 · (Kr·R + Kg·G + Kb·B) / 255
///     Cb = 128 + 224 · (B − Y') / (2 · (1 − Kb)) = 128 + 224 · (B − Y') / 1.8556   (Y' on 0...1)
///     Cr = 128 + 224 · (R − Y') / (2 · (1 − Kr)) = 128 + 224 · (R − Y') / 1.5748
///
/// On a solid frame the chroma filter's taps sum to one, so every sample is that value.
@Suite struct BT709ValueTests {
  func solid(_ w: Int, _ h: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> Bitmap {
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for i in 0..<(w * h) { px[4 * i] = r; px[4 * i + 1] = g; px[4 * i + 2] = b; px[4 * i + 3] = a }
    return Bitmap(width: w, height: h, pixels: px)
  }

  /// Every sample of a converted solid frame, as (Y, Cb, Cr) when they are all the same.
  func uniform(_ f: YUV420Frame) -> (Int, Int, Int)? {
    let y = Set((0..<f.height).flatMap { row in (0..<f.width).map { f.luma(x: $0, y: row) } })
    let cb = Set((0..<f.height / 2).flatMap { row in (0..<f.width / 2).map { f.cb(x: $0, y: row) } })
    let cr = Set((0..<f.height / 2).flatMap { row in (0..<f.width / 2).map { f.cr(x: $0, y: row) } })
    guard y.count == 1, cb.count == 1, cr.count == 1 else { return nil }
    return (Int(y.first!), Int(cb.first!), Int(cr.first!))
  }

  @Test func blackAndWhite() throws {
    // Black: Y = 16, no colour difference. White: Y = 16 + 219 = 235.
    #expect(try #require(uniform(YUV420Frame(converting: solid(8, 6, 0, 0, 0)))) == (16, 128, 128))
    #expect(try #require(uniform(YUV420Frame(converting: solid(8, 6, 255, 255, 255)))) == (235, 128, 128))
  }

  @Test func primaries() throws {
    // Red:   Y = 16 + 219·0.2126 = 62.56 → 63;  Cb = 128 − 224·0.2126/1.8556 = 102.34 → 102;
    //        Cr = 128 + 224·0.7874/1.5748 = 240.
    #expect(try #require(uniform(YUV420Frame(converting: solid(8, 6, 255, 0, 0)))) == (63, 102, 240))
    // Green: Y = 16 + 219·0.7152 = 172.63 → 173; Cb = 128 − 224·0.7152/1.8556 = 41.66 → 42;
    //        Cr = 128 − 224·0.7152/1.5748 = 26.27 → 26 (ffmpeg's swscale gives 27).
    #expect(try #require(uniform(YUV420Frame(converting: solid(8, 6, 0, 255, 0)))) == (173, 42, 26))
    // Blue:  Y = 16 + 219·0.0722 = 31.81 → 32;   Cb = 128 + 224·0.9278/1.8556 = 240;
    //        Cr = 128 − 224·0.0722/1.5748 = 117.73 → 118.
    #expect(try #require(uniform(YUV420Frame(converting: solid(8, 6, 0, 0, 255)))) == (32, 240, 118))
  }

  /// Every grey g: Y = round(16 + 219·g/255) (never within 0.005 of a half, so rounding is
  /// unambiguous), Cb = Cr = 128 exactly.
  @Test func greyRamp() {
    let w = 512, h = 4
    var px = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let g = UInt8(x / 2)
        px[4 * (y * w + x)] = g; px[4 * (y * w + x) + 1] = g; px[4 * (y * w + x) + 2] = g
      }
    }
    let f = YUV420Frame(converting: Bitmap(width: w, height: h, pixels: px))
    for x in 0..<w {
      let expected = Int((16 + 219 * Double(x / 2) / 255).rounded())
      #expect(Int(f.luma(x: x, y: 1)) == expected, "grey \(x / 2)")
    }
    for x in 0..<(w / 2) {
      #expect(f.cb(x: x, y: 0) == 128 && f.cr(x: x, y: 1) == 128, "grey \(x)")
    }
  }

  /// Odd sizes are padded with black on the right and at the bottom (5 x 13 → 6 x 14), as the
  /// `pad` filter ffmpeg ran before did; the padding enters the chroma like any black pixel.
  @Test func oddSizesArePaddedWithBlack() {
    let f = YUV420Frame(converting: solid(5, 13, 255, 0, 0))
    #expect(f.width == 6 && f.height == 14)
    #expect(f.bytes.count == 6 * 14 + 2 * 3 * 7)
    for y in 0..<14 {
      for x in 0..<6 { #expect(Int(f.luma(x: x, y: y)) == (x < 5 && y < 13 ? 63 : 16), "(\(x), \(y))") }
    }
    // Red's offsets from 128: Cr +112, Cb −25.66. The taps (/4096) for rows 2j − 3 ... 2j + 4
    // are −58, −173, 493, 1786, 1786, 493, −173, −58; rows past the edge repeat it.
    // Chroma row 0 reads rows 0, 0, 0, 0, 1, 2, 3, 4: all red.
    #expect(f.cr(x: 0, y: 0) == 240 && f.cb(x: 0, y: 0) == 102)
    // Row 6 reads rows 9, 10, 11, 12, 13, 13, 13, 13: red (9...12) weighs −58 − 173 + 493 + 1786
    // = 2048, half; the black padding row 13 the other half.
    #expect(f.cr(x: 0, y: 6) == 128 + 56)                 // 184
    #expect(f.cb(x: 0, y: 6) == 115)                      // 128 − 12.83 = 115.17
    #expect(f.cr(x: 2, y: 6) == 128 + 28)                 // pair (4, 5) is red + black: half again
    // Row 5 reads rows 7 ... 13, 13: red (7...12) weighs 4096 − (−173 − 58) = 4327, as the
    // negative lobes fall on the black row: Cr = 128 + 112·4327/4096 = 246.32, the filter's
    // overshoot at an edge (ffmpeg's too).
    #expect(f.cr(x: 0, y: 5) == 246)
    #expect(f.cr(x: 2, y: 5) == 187)                      // 128 + 56·4327/4096 = 187.16
  }

  /// The bytes are premultiplied: half-transparent red (128, 0, 0, 128) is red at half
  /// strength over black: Y = 16 + 219·0.2126·128/255 = 39.37 → 39.
  @Test func translucentPixelsAreOverBlack() throws {
    let (y, _, _) = try #require(uniform(YUV420Frame(converting: solid(4, 4, 128, 0, 0, 128))))
    #expect(y == 39)
  }

  @Test func filterTapsMatchTheDerivation() {
    #expect(ChromaFilter.taps == [-58, -173, 493, 1786, 1786, 493, -173, -58])
    #expect(ChromaFilter.taps.reduce(0, +) == 4096)
    #expect(BT709.luma.r + BT709.luma.g + BT709.luma.b == 56284)  // 219/255·65536 = 56284.4
  }
}
