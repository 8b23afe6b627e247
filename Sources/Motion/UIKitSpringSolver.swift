import Foundation
import Geometry

/// UIKit's duration-based spring fit (motion-model §2): the ω that
/// `UIViewPropertyAnimator(duration:dampingRatio:)`, `UIView.animate(…usingSpringWithDamping:…)`
/// and `continueAnimation` give a mass-1 spring so that it has (nearly) settled at the duration.
///
/// It runs the same fixed Newton scheme UIKit runs: exactly 12 steps from ω = 5/D with
/// ε = 0.001, ζ clamped to [FLT_EPSILON, 1] and D to [0.01, 10], and a retry of 20 steps from
/// 1/D when the first run leaves the finite numbers. It deliberately is not a robust root
/// finder: for large `initialVelocity·duration` the iteration jumps to another root exactly as
/// iOS does, which gives the softer or stiffer springs iOS shows in that regime.
public enum UIKitSpringSolver {
  /// The residual displacement UIKit aims for at the duration (0.1 % of the distance).
  public static let epsilon = 0.001
  /// FLT_EPSILON, UIKit's lower clamp for the damping ratio.
  public static let minimumDampingRatio = 1.1920928955078125e-7

  /// The natural frequency ω (radians per second) for a spring that should take `duration`
  /// seconds with `dampingRatio` and `initialVelocity` (fractions of the distance per second).
  public static func omega(duration: Double, dampingRatio: Double, initialVelocity v0: Double) -> Double {
    let zeta = clamp(dampingRatio, minimumDampingRatio, 1)
    let d = clamp(duration, 0.01, 10)
    var w = newton(start: 5 / d, steps: 12, zeta: zeta, d: d, v0: v0)
    if !w.isFinite { w = newton(start: 1 / d, steps: 20, zeta: zeta, d: d, v0: v0) }
    return abs(w)
  }

  static func newton(start: Double, steps: Int, zeta: Double, d: Double, v0: Double) -> Double {
    let eps = epsilon
    var w = start
    for _ in 0..<steps {
      let f: Double, fp: Double
      if zeta < 1 {
        let s = (1 - zeta * zeta).squareRoot()
        let e = exp(-zeta * w * d)
        let h = (zeta * w - v0) / (w * s) * e
        f = eps - abs(h)
        let sign: Double = h < 0 ? -1 : 1
        fp = -sign * ((v0 + zeta * d * v0 * w) - zeta * zeta * d * w * w) * e / (w * w * s)
      } else {
        let e = exp(-w * d)
        let s: Double = w >= v0 ? 1 : -1
        f = (1 + (w - v0) * d) * e - s * eps
        fp = d * d * (v0 - w) * e
      }
      w -= f / fp
    }
    return w
  }

  /// The inverse of the fit for a given ω: the duration D whose UIKit equation has ω as a root
  /// (for v0 = 0 the 12-step Newton lands on it). `nil` when no positive duration exists
  /// (for example an over-damped ratio, which UIKit's duration springs cannot express).
  public static func duration(omega w: Double, dampingRatio: Double, initialVelocity v0: Double) -> Double? {
    guard w > 0, w.isFinite, dampingRatio > 0, dampingRatio <= 1 else { return nil }
    let zeta = dampingRatio
    if zeta < 1 {
      // |ζω − v0| / (ω√(1−ζ²)) · e^{−ζωD} = ε, solved for D.
      let a = abs(zeta * w - v0) / (w * (1 - zeta * zeta).squareRoot())
      guard a > 0 else { return nil }
      let d = log(a / epsilon) / (zeta * w)
      return d > 0 ? d : nil
    }
    // Critical: (1 + (ω − v0)·D)·e^{−ωD} = ε, with the displacement decaying past its last
    // extremum; bisection on the decreasing tail.
    let g = { (d: Double) in abs((1 + (w - v0) * d) * exp(-w * d)) - epsilon }
    let b = w - v0
    var lo = b > 0 ? max(0, 1 / w - 1 / b) : (b < 0 ? 1 / w - 1 / b : 0)
    guard g(lo) > 0 else { return nil }
    var hi = lo + 1 / w
    while g(hi) > 0 { hi = lo + 2 * (hi - lo); if hi > 1e6 { return nil } }
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if g(mid) > 0 { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }
}
