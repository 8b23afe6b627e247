import Foundation
import Geometry
import Testing

/// Arcs whose radii or chord are so large that squaring them overflows a Double (past about
/// 1e154): the centre form is scale-free, so each is checked against the closed form of a
/// circle through the two ends, at that size.
@Suite struct HugeArcTests {
  func relativelyClose(_ a: Double, _ b: Double, _ tol: Double = 1e-12) -> Bool {
    abs(a - b) <= tol * max(abs(a), abs(b), 1)
  }

  @Test func radiusFarBelowAHugeChordGrowsToHalfTheChord() throws {
    // F.6.6: radius 10 cannot span a chord of 1e155, so it grows to 5e154; the centre is the
    // chord's midpoint and the arc a half circle, clockwise (sweep 1): Δθ = +π.
    let c = try #require(EllipticalArc(from: Point(0, 0), to: Point(1e155, 0), radii: Point(10, 10), rotation: 0, largeArc: false, sweep: true).centered)
    #expect(relativelyClose(c.center.x, 5e154) && abs(c.center.y) <= 1e142)
    #expect(relativelyClose(c.radii.x, 5e154) && relativelyClose(c.radii.y, 5e154))
    #expect(relativelyClose(c.sweepAngle, .pi))
    let path = try Path(svgPathData: "M0 0 A10 10 0 0 1 1e155 0")
    guard case .cubic(_, _, let end)? = path.elements.last else { Issue.record("no cubic"); return }
    #expect(end == Point(1e155, 0))
    // Half a circle below y = 0 on screen? sweep 1 runs through increasing angle from θ1 = π:
    // the arc's middle is at angle 3π/2, (5e154, −5e154).
    #expect(relativelyClose(c.point(at: c.startAngle + c.sweepAngle / 2).y, -5e154))
  }

  @Test func hugeRadiusLargeArcIsNearlyTheWholeCircle() throws {
    // A circle of radius 1e100 through (0, 0) and (10, 0): centre (5, ±√(1e200 − 25)) ≈
    // (5, ±1e100). Large arc with sweep 1: Δθ = 2π − 2·asin(5e-100) ≈ 2π.
    let c = try #require(EllipticalArc(from: Point(0, 0), to: Point(10, 0), radii: Point(1e100, 1e100), rotation: 0, largeArc: true, sweep: true).centered)
    #expect(abs(c.center.x - 5) < 1e-9)
    #expect(relativelyClose(abs(c.center.y), 1e100))
    #expect(relativelyClose(c.radii.x, 1e100))
    #expect(relativelyClose(c.sweepAngle, 2 * .pi))
    let path = try Path(svgPathData: "M0 0 A1e100 1e100 0 1 1 10 0")
    #expect(path.elements.count == 5)  // the move, and four cubics of at most 90° each
    for case .cubic(let c1, let c2, let p) in path.elements {
      let finite = [c1.x, c1.y, c2.x, c2.y, p.x, p.y].allSatisfy { $0.isFinite }
      #expect(finite)
    }
    guard case .cubic(_, _, let end)? = path.elements.last else { Issue.record("no cubic"); return }
    #expect(end == Point(10, 0))
  }

  @Test func endsNearTheLargestDoubleDoNotOverflowTheirMidpoint() throws {
    // Radii 1e300 grow to the half chord, m; the centre is the midpoint 0 (m − m, not (m + m) / 2).
    let m = Double.greatestFiniteMagnitude
    let c = try #require(EllipticalArc(from: Point(-m, 0), to: Point(m, 0), radii: Point(1e300, 1e300), rotation: 0, largeArc: false, sweep: true).centered)
    #expect(c.center == Point(0, 0))
    #expect(c.radii.x == m)
  }

  @Test func anEllipseTooThinForFiniteNumbersIsALine() throws {
    // rx/ry = 1e-320 against a chord of 1: no finite scale-up spans it, so SVG's straight line.
    let path = try Path(svgPathData: "M0 0 A1e-320 1 0 0 1 1 0")
    let finite = path.elements.allSatisfy { e in
      switch e {
      case .move(let p), .line(let p): p.x.isFinite && p.y.isFinite
      case .quad(let c, let p): [c.x, c.y, p.x, p.y].allSatisfy { $0.isFinite }
      case .cubic(let a, let b, let p): [a.x, a.y, b.x, b.y, p.x, p.y].allSatisfy { $0.isFinite }
      case .close: true
      }
    }
    #expect(finite)
  }
}
