import Geometry
import Testing
@testable import Raster

@Suite struct CoverageTests {
  let canvas = PixelRect(x: 0, y: 0, width: 32, height: 32)

  func pathMask(_ p: Path, _ rule: Path.FillRule = .nonZero) -> Mask {
    Mask(path: p, rule: rule, limit: canvas)
  }

  @Test func halfPixelEdgeHalfCoversItsColumn() {
    // Left edge at x = 10.5: column 10 is half inside, 11 fully, 9 not at all.
    for m in [pathMask(Path(rect: Rect(x: 10.5, y: 2, width: 10, height: 10))), Mask(rect: Rect(x: 10.5, y: 2, width: 10, height: 10))] {
      #expect(abs(Int(m.coverage(x: 10, y: 5)) - 128) <= 1)
      #expect(m.coverage(x: 11, y: 5) == 255)
      #expect(m.coverage(x: 9, y: 5) == 0)
    }
  }

  @Test func unitRectCoversExactlyOnePixel() {
    for m in [pathMask(Path(rect: Rect(x: 4, y: 7, width: 1, height: 1))), Mask(rect: Rect(x: 4, y: 7, width: 1, height: 1))] {
      for y in 0..<32 {
        for x in 0..<32 {
          #expect(m.coverage(x: x, y: y) == (x == 4 && y == 7 ? 255 : 0), "pixel \(x),\(y)")
        }
      }
    }
  }

  @Test func quarterWideRectCoversAQuarter() {
    // 0.25 of a pixel: round(0.25 * 255) = 64.
    let m = pathMask(Path(rect: Rect(x: 3.5, y: 0, width: 0.25, height: 4)))
    #expect(m.coverage(x: 3, y: 1) == 64)
    #expect(m.coverage(x: 4, y: 1) == 0)
    // A quarter-pixel square in a pixel corner: 1/16 → 16.
    let q = pathMask(Path(rect: Rect(x: 6.75, y: 6.75, width: 0.5, height: 0.5)))
    for (x, y) in [(6, 6), (7, 6), (6, 7), (7, 7)] { #expect(q.coverage(x: x, y: y) == 16) }
  }

  @Test func diagonalEdgeCoversTriangles() {
    // Triangle (0,0) (8,0) (0,8): pixels on the diagonal are half covered, the ones below
    // the diagonal empty, above full.
    var p = Path()
    p.move(to: Point(0, 0)); p.line(to: Point(8, 0)); p.line(to: Point(0, 8)); p.close()
    let m = pathMask(p)
    #expect(m.coverage(x: 3, y: 4) == 128)
    #expect(m.coverage(x: 2, y: 3) == 255)
    #expect(m.coverage(x: 4, y: 4) == 0)
  }

  @Test func circleAreaMatchesPiRSquared() {
    let r = 11.3
    let m = pathMask(Path(ellipseIn: Rect(x: 16 - r, y: 16 - r, width: 2 * r, height: 2 * r)))
    let total = m.bytes.reduce(0) { $0 + Double($1) } / 255
    #expect(abs(total - Double.pi * r * r) < 0.6)
  }

  /// A five-pointed star drawn as one self-crossing pentagram: its centre pentagon has
  /// winding number 2.
  func star() -> Path {
    var p = Path()
    for i in 0..<5 {
      let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
      let pt = Point(16 + 14 * cosd(a), 16 + 14 * sind(a))
      if i == 0 { p.move(to: pt) } else { p.line(to: pt) }
    }
    p.close()
    return p
  }

  @Test func evenOddLeavesTheStarsCentreEmpty() {
    let nz = pathMask(star(), .nonZero), eo = pathMask(star(), .evenOdd)
    #expect(nz.coverage(x: 16, y: 16) == 255)
    #expect(eo.coverage(x: 16, y: 16) == 0)
    // A point inside one arm is inside under both rules.
    #expect(nz.coverage(x: 16, y: 8) == 255)
    #expect(eo.coverage(x: 16, y: 8) == 255)
  }

  @Test func pathsOutsideTheLimitAreClipped() {
    let m = pathMask(Path(rect: Rect(x: -100, y: -100, width: 110.5, height: 400)))
    #expect(m.bounds == PixelRect(x: 0, y: 0, width: 11, height: 32))
    #expect(m.coverage(x: 0, y: 0) == 255)
    #expect(abs(Int(m.coverage(x: 10, y: 9)) - 128) <= 1)
  }

  @Test func nestedClipsMultiply() {
    let a = Mask(rect: Rect(x: 0, y: 0, width: 10.5, height: 10))
    let b = pathMask(Path(rect: Rect(x: 10, y: 0, width: 10, height: 10.5)))
    let both = a.intersection(b)
    // Pixel (10, 5): 0.5 from a, 1 from b.
    #expect(abs(Int(both.coverage(x: 10, y: 5)) - 128) <= 1)
    #expect(both.coverage(x: 9, y: 5) == 0)
    #expect(both.coverage(x: 11, y: 5) == 0)
    // Two rectangles intersect analytically.
    let r = Mask(rect: Rect(x: 2.5, y: 2, width: 4, height: 4)).intersection(Mask(rect: Rect(x: 0, y: 3.5, width: 5, height: 5)))
    #expect(r.coverage(x: 2, y: 4) == 128)
    #expect(r.coverage(x: 2, y: 3) == 64)
  }
}
