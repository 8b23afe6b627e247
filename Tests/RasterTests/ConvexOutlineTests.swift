import Geometry
import Testing
@testable import Raster

/// Which outlines clip other shapes exactly (`MaskOutline.clipPolygon`): circular rounded
/// rectangles are convex; continuous ones are stood in for by their convex hull, which adds
/// 8.2e-5·r² per corner (computed independently: the corner's cubics sampled finely, hull
/// area minus polygon area, numpy); an L shape is not convex and gets no clip polygon.
@Suite struct ConvexOutlineTests {
  func outline(_ rect: Rect, _ radii: CornerRadii, _ curve: CornerCurve, scale: Double) -> MaskOutline {
    let t = AffineTransform(scaleX: scale, y: scale)
    return MaskOutline(loops: PathFlattener.polylines(Path(roundedRect: rect, radii: radii, curve: curve), transform: t).map(\.points), rule: .nonZero)
  }

  @Test(arguments: [CornerCurve.circular, .continuous])
  func roundedRectanglesClipAsConvexPolygons(curve: CornerCurve) throws {
    for (radii, corners) in [(CornerRadii(topLeft: 12, topRight: 12, bottomRight: 0, bottomLeft: 0), 2.0), (CornerRadii(all: 28), 4.0)] {
      for dy in stride(from: 0.0, through: 1.0, by: 0.25) {
        let o = outline(Rect(x: 0, y: 300 + dy, width: 390, height: 544), radii, curve, scale: 3)
        let polygon = try #require(o.clipPolygon)
        #expect(o.isConvex == (curve == .circular))
        let added = abs(MaskOutline.area(polygon)) - abs(MaskOutline.area(o.loops[0]))
        let r = radii.topLeft * 3
        #expect(added >= -1e-6 && added <= corners * 8.3e-5 * r * r, "hull adds \(added) px²")
      }
    }
  }

  @Test func anLShapeHasNoClipPolygon() {
    let l = [Point(0, 0), Point(10, 0), Point(10, 4), Point(4, 4), Point(4, 10), Point(0, 10)]
    #expect(!MaskOutline.isConvex(l))
    #expect(MaskOutline(loops: [l], rule: .nonZero).clipPolygon == nil)
  }
}
