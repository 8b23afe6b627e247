import Geometry
import Testing
@testable import Raster

/// A CAShapeLayer's contents: fill then stroke, exact edges, and one group at layer opacity.
@Suite struct ShapeContentsTests {
  func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b.pixels[(y * b.width + x) * 4 + 3]) }

  @Test func strokeReachesOutsideThePathAndFillStaysInside() {
    // A 10 × 10 square at (5, 5) stroked 2 pt wide: the stroke covers x 4...6 on the left
    // edge (1 px each side of the path), the fill 5...15.
    var layer = Layer(frame: Rect(0, 0, 20, 20))
    layer.contents = .shape(ShapeContents(path: Path(rect: Rect(5, 5, 10, 10)), fill: nil, stroke: .black, strokeStyle: StrokeStyle(width: 2)))
    var b = Bitmap(width: 20, height: 20)
    b.render(layer, scale: 1)
    #expect(alpha(b, 4, 10) == 255 && alpha(b, 5, 10) == 255 && alpha(b, 3, 10) == 0 && alpha(b, 6, 10) == 0)
    #expect(alpha(b, 10, 10) == 0)  // no fill
    layer.contents = .shape(ShapeContents(path: Path(rect: Rect(5, 5, 10, 10)), fill: .black))
    b = Bitmap(width: 20, height: 20)
    b.render(layer, scale: 1)
    #expect(alpha(b, 10, 10) == 255 && alpha(b, 4, 10) == 0 && alpha(b, 5, 10) == 255)
  }

  @Test func fillAndStrokeAtHalfOpacityCompositeOnce() {
    // Where the stroke overlaps the fill, a group composites 0.5 of black once (alpha 128),
    // not fill then stroke each at 0.5 (alpha 191).
    var layer = Layer(frame: Rect(0, 0, 20, 20))
    layer.opacity = 0.5
    layer.contents = .shape(ShapeContents(path: Path(rect: Rect(5, 5, 10, 10)), fill: .black, stroke: .black, strokeStyle: StrokeStyle(width: 2)))
    var b = Bitmap(width: 20, height: 20)
    b.render(layer, scale: 1)
    #expect(abs(alpha(b, 5, 10) - 128) <= 1)
    #expect(abs(alpha(b, 10, 10) - 128) <= 1)
    #expect(abs(alpha(b, 4, 10) - 128) <= 1)  // the stroke outside the path, inside the group's extent
  }
}
