import Geometry
import Testing
@testable import Raster

/// Coverage against closed forms (`ExactArea`): every byte within 1 of 255 × the exact
/// area of the shape inside the pixel.
@Suite struct ExactCoverageTests {
  /// Renders one layer at `scale` over a transparent canvas; alpha is the coverage.
  func alpha(of layer: Layer, scale: Double, width: Int, height: Int) -> (Int, Int) -> Int {
    var bitmap = Bitmap(width: width, height: height)
    var root = Layer(frame: Rect(x: 0, y: 0, width: Double(width) / scale, height: Double(height) / scale))
    root.sublayers = [layer]
    LayerRenderer.render(root, into: &bitmap, scale: scale)
    return { x, y in Int(bitmap.pixels[(y * width + x) * 4 + 3]) }
  }

  @Test(arguments: [1.0, 2.0, 3.0])
  func thinBorderIsTheAreaBetweenItsEdges(scale: Double) {
    // Widths from 0.2 to 2 pt, sharp and rounded (radius 6 pt, and 0.5 pt, smaller than
    // some widths: the inner corner is then sharp, max(0, r − w)), at fractional positions.
    for width in [0.2, 0.3, 0.33, 0.5, 0.75, 1, 1.5, 2] {
      for radius in [0.0, 0.5, 6] {
        let frame = Rect(x: 3.3, y: 2.71, width: 23.45, height: 17.6)
        var layer = Layer(frame: frame)
        layer.cornerRadii = CornerRadii(all: radius)
        layer.border = Border(width: width, color: .black)
        let w = Int((32 * scale).rounded(.up)), h = Int((24 * scale).rounded(.up))
        let a = alpha(of: layer, scale: scale, width: w, height: h)
        let s = scale
        let o = (x0: frame.minX * s, y0: frame.minY * s, x1: frame.maxX * s, y1: frame.maxY * s)
        let ws = width * s, ri = max(0, radius - width) * s
        var worst = 0.0
        for y in 0..<h {
          for x in 0..<w {
            let px = (x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
            let outer = ExactArea.roundedRectRect(x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, r: radius * s, px: px)
            let inner = ExactArea.roundedRectRect(x0: o.x0 + ws, y0: o.y0 + ws, x1: o.x1 - ws, y1: o.y1 - ws, r: ri, px: px)
            worst = max(worst, abs(Double(a(x, y)) - 255 * (outer - inner)))
          }
        }
        #expect(worst <= 1, "width \(width) pt, radius \(radius) pt at scale \(scale): off by \(worst)/255")
      }
    }
  }

  @Test func thinBorderAtTwiceScaleIsNotDoubled() {
    // The case: a 0.3 pt border at 2x on a pixel-aligned sharp rect covers 0.6 of
    // each edge pixel (153) and 0.6 + 0.6 − 0.36 = 0.84 of its corner pixel (214), not ~250.
    var layer = Layer(frame: Rect(x: 2, y: 2, width: 10, height: 10))
    layer.border = Border(width: 0.3, color: .black)
    let a = alpha(of: layer, scale: 2, width: 30, height: 30)
    #expect(a(10, 4) == 153)
    #expect(a(4, 4) == 214)
    #expect(a(10, 10) == 0)
  }

  /// Disc edge pixels within 1/255 of the exact area, for radii 2 ... 2000 px, drawn as an
  /// ellipse path and as a fully rounded rectangle. Large discs are checked in 48 px boxes
  /// around the circle (coverage inside a box does not depend on the box).
  @Test(arguments: [2.0, 3.7, 11.3, 40.5, 128.25, 300, 777.7, 2000])
  func discMatchesExactArea(radius r: Double) {
    let cx = r + 5.37, cy = r + 3.61
    let disc = Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
    let boxes: [PixelRect]
    if r < 60 {
      boxes = [PixelRect(x: 0, y: 0, width: Int(2 * r) + 12, height: Int(2 * r) + 12)]
    } else {
      boxes = stride(from: 0.0, to: 2 * Double.pi, by: 0.37).map { (angle: Double) -> PixelRect in
        let p = ExactArea.circlePoint(cx: cx, cy: cy, r: r, angle: angle)
        return PixelRect(x: Int(p.x) - 24, y: Int(p.y) - 24, width: 48, height: 48)
      }
    }
    for (name, path) in [("ellipse", Path(ellipseIn: disc)), ("rounded rect", Path(roundedRect: disc, cornerRadius: r))] {
      var worst = 0.0
      for box in boxes {
        let m = Mask(path: path, limit: box)
        for y in box.y..<box.maxY {
          for x in box.x..<box.maxX {
            let exact = ExactArea.discRect(cx: cx, cy: cy, r: r, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1))
            worst = max(worst, abs(Double(m.coverage(x: x, y: y)) - 255 * exact))
          }
        }
      }
      #expect(worst <= 1, "\(name) r = \(r) px: off by \(worst)/255")
    }
  }

  @Test func exactAreaAgreesWithPiRSquared() {
    // The reference itself: the disc's pieces over a pixel grid add up to πr².
    let r = 9.3, cx = 10.2, cy = 11.7
    var total = 0.0
    for y in 0..<24 { for x in 0..<24 { total += ExactArea.discRect(cx: cx, cy: cy, r: r, x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1)) } }
    #expect(abs(total - Double.pi * r * r) < 1e-9)
  }
}
