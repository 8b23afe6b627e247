import Geometry
import TestSupport
import Testing
@testable import Raster

@Suite struct ImageDrawingTests {
  func randomImage(_ w: Int, _ h: Int, opaque: Bool, seed: UInt64) -> Image {
    var rng = SplitMix64(seed: seed)
    var px = [UInt8](repeating: 0, count: w * h * 4)
    for i in 0..<(w * h) {
      let a = opaque ? 255 : UInt8(rng.next() % 256)
      px[i * 4 + 3] = a
      for k in 0..<3 { px[i * 4 + k] = a == 0 ? 0 : UInt8(rng.next() % (UInt64(a) + 1)) }
    }
    return Image(Bitmap(width: w, height: h, pixels: px))
  }

  /// An image at opacity 0.9 through a rounded clip (the canonical frame's hero) against
  /// each pixel composited by hand with the scalar source-over: coverage = round(0.9 ·
  /// clip coverage), D' = S·c + D·(1 − Sa·c). Covers the rows whose interior is blended at
  /// uniform coverage and the per-pixel corner rows.
  @Test(arguments: [true, false])
  func translucentDrawThroughRoundedClipMatchesPerPixelSourceOver(opaque: Bool) {
    let (w, h) = (61, 47)
    let img = randomImage(w, h, opaque: opaque, seed: 11)
    let under = randomImage(w, h, opaque: true, seed: 12).bitmap
    let clip = Mask(path: Path(roundedRect: Rect(x: 3.25, y: 2, width: 52.5, height: 41), cornerRadius: 9),
                    limit: PixelRect(x: 0, y: 0, width: w, height: h))
    var b = under
    b.draw(img, transform: .identity, opacity: 0.9, clip: clip)
    var mismatches = 0
    for y in 0..<h {
      for x in 0..<w {
        let c = UInt64((Double(clip.coverage(x: x, y: y)) * 0.9).rounded(.toNearestOrAwayFromZero))
        let s = img.bitmap.pixel(x: x, y: y), d = under.pixel(x: x, y: y)
        let sp = UInt32(s.r) | UInt32(s.g) << 8 | UInt32(s.b) << 16 | UInt32(s.a) << 24
        let dp = UInt32(d.r) | UInt32(d.g) << 8 | UInt32(d.b) << 16 | UInt32(d.a) << 24
        let want = c == 0 ? dp : over(mulLanes(expand(sp), c), dp)
        let g = b.pixel(x: x, y: y)
        if UInt32(g.r) | UInt32(g.g) << 8 | UInt32(g.b) << 16 | UInt32(g.a) << 24 != want { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test(arguments: [true, false])
  func identityReproducesPixelsExactly(opaque: Bool) {
    let img = randomImage(37, 23, opaque: opaque, seed: opaque ? 1 : 2)
    var b = Bitmap(width: 37, height: 23)
    b.draw(img, transform: .identity)
    #expect(b.pixels == img.bitmap.pixels)
    // A whole-pixel translation moves the same pixels.
    var c = Bitmap(width: 50, height: 40)
    c.draw(img, transform: AffineTransform(translationX: 5, y: 9))
    for y in 0..<23 { for x in 0..<37 { #expect(c.pixel(x: x + 5, y: y + 9) == img.bitmap.pixel(x: x, y: y)) } }
    #expect(c.pixel(x: 4, y: 9) == (0, 0, 0, 0))
  }

  @Test func upscalingInterpolatesBetweenTexelCentres() {
    // Two grey texels 0 and 200, scaled 2×: device x samples u = (x + ½)/2 − ½.
    let img = Image(Bitmap(width: 2, height: 1, pixels: [0, 0, 0, 255, 200, 200, 200, 255]))
    var b = Bitmap(width: 4, height: 2)
    b.draw(img, transform: AffineTransform(scaleX: 2, y: 2))
    // u = −0.25 → clamped to texel 0; 0.25 → 50; 0.75 → 150; 1.25 → clamped to 200.
    #expect([0, 1, 2, 3].map { b.pixel(x: $0, y: 1).r } == [0, 50, 150, 200])
  }

  @Test func rotatedImageKeepsItsCentreTexel() {
    // A 9x9 image with a distinct centre texel, rotated 90° about its centre.
    var px = [UInt8](repeating: 0, count: 9 * 9 * 4)
    for i in 0..<81 { px[i * 4 + 3] = 255 }
    px[(4 * 9 + 4) * 4] = 255
    let img = Image(Bitmap(width: 9, height: 9, pixels: px))
    let t = AffineTransform(translationX: -4.5, y: -4.5)
      .concatenating(AffineTransform(rotationAngle: Double.pi / 2))
      .concatenating(AffineTransform(translationX: 4.5, y: 4.5))
    var b = Bitmap(width: 9, height: 9)
    b.draw(img, transform: t)
    #expect(b.pixel(x: 4, y: 4) == (255, 0, 0, 255))
    #expect(b.pixel(x: 3, y: 4) == (0, 0, 0, 255))
  }

  @Test func smallDrawsUseMipmapsInsteadOfAliasing() {
    // A 1-pixel checkerboard drawn at 1/8 size must come out mid grey everywhere; plain
    // bilinear would hit single black or white texels.
    let n = 256
    var px = [UInt8](repeating: 255, count: n * n * 4)
    for y in 0..<n { for x in 0..<n where (x + y) % 2 == 1 { for k in 0..<3 { px[(y * n + x) * 4 + k] = 0 } } }
    let img = Image(Bitmap(width: n, height: n, pixels: px))
    var b = Bitmap(width: 32, height: 32)
    b.draw(img, transform: AffineTransform(scaleX: 0.125, y: 0.125))
    for y in 0..<32 { for x in 0..<32 { #expect(abs(Int(b.pixel(x: x, y: y).r) - 128) <= 2) } }
  }

  @Test func contentModesPlaceTheImageLikeUIImageView() {
    let cell = Rect(x: 1, y: 33, width: 128, height: 128)
    // FRAME.md: coffee 600×400 aspect-filled into a cell crops the centred 400×400 square,
    // so the image rect starts 100 texels (= 32 pt) left of the cell.
    #expect(ContentMode.aspectFill.imageRect(imageSize: Size(600, 400), in: cell) == Rect(x: -31, y: 33, width: 192, height: 128))
    // FRAME.md hero: aspect-fit 600×400 into 390×390 gives (0, 65, 390, 260).
    #expect(ContentMode.aspectFit.imageRect(imageSize: Size(600, 400), in: Rect(x: 0, y: 0, width: 390, height: 390)) == Rect(x: 0, y: 65, width: 390, height: 260))
    #expect(ContentMode.scaleToFill.imageRect(imageSize: Size(600, 400), in: cell) == cell)
    #expect(ContentMode.center.imageRect(imageSize: Size(10, 20), in: cell) == Rect(x: 60, y: 87, width: 10, height: 20))
  }

  @Test func opacityAndClipScaleCoverage() {
    let img = Image(Bitmap(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64)))
    var b = Bitmap(width: 4, height: 4)
    b.clear(to: .black)
    b.draw(img, transform: .identity, opacity: 0.5, clip: Mask(rect: Rect(x: 0, y: 0, width: 2.5, height: 4)))
    #expect(b.pixel(x: 0, y: 0).r == 128)   // round(255 · 0.5)
    #expect(b.pixel(x: 2, y: 0).r == 64)    // half covered: round(128 · 0.5)
    #expect(b.pixel(x: 3, y: 0).r == 0)
  }
}
