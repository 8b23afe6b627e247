import Foundation
import Testing
@testable import Geometry

/// Every command, absolute and relative, against elements worked out by hand from SVG 1.1
/// §8.3; malformed strings against the offset of the character at fault.
@Suite struct SVGPathDataTests {
  typealias E = Path.Element
  func P(_ x: Double, _ y: Double) -> Point { Point(x, y) }
  func parse(_ s: String) throws -> [E] { try Path(svgPathData: s).elements }

  @Test func movetoAndLinetoAbsoluteAndRelative() throws {
    #expect(try parse("M 10 20 L 30 40") == [.move(P(10, 20)), .line(P(30, 40))])
    #expect(try parse("m 10 20 l 30 40") == [.move(P(10, 20)), .line(P(40, 60))])
    // Extra pairs after a moveto are linetos of the same relativity.
    #expect(try parse("M0 0 10 10 20 0") == [.move(P(0, 0)), .line(P(10, 10)), .line(P(20, 0))])
    #expect(try parse("m1 1 2 2 3 3") == [.move(P(1, 1)), .line(P(3, 3)), .line(P(6, 6))])
    #expect(try parse("M0 0L1 1 2 2") == [.move(P(0, 0)), .line(P(1, 1)), .line(P(2, 2))])
    // A relative moveto after a subpath is relative to the current point.
    #expect(try parse("M5 5 L 10 5 m 1 1") == [.move(P(5, 5)), .line(P(10, 5)), .move(P(11, 6))])
  }

  @Test func horizontalAndVertical() throws {
    #expect(try parse("M 1 2 H 10 V 20") == [.move(P(1, 2)), .line(P(10, 2)), .line(P(10, 20))])
    #expect(try parse("M 1 2 h 10 v 20") == [.move(P(1, 2)), .line(P(11, 2)), .line(P(11, 22))])
    #expect(try parse("M 0 0 h 1 2 3") == [.move(P(0, 0)), .line(P(1, 0)), .line(P(3, 0)), .line(P(6, 0))])
  }

  @Test func cubicsAndSmoothCubics() throws {
    #expect(try parse("M0 0 C 0 10 10 10 10 0") == [.move(P(0, 0)), .cubic(control1: P(0, 10), control2: P(10, 10), to: P(10, 0))])
    #expect(try parse("M5 5 c 0 10 10 10 10 0") == [.move(P(5, 5)), .cubic(control1: P(5, 15), control2: P(15, 15), to: P(15, 5))])
    // S reflects the previous second control point about the current point.
    #expect(try parse("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0") == [
      .move(P(0, 0)), .cubic(control1: P(0, 10), control2: P(10, 10), to: P(10, 0)),
      .cubic(control1: P(10, -10), control2: P(20, -10), to: P(20, 0)),
    ])
    #expect(try parse("M0 0 c 0 10 10 10 10 0 s 10 -10 10 0") == [
      .move(P(0, 0)), .cubic(control1: P(0, 10), control2: P(10, 10), to: P(10, 0)),
      .cubic(control1: P(10, -10), control2: P(20, -10), to: P(20, 0)),
    ])
    // Without a preceding cubic the first control point is the current point.
    #expect(try parse("M1 1 L 2 2 S 3 3 4 2") == [.move(P(1, 1)), .line(P(2, 2)), .cubic(control1: P(2, 2), control2: P(3, 3), to: P(4, 2))])
  }

  @Test func quadraticsAndSmoothQuadratics() throws {
    #expect(try parse("M0 0 Q 5 10 10 0") == [.move(P(0, 0)), .quad(control: P(5, 10), to: P(10, 0))])
    #expect(try parse("M2 2 q 5 10 10 0") == [.move(P(2, 2)), .quad(control: P(7, 12), to: P(12, 2))])
    #expect(try parse("M0 0 Q5 10 10 0 T20 0 T30 0") == [
      .move(P(0, 0)), .quad(control: P(5, 10), to: P(10, 0)),
      .quad(control: P(15, -10), to: P(20, 0)), .quad(control: P(25, 10), to: P(30, 0)),
    ])
    #expect(try parse("M0 0 q5 10 10 0 t10 0") == [
      .move(P(0, 0)), .quad(control: P(5, 10), to: P(10, 0)), .quad(control: P(15, -10), to: P(20, 0)),
    ])
    // T after a non-quadratic: the control point is the current point.
    #expect(try parse("M0 0 L 4 0 T 8 4") == [.move(P(0, 0)), .line(P(4, 0)), .quad(control: P(4, 0), to: P(8, 4))])
  }

  @Test func closepathAndWhatFollowsIt() throws {
    #expect(try parse("M10 10 L 20 10 Z") == [.move(P(10, 10)), .line(P(20, 10)), .close])
    // After z the current point is the subpath's start; a drawing command opens a new subpath there.
    #expect(try parse("M10 10 l5 0 z l 0 5") == [.move(P(10, 10)), .line(P(15, 10)), .close, .move(P(10, 10)), .line(P(10, 15))])
    #expect(try parse("M10 10 l5 0 zm 1 1") == [.move(P(10, 10)), .line(P(15, 10)), .close, .move(P(11, 11))])
  }

  @Test func numberSyntax() throws {
    #expect(try parse("M0.5.5") == [.move(P(0.5, 0.5))])
    #expect(try parse("M-1-2") == [.move(P(-1, -2))])
    #expect(try parse("M1e2-3E-1") == [.move(P(100, -0.3))])
    #expect(try parse("M+.5+.5") == [.move(P(0.5, 0.5))])
    #expect(try parse("M 1.,2.") == [.move(P(1, 2))])
    #expect(try parse("\t\n M1,2\r\n") == [.move(P(1, 2))])
    #expect(try parse("M1 , 2 ,3,4") == [.move(P(1, 2)), .line(P(3, 4))])
    #expect(try parse("") == [])
    #expect(try parse("   ") == [])
  }

  @Test func arcFlagsNeedNoSeparators() throws {
    // "a10 10 0 0110 0" is rx 10, ry 10, rotation 0, large 0, sweep 1, then x 10, y 0.
    let packed = try parse("M0 0a10 10 0 0110 0")
    let spaced = try parse("M0 0 a 10 10 0 0 1 10 0")
    #expect(packed == spaced)
    // A 10-unit chord on a radius-10 circle: a 60° arc, one cubic.
    #expect(packed.count == 2)
  }

  @Test func arcAbsoluteAndRelativeEndAtTheirEndPoints() throws {
    let abs = try parse("M10 10 A 5 5 0 0 1 20 10")
    let rel = try parse("M10 10 a 5 5 0 0 1 10 0")
    #expect(abs == rel)
    guard case .cubic(_, _, let end)? = abs.last else { Issue.record("no cubic"); return }
    #expect(end == P(20, 10))
  }

  @Test func arcWithAZeroRadiusIsALineAndAZeroChordIsNothing() throws {
    #expect(try parse("M0 0 A 0 5 0 0 1 10 0") == [.move(P(0, 0)), .line(P(10, 0))])
    #expect(try parse("M0 0 A 5 5 0 0 1 0 0") == [.move(P(0, 0))])
  }

  // MARK: Malformed

  func error(_ s: String) -> SVGPathError? {
    do { _ = try Path(svgPathData: s); return nil } catch { return error }
  }

  @Test func malformedStringsReportTheOffsetOfTheBadCharacter() {
    #expect(error("L 10 10") == SVGPathError(.mustStartWithMove, at: 0))
    #expect(error("  10 10") == SVGPathError(.mustStartWithMove, at: 2))
    #expect(error("M 10") == SVGPathError(.expectedNumber(command: "M", found: "the end"), at: 4))
    #expect(error("M 10 10 X 5") == SVGPathError(.expectedCommand(found: "'X'"), at: 8))
    #expect(error("M 10,,10") == SVGPathError(.expectedNumber(command: "M", found: "',10'"), at: 5))
    #expect(error("M 10 10,") == SVGPathError(.expectedNumber(command: "M", found: "the end"), at: 8))
    #expect(error("M0 0 A 1 1 0 2 1 5 5") == SVGPathError(.expectedFlag(command: "A", found: "'2'"), at: 13))
    #expect(error("M 1e999 0") == SVGPathError(.numberOutOfRange("1e999"), at: 2))
    #expect(error("M 1 2 Z 3") == SVGPathError(.expectedCommand(found: "'3'"), at: 8))
    #expect(error("M 1 2 c 1 2 3") == SVGPathError(.expectedNumber(command: "c", found: "the end"), at: 13))
    #expect(error("M 1 2 L - 3") == SVGPathError(.expectedNumber(command: "L", found: "'-'"), at: 8))
    // "1e" leaves the e unread; it is no command.
    #expect(error("M 1e 2") == SVGPathError(.expectedNumber(command: "M", found: "'e'"), at: 3))
    // Offsets count Unicode scalars, not bytes.
    #expect(error("M 1 2 é") == SVGPathError(.expectedCommand(found: "'é'"), at: 6))
  }
}

/// Arcs against the closed form: points placed on a known ellipse, converted from their end
/// points back to the centre (SVG 1.1 F.6.5) and to cubics whose points lie on the ellipse.
@Suite struct EllipticalArcTests {
  func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
  func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool { close(a.x, b.x, tol) && close(a.y, b.y, tol) }

  /// The point at parameter angle `t` on an ellipse with centre c, radii (a, b), rotation φ.
  func onEllipse(_ c: Point, _ a: Double, _ b: Double, _ phi: Double, _ t: Double) -> Point {
    Point(c.x + a * cos(phi) * cos(t) - b * sin(phi) * sin(t), c.y + a * sin(phi) * cos(t) + b * cos(phi) * sin(t))
  }

  @Test func quarterCircleFlagsPickTheCentreAndSweep() throws {
    // r = 10 from (0,0) to (10,10): the centres are (0,10) and (10,0).
    let cases: [(large: Bool, sweep: Bool, center: Point, delta: Double)] = [
      (false, true, Point(0, 10), .pi / 2),
      (true, false, Point(0, 10), -3 * .pi / 2),
      (false, false, Point(10, 0), -.pi / 2),
      (true, true, Point(10, 0), 3 * .pi / 2),
    ]
    for c in cases {
      let arc = EllipticalArc(from: .zero, to: Point(10, 10), radii: Point(10, 10), rotation: 0, largeArc: c.large, sweep: c.sweep)
      let got = try #require(arc.centered)
      #expect(close(got.center, c.center), "large \(c.large) sweep \(c.sweep): \(got.center)")
      #expect(close(got.sweepAngle, c.delta))
    }
  }

  @Test func radiiTooSmallScaleUpToSpanTheChord() throws {
    // From (0,0) to (40,0) with r = 10: scaled to 20, centre at the chord's middle.
    let arc = EllipticalArc(from: .zero, to: Point(40, 0), radii: Point(10, 10), rotation: 0, largeArc: false, sweep: true)
    let c = try #require(arc.centered)
    #expect(close(c.center, Point(20, 0)))
    #expect(close(c.radii.x, 20) && close(c.radii.y, 20))
    #expect(close(c.startAngle, .pi) && close(c.sweepAngle, .pi))
    // Negative radii are their absolute values.
    let neg = EllipticalArc(from: .zero, to: Point(40, 0), radii: Point(-10, -10), rotation: 0, largeArc: false, sweep: true)
    #expect(neg.centered == c)
  }

  @Test func rotatedEllipsesRoundTripThroughTheEndpointForm() throws {
    let center = Point(31, -7)
    for (a, b, phiDeg, t1, t2) in [
      (20.0, 10.0, 30.0, 0.3, 2.1), (20, 10, 30, 2.1, 0.3), (5, 12, -70, -1.0, 3.5),
      (8, 3, 145, 4.0, 0.5), (15, 15, 0, 0, 5.5), (9, 4, 90, 1.2, 1.3),
    ] {
      let phi = phiDeg * .pi / 180
      let delta = t2 - t1
      let arc = EllipticalArc(
        from: onEllipse(center, a, b, phi, t1), to: onEllipse(center, a, b, phi, t2), radii: Point(a, b), rotation: phi,
        largeArc: abs(delta) > .pi, sweep: delta > 0)
      let c = try #require(arc.centered)
      #expect(close(c.center, center, 1e-7), "\(c.center) for \(a) \(b) \(phiDeg) \(t1) \(t2)")
      #expect(close(c.radii.x, a, 1e-9) && close(c.radii.y, b, 1e-9))
      #expect(close(c.sweepAngle, delta, 1e-9))
      let start = c.startAngle - t1
      #expect(close(remainder(start, 2 * .pi), 0, 1e-9))
      // The cubics end where the arc does, and their midpoints lie on the ellipse.
      var path = Path()
      path.move(to: arc.start)
      arc.appendSegments(to: &path)
      #expect(path.elements.count - 1 == max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up))))
      var from = arc.start
      for e in path.elements.dropFirst() {
        guard case .cubic(let c1, let c2, let p) = e else { Issue.record("not a cubic"); continue }
        let m = (from + c1 * 3 + c2 * 3 + p) * 0.125
        let local = Point(m.x - center.x, m.y - center.y)
        let u = cos(phi) * local.x + sin(phi) * local.y, v = -sin(phi) * local.x + cos(phi) * local.y
        let radial = ((u / a) * (u / a) + (v / b) * (v / b)).squareRoot()
        #expect(abs(radial - 1) < 3e-4, "midpoint off the ellipse by \(radial - 1)")
        from = p
      }
      #expect(close(from, arc.end, 0))
    }
  }
}
