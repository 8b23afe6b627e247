import Geometry
import Testing
@testable import Raster

/// Path data is not bounded by the scene's coordinate limits: any finite number reaches the
/// rasterizer and the stroker. They clamp before converting to Int, so a point at y = 1e300
/// draws what lies in the canvas instead of trapping.
@Suite struct HugeCoordinateTests {
  let canvas = PixelRect(x: 0, y: 0, width: 16, height: 16)

  @Test func aTriangleReachingFarBelowTheCanvasFillsItsVisiblePart() {
    // (0, 0) - (8, 1e300) - (16, 0): within rows 0...16 its sides move by 8·16/1e300 px, so
    // the canvas is covered fully (closed form: the triangle contains [0, 16] × [0, 16]
    // up to 1e-298 px).
    for y in [1e300, -1e300, 1e20] {
      var p = Path()
      p.move(to: Point(0, 0)); p.line(to: Point(8, y)); p.line(to: Point(16, 0)); p.close()
      let m = Mask(path: p, limit: canvas)
      let expected: UInt8 = y > 0 ? 255 : 0
      #expect(m.coverage(x: 0, y: 0) == expected && m.coverage(x: 15, y: 15) == expected && m.coverage(x: 8, y: 7) == expected, "y = \(y)")
    }
  }

  @Test func aStrokeWhoseWidthIsAstronomicalCoversTheCanvas() {
    // Width 1e302 with round joins: the quarter-circle step count is capped instead of
    // overflowing Int; the canvas lies inside the stroke.
    var p = Path()
    p.move(to: Point(0, 0)); p.line(to: Point(8, 8)); p.line(to: Point(16, 0))
    let m = Mask(stroking: p, style: StrokeStyle(width: 1e302, cap: .round, join: .round), limit: canvas)
    #expect(m.coverage(x: 8, y: 8) == 255)
  }
}
