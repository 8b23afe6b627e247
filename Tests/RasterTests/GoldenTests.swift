import Geometry
import Testing
import Text
@testable import Raster

/// Small scenes compared with PNG goldens in `__Goldens__/GoldenTests/` (looked at when
/// recorded; see `expectGolden`).
@Suite struct GoldenTests {
  /// A deterministic photo stand-in: smooth colour ramps plus a fine 1-px checker band
  /// that aliases visibly if downscaling skips texels.
  static func pattern(_ n: Int) -> Image {
    var px = [UInt8](repeating: 255, count: n * n * 4)
    for y in 0..<n {
      for x in 0..<n {
        let i = (y * n + x) * 4
        px[i] = UInt8(x * 255 / (n - 1)); px[i + 1] = UInt8(y * 255 / (n - 1)); px[i + 2] = 160
        if y > n / 3 && y < n / 2 { let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255; px[i] = v; px[i + 1] = v; px[i + 2] = v }
      }
    }
    return Image(Bitmap(width: n, height: n, pixels: px))
  }

  func canvas(_ w: Int, _ h: Int, _ color: Color = .white) -> Bitmap {
    var b = Bitmap(width: w, height: h)
    b.clear(to: color)
    return b
  }

  @Test func corners() {
    var b = canvas(288, 96)
    b.fill(Path(roundedRect: Rect(x: 8, y: 8, width: 80, height: 80), cornerRadius: 24), color: .black)
    b.fill(Path(roundedRect: Rect(x: 104, y: 8, width: 80, height: 80), cornerRadius: 24, curve: .continuous), color: .black)
    // The circular outline over the continuous shape shows where they differ.
    b.stroke(Path(roundedRect: Rect(x: 104, y: 8, width: 80, height: 80), cornerRadius: 24),
             style: StrokeStyle(width: 1), color: Color(red: 1, green: 0.2, blue: 0.2))
    b.fill(Path(roundedRect: Rect(x: 200, y: 8, width: 80, height: 80),
                radii: CornerRadii(topLeft: 0, topRight: 10, bottomRight: 30, bottomLeft: 60)),
           color: Color(red: 0.1, green: 0.4, blue: 0.9))
    expectGolden(b, named: "corners")
  }

  @Test func strokes() {
    var b = canvas(200, 140)
    func zigzag(_ y: Double) -> Path {
      var p = Path()
      p.move(to: Point(14, y + 20)); p.line(to: Point(44, y)); p.line(to: Point(74, y + 20)); p.line(to: Point(104, y))
      return p
    }
    b.stroke(zigzag(12), style: StrokeStyle(width: 8, cap: .butt, join: .miter), color: .black)
    b.stroke(zigzag(52), style: StrokeStyle(width: 8, cap: .round, join: .round), color: Color(red: 0.8, green: 0.1, blue: 0.1))
    b.stroke(zigzag(92), style: StrokeStyle(width: 8, cap: .square, join: .bevel), color: Color(red: 0.1, green: 0.5, blue: 0.2))
    var curve = Path()
    curve.move(to: Point(120, 130)); curve.cubic(to: Point(190, 10), control1: Point(190, 130), control2: Point(120, 10))
    b.stroke(curve, style: StrokeStyle(width: 3, cap: .round, dash: [10, 6]), color: Color(red: 0.2, green: 0.3, blue: 0.9))
    // Hairlines on and between pixel centres.
    var h = Path()
    h.move(to: Point(120, 20.5)); h.line(to: Point(190, 20.5))
    h.move(to: Point(120, 30)); h.line(to: Point(190, 30))
    b.stroke(h, style: StrokeStyle(width: 1), color: .black)
    expectGolden(b, named: "strokes")
  }

  @Test func layerTree() {
    var root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: Color(white: 0.92))
    var card = Layer(frame: Rect(x: 10, y: 10, width: 80, height: 60), backgroundColor: .white)
    card.cornerRadii = CornerRadii(all: 10)
    card.cornerCurve = .continuous
    card.shadow = Shadow(opacity: 0.35, radius: 4, offset: Point(0, 3))
    card.border = Border(width: 0.5, color: Color(white: 0.6))
    var photo = Layer(frame: Rect(x: 6, y: 6, width: 30, height: 30))
    photo.contents = .image(GoldenTests.pattern(64), .aspectFill)
    photo.cornerRadii = CornerRadii(all: 6)
    photo.masksToBounds = true
    var gradient = Layer(frame: Rect(x: 42, y: 6, width: 32, height: 30))
    gradient.contents = .linearGradient(LinearGradient(colors: [Color(red: 1, green: 0.5, blue: 0), Color(red: 0.5, green: 0, blue: 1, alpha: 0.2)], start: Point(0, 0), end: Point(1, 1)))
    var group = Layer(frame: Rect(x: 6, y: 40, width: 40, height: 16), opacity: 0.5)
    var dotA = Layer(frame: Rect(x: 0, y: 0, width: 16, height: 16))
    dotA.contents = .path(Path(ellipseIn: Rect(x: 0, y: 0, width: 16, height: 16)), .black, .nonZero)
    var dotB = dotA
    dotB.position = Point(18, 8)
    group.sublayers = [dotA, dotB]
    card.sublayers = [photo, gradient, group]
    var tilted = Layer(frame: Rect(x: 60, y: 74, width: 30, height: 18), transform: AffineTransform(rotationAngle: Double.pi / 12),
                       backgroundColor: Color(red: 0.2, green: 0.6, blue: 0.3))
    tilted.cornerRadii = CornerRadii(all: 4)
    var reveal = Layer(frame: Rect(x: 8, y: 74, width: 40, height: 22), backgroundColor: Color(red: 0.9, green: 0.2, blue: 0.4))
    reveal.mask = Path(ellipseIn: Rect(x: -6, y: -6, width: 30, height: 30))
    root.sublayers = [card, tilted, reveal]
    var b = Bitmap(width: 200, height: 200)
    b.render(root, scale: 2)
    expectGolden(b, named: "layer-tree")
  }

  @Test func images() {
    var b = canvas(160, 100, Color(white: 0.3))
    let big = GoldenTests.pattern(256)
    // 256 texels at 0.25 scale, rotated 20°: mipmapped, no moiré in the checker band.
    let t = AffineTransform(scaleX: 0.25, y: 0.25).concatenating(AffineTransform(rotationAngle: Double.pi / 9))
      .concatenating(AffineTransform(translationX: 30, y: 12))
    b.draw(big, transform: t)
    // An 8×8 image magnified 6× at 0.7 opacity, clipped to a circle.
    let small = GoldenTests.pattern(8)
    let clip = Mask(path: Path(ellipseIn: Rect(x: 96, y: 20, width: 56, height: 56)), limit: b.pixelBounds)
    b.draw(small, in: Rect(x: 100, y: 24, width: 48, height: 48), contentMode: .scaleToFill, opacity: 0.7, clip: clip)
    expectGolden(b, named: "images")
  }

  @Test func label() throws {
    var root = Layer(frame: Rect(x: 0, y: 0, width: 120, height: 40), backgroundColor: .white)
    var title = Layer(frame: Rect(x: 8, y: 4, width: 104, height: 20))
    title.contents = .text(Label("Flipbook 9:41", fontSize: 15, weight: .semibold, color: .black))
    var caption = Layer(frame: Rect(x: 8, y: 22, width: 104, height: 14), transform: AffineTransform(translationX: 0.25, y: 0))
    caption.contents = .text(Label("resampled at ¼ px", fontSize: 11, color: Color(red: 0.3, green: 0.3, blue: 0.8)))
    root.sublayers = [title, caption]
    var b = Bitmap(width: 240, height: 80)
    b.render(root, scale: 2)
    expectGolden(b, named: "label")
  }
}
