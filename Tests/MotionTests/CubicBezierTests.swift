import Foundation
import Testing
@testable import Motion

@Suite struct CubicBezierTests {
  // motion-model §9 (tight solver).
  @Test(arguments: [
    ("easeIn", [0.093464651, 0.315356813, 0.621861869]),
    ("easeOut", [0.378138131, 0.684643187, 0.906535349]),
    ("easeInEaseOut", [0.129161931, 0.5, 0.870838069]),
    ("default", [0.408510591, 0.802403388, 0.960458978]),
  ])
  func namedCurveVectors(name: String, values: [Double]) throws {
    let curve = try #require(CubicBezier.named(name))
    for (x, y) in zip([0.25, 0.5, 0.75], values) { expectClose(curve.progress(at: x), y, 1e-9, "\(name) x = \(x)") }
  }

  @Test func linearIsIdentity() {
    for x in stride(from: 0.0, through: 1.0, by: 0.125) { expectClose(CubicBezier.linear.progress(at: x), x, 1e-12) }
  }

  // A hand-picked control point set: solve X(t) = x independently by bisection here.
  @Test func arbitraryControlPointsAgainstBisection() throws {
    let c = try CubicBezier(0.66, 0, 0.33, 1)
    func bez(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    for x in [0.01, 0.2, 0.5, 0.77, 0.99] {
      var lo = 0.0, hi = 1.0
      for _ in 0..<100 { let m = (lo + hi) / 2; if bez(0.66, 0.33, m) < x { lo = m } else { hi = m } }
      expectClose(c.progress(at: x), bez(0, 1, lo), 1e-9)
    }
  }

  // Steep ends (x control points at 0 and 1) still solve to 1e-6 via the bisection fallback.
  @Test func degenerateDerivative() throws {
    let c = try CubicBezier(1, 0, 0, 1)
    expectClose(c.progress(at: 0.5), 0.5, 1e-9)
    let y = c.progress(at: 0.001)
    #expect(y >= 0 && y < 0.01)
  }

  @Test func slopeMatchesDifference() {
    let c = CubicBezier.easeInEaseOut
    for x in [0.1, 0.4, 0.5, 0.9] {
      let h = 1e-6
      expectClose(c.slope(at: x), (c.progress(at: x + h) - c.progress(at: x - h)) / (2 * h), 1e-5)
    }
    // easeIn ends with c2 = (1, 1): near the end B − P3 ≈ 3s²(P1 − P3), so dy/dx → (1 − 0)/(1 − 0.42).
    expectClose(CubicBezier.easeIn.slope(at: 1), 1 / 0.58, 1e-9)
    // linear has c1 = (0, 0) and c2 = (1, 1): slope exactly 1 at both ends.
    #expect(CubicBezier.linear.slope(at: 0) == 1)
    #expect(CubicBezier.linear.slope(at: 1) == 1)
    // easeOut starts with c1 = (0, 0): the limit is c2y / c2x = 1 / 0.58.
    expectClose(CubicBezier.easeOut.slope(at: 0), 1 / 0.58, 1e-9)
  }

  @Test func inverse() {
    let c = CubicBezier.easeInEaseOut
    for y in [0.1, 0.3, 0.5, 0.9] { expectClose(c.progress(at: c.timeFraction(forProgress: y)), y, 1e-9) }
    // §9: continue from 0.3 on easeInEaseOut → u = 0.379704.
    expectClose(c.timeFraction(forProgress: 0.3), 0.379704, 1e-6)
  }

  // §4: Core Animation's own solver with ε = 1e-5 stays within 2e-5 of the tight solve.
  @Test func coreAnimationSolverTolerance() {
    for curve in [CubicBezier.easeIn, .easeOut, .easeInEaseOut, .default] {
      for i in 1..<100 {
        let x = Double(i) / 100
        #expect(abs(curve.coreAnimationProgress(at: x) - curve.progress(at: x)) <= 2e-5)
      }
    }
    // A coarse render-side ε (0.001 / 0.35 s) gives visibly larger errors, up to 5e-3.
    let coarse = (1..<100).map { abs(CubicBezier.easeInEaseOut.coreAnimationProgress(at: Double($0) / 100, epsilon: 0.001 / 0.35) - CubicBezier.easeInEaseOut.progress(at: Double($0) / 100)) }.max() ?? 0
    #expect(coarse <= 5e-3)
  }

  @Test func clampsOutside() {
    #expect(CubicBezier.easeIn.progress(at: -0.5) == 0)
    #expect(CubicBezier.easeIn.progress(at: 1.5) == 1)
  }

  @Test func rejectsXOutsideUnit() {
    #expect(throws: MotionError.self) { try CubicBezier(1.2, 0, 0.5, 1) }
    #expect(throws: MotionError.self) { try CubicBezier(0.2, .infinity, 0.5, 1) }
  }
}
