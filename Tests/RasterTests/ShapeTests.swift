import Geometry
import Testing
@testable import Raster

@Suite struct ShapeTests {
  let canvas = PixelRect(x: 0, y: 0, width: 64, height: 64)

  @Test func continuousCornerFollowsThePublishedCurve() {
    // r = 10 in a 60×60 square: the corner leaves the top edge 15.2866 from the vertex,
    // and its mid-curve point sits at (0.0749, 0.6315)·r / (0.6315, 0.0749)·r.
    let p = Path(roundedRect: Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 10, curve: .continuous)
    guard case .move(let start) = p.elements.first else { Issue.record("no move"); return }
    #expect(abs(start.x - 15.2866483) < 1e-9 && start.y == 0)
    let ends = p.elements.compactMap { e -> Point? in
      if case .cubic(_, _, let to) = e { return to }
      if case .line(let to) = e { return to }
      return nil
    }
    // Top-right corner: vertex (60, 0), arriving along −x, leaving along +y.
    #expect(ends.contains { abs($0.x - (60 - 6.3149399)) < 1e-6 && abs($0.y - 0.749110) < 1e-6 })
    #expect(ends.contains { abs($0.x - (60 - 0.749)) < 1e-3 && abs($0.y - 6.3149399) < 1e-6 })
    // The last corner point is on the right edge 1.5287·r below the vertex.
    #expect(ends.contains { $0.x == 60 && abs($0.y - 15.2866483) < 1e-9 })
  }

  @Test func oversizedContinuousCornerFallsBackToACapsule() {
    // Height 20, r = 10: 1.5287·r does not fit, so both ends are half circles of r = 10.
    let p = Path(roundedRect: Rect(x: 0, y: 0, width: 60, height: 20), cornerRadius: 10, curve: .continuous)
    let m = Mask(path: p, limit: canvas)
    let capsule = Mask(path: Path(roundedRect: Rect(x: 0, y: 0, width: 60, height: 20), cornerRadius: 10), limit: canvas)
    #expect(m.bytes == capsule.bytes)
  }

  @Test func radiiClampLikeCALayer() {
    let r = Path.clampedRadii(CornerRadii(topLeft: 50, topRight: 5, bottomRight: 0, bottomLeft: 50), width: 40, height: 100)
    // Each radius at most half the shorter side (20); 20 + 20 fits the 100-high left side.
    #expect(r == CornerRadii(topLeft: 20, topRight: 5, bottomRight: 0, bottomLeft: 20))
  }

  @Test func strokeWidthIsExact() {
    // A 2-px horizontal line centred on y = 10 covers rows 9 and 10 fully, nothing else.
    var p = Path()
    p.move(to: Point(4, 10)); p.line(to: Point(40, 10))
    let m = Mask(stroking: p, style: StrokeStyle(width: 2), limit: canvas)
    #expect(m.coverage(x: 20, y: 9) == 255 && m.coverage(x: 20, y: 10) == 255)
    #expect(m.coverage(x: 20, y: 8) == 0 && m.coverage(x: 20, y: 11) == 0)
    // Butt caps end at the endpoints; square caps extend by half the width.
    #expect(m.coverage(x: 3, y: 9) == 0 && m.coverage(x: 4, y: 9) == 255 && m.coverage(x: 40, y: 9) == 0)
    let sq = Mask(stroking: p, style: StrokeStyle(width: 2, cap: .square), limit: canvas)
    #expect(sq.coverage(x: 3, y: 9) == 255 && sq.coverage(x: 40, y: 9) == 255 && sq.coverage(x: 41, y: 9) == 0)
    // A 1-px line on a pixel centre row half-covers two rows.
    var h = Path()
    h.move(to: Point(4, 20)); h.line(to: Point(40, 20))
    let thin = Mask(stroking: h, style: StrokeStyle(width: 1), limit: canvas)
    #expect(thin.coverage(x: 20, y: 19) == 128 && thin.coverage(x: 20, y: 20) == 128)
  }

  @Test func roundCapAreaIsAHalfDisc() {
    // Width 10, length 20, round caps: area = 20·10 + π·5².
    var p = Path()
    p.move(to: Point(20, 30)); p.line(to: Point(40, 30))
    let m = Mask(stroking: p, style: StrokeStyle(width: 10, cap: .round), limit: canvas)
    let area = m.bytes.reduce(0.0) { $0 + Double($1) } / 255
    #expect(abs(area - (200 + Double.pi * 25)) < 0.5)
  }

  @Test func miterJoinReachesItsTip() {
    // A right angle at (30, 30) with width 4: the miter tip is at (32, 28) for the outer
    // corner of the turn from +x to +y... pixel (31, 28) is covered only with a miter join.
    var p = Path()
    p.move(to: Point(10, 30)); p.line(to: Point(30, 30)); p.line(to: Point(30, 50))
    let miter = Mask(stroking: p, style: StrokeStyle(width: 4, join: .miter), limit: canvas)
    let bevel = Mask(stroking: p, style: StrokeStyle(width: 4, join: .bevel), limit: canvas)
    #expect(miter.coverage(x: 31, y: 28) == 255)
    #expect(bevel.coverage(x: 31, y: 28) < 200)
  }

  @Test func dashesSplitTheLine() {
    var p = Path()
    p.move(to: Point(0, 10.5)); p.line(to: Point(40, 10.5))
    let m = Mask(stroking: p, style: StrokeStyle(width: 1, dash: [4, 4]), limit: canvas)
    // On 0..<4, off 4..<8, on 8..<12 ...
    #expect(m.coverage(x: 2, y: 10) == 255 && m.coverage(x: 6, y: 10) == 0 && m.coverage(x: 9, y: 10) == 255)
  }

  @Test func gradientIsLinearInPosition() {
    // Black → white across 256 px horizontally: pixel x has t = (x + ½)/256, value
    // round(255·t) from the 1024-entry table (within one step).
    var b = Bitmap(width: 256, height: 2)
    b.draw(LinearGradient(colors: [.black, .white], start: Point(0, 0.5), end: Point(1, 0.5)), in: Rect(x: 0, y: 0, width: 256, height: 2))
    for x in [0, 17, 128, 200, 255] {
      let expected = 255 * (Double(x) + 0.5) / 256
      #expect(abs(Double(b.pixel(x: x, y: 1).r) - expected) <= 1, "x = \(x)")
    }
  }

  @Test func shadowFollowsTheOffsetAndRadius() {
    // A 20×20 black square's shadow, offset (0, 10) pt at scale 1, σ = 2: below the square
    // the shadow is solid; at its own edge it is half.
    var layer = Layer(frame: Rect(x: 20, y: 10, width: 20, height: 20), backgroundColor: .white)
    layer.shadow = Shadow(opacity: 1, radius: 2, offset: Point(0, 10))
    var b = Bitmap(width: 64, height: 64)
    b.clear(to: .white)
    b.render(layer, scale: 1)
    // Exact: white minus 255·Gx·Gy, Gy(Y) = Φ((Y − 20)/σ) − Φ((Y − 40)/σ) at the pixel centre.
    func phi(_ z: Double) -> Double { 0.5 * (1 + erfd(z / 2.0.squareRoot())) }
    for y in [32, 35, 38, 40, 42, 45, 50] {
      let Y = Double(y) + 0.5
      let g = (phi((Y - 20) / 2) - phi((Y - 40) / 2)) * (phi((30.5 - 20) / 2) - phi((30.5 - 40) / 2))
      #expect(abs(Double(b.pixel(x: 30, y: y).r) - 255 * (1 - g)) <= 2, "y = \(y)")
    }
    #expect(b.pixel(x: 30, y: 20).r == 255)          // the layer's own white covers it
  }

  @Test func shadowWithoutBackgroundFollowsTheContent() {
    // A transparent container with a shadow and one black 10×10 sublayer: the shadow is
    // the sublayer's shape, offset by (0, 12) — nothing where the container alone is.
    var container = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 40))
    container.shadow = Shadow(opacity: 1, radius: 1, offset: Point(0, 12))
    container.sublayers = [Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .black)]
    var b = Bitmap(width: 64, height: 64)
    b.clear(to: .white)
    b.render(container, scale: 1)
    #expect(b.pixel(x: 15, y: 15).r == 0)          // the sublayer itself
    #expect(b.pixel(x: 15, y: 27).r <= 2)          // its shadow, 12 below
    #expect(b.pixel(x: 40, y: 40).r == 255)        // the container's empty area casts nothing
    #expect(b.pixel(x: 15, y: 36).r == 255)        // 3σ past the shadow's bottom edge (32)
  }
}
