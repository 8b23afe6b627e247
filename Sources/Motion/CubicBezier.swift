import Foundation
import Geometry

/// A cubic Bézier timing function from (0, 0) to (1, 1) with two control points, as
/// `CAMediaTimingFunction(controlPoints:)` takes them: x is the fraction of the duration,
/// y the progress.
///
/// `progress(at:)` solves X(t) = x for the curve parameter to 1e-12 (Newton from t = x with a
/// bisection fallback, as WebKit's and Core Animation's solvers do, but tighter), then returns Y(t).
public struct CubicBezier: Hashable, Sendable, CustomStringConvertible {
  public let c1x: Double, c1y: Double, c2x: Double, c2y: Double

  /// Control points (c1x, c1y) and (c2x, c2y); the x values must lie in [0, 1] (as Core
  /// Animation requires, which keeps x monotone); y values are free (overshooting curves).
  public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) throws(MotionError) {
    try require("c1x", c1x, "in [0, 1]") { (0...1).contains($0) }
    try require("c2x", c2x, "in [0, 1]") { (0...1).contains($0) }
    try require("c1y", c1y, "finite") { _ in true }
    try require("c2y", c2y, "finite") { _ in true }
    self.init(unchecked: c1x, c1y, c2x, c2y)
  }

  init(unchecked c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    self.c1x = c1x
    self.c1y = c1y
    self.c2x = c2x
    self.c2y = c2y
  }

  /// Core Animation's `linear` (0, 0, 1, 1).
  public static let linear = CubicBezier(unchecked: 0, 0, 1, 1)
  /// Core Animation's `easeIn` (0.42, 0, 1, 1); `UIView.AnimationCurve.easeIn`.
  public static let easeIn = CubicBezier(unchecked: 0.42, 0, 1, 1)
  /// Core Animation's `easeOut` (0, 0, 0.58, 1); `UIView.AnimationCurve.easeOut`.
  public static let easeOut = CubicBezier(unchecked: 0, 0, 0.58, 1)
  /// Core Animation's `easeInEaseOut` (0.42, 0, 0.58, 1); `UIView.animate`'s default curve.
  public static let easeInEaseOut = CubicBezier(unchecked: 0.42, 0, 0.58, 1)
  /// Core Animation's `default` (0.25, 0.1, 0.25, 1); `UICubicTimingParameters()`.
  public static let `default` = CubicBezier(unchecked: 0.25, 0.1, 0.25, 1)

  /// The named curves by their Core Animation names (`easeInOut` is accepted for
  /// `easeInEaseOut`, as UIKit names it).
  public static let named: [(name: String, curve: CubicBezier)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ("easeInEaseOut", .easeInEaseOut), ("easeInOut", .easeInEaseOut), ("default", .default),
  ]

  /// The named curve called `name`, or nil.
  public static func named(_ name: String) -> CubicBezier? {
    named.first { $0.name == name }?.curve
  }

  public var description: String {
    if let name = CubicBezier.named.first(where: { $0.curve == self })?.name { return name }
    return "[\(formatted(c1x)), \(formatted(c1y)), \(formatted(c2x)), \(formatted(c2y))]"
  }

  // Polynomial coefficients: B(t) = ((a·t + b)·t + c)·t.
  private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
    let c = 3 * p1, b = 3 * (p2 - p1) - c
    return (1 - c - b, b, c)
  }

  func x(_ t: Double) -> Double { let (a, b, c) = Self.coefficients(c1x, c2x); return ((a * t + b) * t + c) * t }
  func y(_ t: Double) -> Double { let (a, b, c) = Self.coefficients(c1y, c2y); return ((a * t + b) * t + c) * t }
  func dx(_ t: Double) -> Double { let (a, b, c) = Self.coefficients(c1x, c2x); return (3 * a * t + 2 * b) * t + c }
  func dy(_ t: Double) -> Double { let (a, b, c) = Self.coefficients(c1y, c2y); return (3 * a * t + 2 * b) * t + c }

  /// The curve parameter t with X(t) = x, for x in [0, 1] (to 1e-12).
  func parameter(forX x: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let err = self.x(t) - x
      if abs(err) < 1e-12 { return t }
      let d = dx(t)
      if abs(d) < 1e-9 { break }
      t -= err / d
      if t < 0 || t > 1 { break }
    }
    var lo = 0.0, hi = 1.0
    t = x
    for _ in 0..<200 {
      let v = self.x(t)
      if abs(v - x) < 1e-13 { return t }
      if v < x { lo = t } else { hi = t }
      t = (lo + hi) / 2
      if hi - lo < 1e-15 { break }
    }
    return t
  }

  /// Progress y for the time fraction `x`; x is clamped to [0, 1].
  public func progress(at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    return y(parameter(forX: x))
  }

  /// Progress for `x` solved the way Core Animation's `TimingFunction::evaluate` does
  /// (motion-model §4): Newton from t = x for at most 8 steps, accepted once |X(t) − x| < ε and
  /// abandoned when |X'| < 1e-6, then bisection on [0, 1] for at most 1025 steps.
  /// `-[CAMediaTimingFunction _solveForInput:]` uses ε = 1e-5 (within 2e-5 of `progress(at:)`);
  /// render-side keyframes use ε = 0.001 / duration. `progress(at:)` is the tight solve.
  public func coreAnimationProgress(at x: Double, epsilon: Double = 1e-5) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var t = x
    for _ in 0..<8 {
      let err = self.x(t) - x
      if abs(err) < epsilon { return y(t) }
      let d = dx(t)
      if abs(d) < 1e-6 { break }
      t -= err / d
    }
    var lo = 0.0, hi = 1.0
    t = x
    for _ in 0..<1025 {
      let v = self.x(t)
      if abs(v - x) < epsilon { break }
      if v < x { lo = t } else { hi = t }
      t = (lo + hi) / 2
    }
    return y(t)
  }

  /// dy/dx at the time fraction `x` (progress per unit time fraction); 0 outside [0, 1].
  /// Where both derivatives vanish (a control point on an end point, as in `linear` or
  /// `easeIn`), the limit is taken from the higher derivatives.
  public func slope(at x: Double) -> Double {
    if x < 0 || x > 1 { return 0 }
    let t = parameter(forX: x)
    let d = dx(t), e = dy(t)
    if abs(d) > 1e-9 { return e / d }
    let (ax, bx, _) = Self.coefficients(c1x, c2x), (ay, by, _) = Self.coefficients(c1y, c2y)
    if abs(e) <= 1e-9 {
      let d2 = 6 * ax * t + 2 * bx, e2 = 6 * ay * t + 2 * by
      if abs(d2) > 1e-9 { return e2 / d2 }
      if abs(ax) > 1e-12 { return ay / ax }
    }
    // A vertical tangent: report the steepest finite difference instead of infinity.
    let h = 1e-6
    let a = clamp(x - h, 0, 1), b = clamp(x + h, 0, 1)
    return (progress(at: b) - progress(at: a)) / (b - a)
  }

  /// The time fraction x at which the curve first reaches progress `y` (for curves whose y is
  /// monotone this is the inverse; UIKit uses it to continue an animator with a new curve).
  /// `y` outside the curve's range gives 0 or 1.
  public func timeFraction(forProgress target: Double) -> Double {
    if target <= 0 { return 0 }
    if target >= 1 && c1y <= 1 && c2y <= 1 { return 1 }
    // Find the first parameter interval where Y crosses the target, then bisect.
    let n = 256
    var prev = 0.0
    for i in 1...n {
      let t = Double(i) / Double(n)
      if y(t) >= target {
        var lo = prev, hi = t
        for _ in 0..<200 {
          let mid = (lo + hi) / 2
          if y(mid) < target { lo = mid } else { hi = mid }
          if hi - lo < 1e-16 { break }
        }
        return x((lo + hi) / 2)
      }
      prev = t
    }
    return 1
  }
}
