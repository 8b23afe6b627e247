import Bench
import Foundation
import Geometry
import Raster
import Testing

/// The canonical frame at scale 2 (780 x 1688 px), rendered with synthetic photos of the real
/// sizes whose texel (i, j) is (i mod 256, j mod 256, 255 · (i mod 2)). Bilinear interpolation
/// of a linear ramp is the ramp itself, and of the blue stripes a closed form of the fractional
/// texel position, so every expected value below follows from FRAME.md's formulas by hand
/// (u − ½ is the interpolated red, v − ½ the green), not from the renderer. The stripes also
/// tell plain bilinear from any mipmap or area filter, which would average them to ~128.
@Suite struct CanonicalFrameTests {
  /// Plain bilinear blue at texel-space x = u − ½: between stripes i0 = ⌊x⌋ and i0 + 1.
  static func blue(_ u: Double) -> Double {
    let x = u - 0.5, i0 = x.rounded(.down), f = x - i0
    return Int(i0) % 2 == 0 ? 255 * f : 255 * (1 - f)
  }

  static func ramp(width: Int, height: Int) -> Image {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for j in 0..<height {
      for i in 0..<width {
        let k = (j * width + i) * 4
        pixels[k] = UInt8(i % 256)
        pixels[k + 1] = UInt8(j % 256)
        pixels[k + 2] = i % 2 == 0 ? 0 : 255
      }
    }
    return Image(Bitmap(width: width, height: height, pixels: pixels))
  }

  static let frame = CanonicalFrame(photos: [
    "coffee": ramp(width: 600, height: 400),
    "chelsea": ramp(width: 451, height: 300),
    "rocket": ramp(width: 640, height: 427),
  ])

  static let scale = 2
  static let bitmap = frame.render(scale: scale)

  /// Pixel (i, j)'s sample point in points.
  static func point(_ i: Int, _ j: Int) -> Point {
    Point((Double(i) + 0.5) / Double(scale), (Double(j) + 0.5) / Double(scale))
  }

  static func expectPixel(_ i: Int, _ j: Int, _ rgb: (Double, Double, Double), tolerance: Int,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    let p = bitmap.pixel(x: i, y: j)
    let want = [rgb.0, rgb.1, rgb.2].map { Int(($0).rounded()) }
    let got = [Int(p.r), Int(p.g), Int(p.b)]
    let worst = zip(got, want).map { abs($0 - $1) }.max() ?? 0
    #expect(worst <= tolerance, "pixel (\(i), \(j)) is \(got), expected \(want) ± \(tolerance)", sourceLocation: sourceLocation)
    #expect(p.a == 255, sourceLocation: sourceLocation)
  }

  @Test func sizeIsScaleTimesPoints() {
    #expect(Self.bitmap.width == 780)
    #expect(Self.bitmap.height == 1688)
  }

  /// White under the 40 % black dim, where nothing else draws: 255 × 0.6 = 153 exactly.
  @Test(arguments: [(10, 10), (779, 0), (259, 200), (0, 700), (520, 1000)])
  func dimmedBackground(_ i: Int, _ j: Int) {
    Self.expectPixel(i, j, (153, 153, 153), tolerance: 0)
  }

  /// In the bar, in the gap between grid columns (x = 129.75 pt), at y = 800.25 pt where the
  /// shadow's alpha is 0.2 · Gy = 0.19999: 0.95 + 0.05 × 0.6 × (1 − 0.2) = 0.974 → 248.4.
  @Test func barOverShadowOverDim() {
    let y = Self.point(259, 1600).y
    let a = 0.2 * Self.gaussianOfInterval(y, 759, 842)
    let v = (0.95 + 0.05 * 0.6 * (1 - a)) * 255
    Self.expectPixel(259, 1600, (v, v, v), tolerance: 1)
  }

  /// Above the bar, the shadow alone darkens the dimmed white: 153 × (1 − 0.2 · Gx · Gy),
  /// Gy = ½[erf((y − 759)/(σ√2)) − erf((y − 842)/(σ√2))], σ = 10 pt (Gx = 1 at x = 129.75 pt).
  @Test(arguments: [1460, 1480, 1500, 1510, 1518])
  func shadowAboveBar(_ j: Int) {
    let y = Self.point(259, j).y
    let v = 153 * (1 - 0.2 * Self.gaussianOfInterval(y, 759, 842))
    Self.expectPixel(259, j, (v, v, v), tolerance: 1)
  }

  /// A chelsea cell (column 1, row 4: x = 131, y = 553 pt), aspect-fill crop (75.5, 0, 300, 300):
  /// u = 75.5 + (X − 131) · 300/128, v = (Y − 553) · 300/128; the ramp gives (u − ½, v − ½, 40), dimmed.
  @Test(arguments: [(300, 1200), (263, 1107), (410, 1300), (350, 1250), (301, 1201)])
  func chelseaCell(_ i: Int, _ j: Int) throws {
    let p = Self.point(i, j)
    let u = 75.5 + (p.x - 131) * 300 / 128, v = (p.y - 553) * 300 / 128
    try #require(u < 255 && v < 255, "the ramp wraps at 256; pick another pixel")
    Self.expectPixel(i, j, (0.6 * (u - 0.5), 0.6 * (v - 0.5), 0.6 * Self.blue(u)), tolerance: 1)
  }

  /// The hero over the gap column (dimmed white 153 underneath), alpha 0.9:
  /// u = ((X − 20)/0.8) · 600/390, v = ((Y − 60)/0.8 − 65) · 400/260.
  @Test(arguments: [(259, 400), (259, 300), (259, 470), (259, 350), (258, 351)])
  func heroOverGap(_ i: Int, _ j: Int) throws {
    let p = Self.point(i, j)
    let u = (p.x - 20) / 0.8 * 600 / 390, v = ((p.y - 60) / 0.8 - 65) * 400 / 260
    try #require(u < 255 && v < 255, "the ramp wraps at 256; pick another pixel")
    func over(_ c: Double) -> Double { 0.9 * c + 0.1 * 153 }
    Self.expectPixel(i, j, (over(u - 0.5), over(v - 0.5), over(Self.blue(u))), tolerance: 1)
  }

  /// Coffee (column 0) and rocket (column 2) cells shrink to 0.64 and 0.60 px per texel at
  /// scale 2, where FRAME.md still specifies plain bilinear (no mipmaps, no area filter):
  /// cell (0, 4) is x = 1 pt with crop (100, 0, 400, 400); cell (2, 4) is x = 261 pt with crop
  /// (106.5, 0, 427, 427). The blue stripes are far from their mean here, so a filter that
  /// averages texels fails.
  @Test(arguments: [(41, 1120, 0), (60, 1140, 0), (560, 1120, 2), (600, 1130, 2)])
  func shrunkCellsArePlainBilinear(_ i: Int, _ j: Int, _ column: Int) throws {
    let p = Self.point(i, j)
    let (x, sx, m) = column == 0 ? (1.0, 100.0, 400.0) : (261.0, 106.5, 427.0)
    let u = sx + (p.x - x) * m / 128, v = (p.y - 553) * m / 128
    try #require(u < 255 && v < 255, "the ramp wraps at 256; pick another pixel")
    let b = Self.blue(u)
    try #require(abs(b - 127.5) > 40, "pick a pixel whose bilinear blue is far from the stripes' mean")
    Self.expectPixel(i, j, (0.6 * (u - 0.5), 0.6 * (v - 0.5), 0.6 * b), tolerance: 1)
  }

  /// ½[erf((y − lo)/(σ√2)) − erf((y − hi)/(σ√2))] for σ = 10 pt.
  static func gaussianOfInterval(_ y: Double, _ lo: Double, _ hi: Double) -> Double {
    let s = 10 * 2.0.squareRoot()
    return 0.5 * (erf((y - lo) / s) - erf((y - hi) / s))
  }
}
