import Geometry
import Testing
@testable import Raster

/// A fading group drawn in row bands (LayerRenderer+GroupBands) and frames rendered without
/// clearing (Bitmap+Rendering) give the same bytes as the plain definitions.
@Suite struct GroupBandsTests {
  /// A screen-like group: opaque background, a material bar with a rounded shape at the top,
  /// a translucent bar and a stroked path at the bottom, nothing in between.
  func screen(opacity: Double) -> Layer {
    var root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 200), opacity: opacity, backgroundColor: Color(white: 0.97))
    var top = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 22.3), backgroundColor: Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.4))
    top.backdrop = Backdrop(blurRadius: 4, saturation: 1.8, tint: Color(white: 1, alpha: 0.5))
    var dot = Layer(frame: Rect(x: 10.25, y: 5.5, width: 12, height: 9.75), backgroundColor: Color(red: 0.1, green: 0.5, blue: 0.9))
    dot.cornerRadii = CornerRadii(all: 4)
    top.sublayers = [dot]
    var bottom = Layer(frame: Rect(x: 0, y: 170.4, width: 60, height: 29.6), backgroundColor: Color(white: 0.2, alpha: 0.3))
    var icon = Layer(frame: Rect(x: 20, y: 4, width: 20, height: 20))
    icon.contents = .shape(ShapeContents(
      path: Path(roundedRect: Rect(x: 1, y: 1, width: 18, height: 18), radii: CornerRadii(all: 5), curve: .circular),
      fill: nil, stroke: Color(red: 0, green: 0.48, blue: 1), strokeStyle: StrokeStyle(width: 1.5)))
    bottom.sublayers = [icon]
    root.sublayers = [top, bottom]
    return root
  }

  /// Group opacity by its definition: the group at full opacity into a cleared bitmap of the
  /// frame's size, then composited at 0.6 over what was there.
  @Test(arguments: [1.0, 2.0, 3.0])
  func bandsGiveTheWholeOffscreensBytes(scale: Double) {
    let w = Int(60 * scale), h = Int(200 * scale)
    let renderer = LayerRenderer(scale: scale, sampleCache: nil, caches: false)
    var expected = Bitmap.noise(width: w, height: h, seed: 7)
    var offscreen = Bitmap(width: w, height: h)
    renderer.render(screen(opacity: 1), into: &offscreen)
    expected.draw(offscreen, atX: 0, y: 0, opacity: 0.6)

    var banded = Bitmap.noise(width: w, height: h, seed: 7)
    renderer.render(screen(opacity: 0.6), into: &banded)
    #expect(banded == expected)

    // The bands: the top bar and the bottom bar, each grown by the blur's reach (4σ-ish
    // plus its blocks) and a pixel; the middle rows are left to the background.
    let device = AffineTransform(scaleX: scale, y: scale)
    let bands = try? #require(renderer.groupBands(screen(opacity: 0.6), device, box: PixelRect(x: 0, y: 0, width: w, height: h)))
    #expect(bands?.count == 2)
    #expect(bands?.first?.lowerBound == 0 && bands?.last?.upperBound == h)
    #expect((bands?.reduce(0) { $0 + $1.count } ?? h) < h * 3 / 4)
  }

  /// A frame's canvas background stores every pixel: rendering into an uncleared bitmap
  /// gives the cleared bitmap's bytes; a translucent, rounded or fractional root is cleared.
  @Test func framesNeedNoClearingUnderAnOpaqueCanvas() {
    var root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 200), backgroundColor: .black)
    root.sublayers = [screen(opacity: 0.6)]
    // Leave garbage where the next bitmap may be allocated.
    do { var junk = Bitmap.noise(width: 120, height: 400); junk.pixels[0] = 1; withExtendedLifetime(junk) {} }
    let fresh = Bitmap(width: 120, height: 400, rendering: root, scale: 2)
    var cleared = Bitmap(width: 120, height: 400)
    cleared.render(root, scale: 2)
    #expect(fresh == cleared)

    let renderer = LayerRenderer(scale: 2)
    let device = AffineTransform(scaleX: 2, y: 2)
    let all = PixelRect(x: 0, y: 0, width: 120, height: 400)
    #expect(renderer.storesEveryPixel(root, LayerRenderer.toParent(root).concatenating(device), of: all))
    var translucent = root
    translucent.backgroundColor = Color(white: 0, alpha: 0.5)
    var rounded = root
    rounded.cornerRadii = CornerRadii(all: 2)
    var fractional = root
    fractional.frame = Rect(x: 0.25, y: 0, width: 60, height: 200)
    for layer in [translucent, rounded, fractional] {
      #expect(!renderer.storesEveryPixel(layer, LayerRenderer.toParent(layer).concatenating(device), of: all))
    }
  }
}
