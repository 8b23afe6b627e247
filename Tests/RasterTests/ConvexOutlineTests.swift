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

  @Test func containsAgreesWithEveryEdgeTest() throws {
    let o = outline(Rect(x: 0.3, y: 10.7, width: 120, height: 80), CornerRadii(all: 30), .continuous, scale: 1)
    let pts = try #require(o.clipPolygon)
    for polygon in [pts, pts.reversed()] {
      let k = ConvexPolygon(polygon)
      var inside = 0
      for i in 0..<4000 {
        let p = Point(Double(i % 80) * 1.6 - 2, Double(i / 80) * 1.9 + 7)
        // Independent: p is on the inner side of every edge (either winding).
        let sides = polygon.indices.map { j -> Double in
          let a = polygon[j], b = polygon[(j + 1) % polygon.count]
          return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        }.filter { $0 != 0 }
        let expected = sides.allSatisfy { $0 > 0 } || sides.allSatisfy { $0 < 0 }
        #expect(k.contains(p) == expected, "\(p)")
        inside += expected ? 1 : 0
      }
      #expect(inside > 1000 && inside < 3000)
      // Every vertex is on the polygon.
      #expect(polygon.allSatisfy { k.contains($0) })
    }
  }

  @Test func anLShapeHasNoClipPolygon() {
    let l = [Point(0, 0), Point(10, 0), Point(10, 4), Point(4, 4), Point(4, 10), Point(0, 10)]
    #expect(!MaskOutline.isConvex(l))
    #expect(MaskOutline(loops: [l], rule: .nonZero).clipPolygon == nil)
  }
}
