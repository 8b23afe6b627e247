import Foundation
import Geometry

/// Values computed here from first principles, to check the simulation against.
enum Independent {
  /// UIKit's spring for UIViewPropertyAnimator(duration:dampingRatio:) with no initial
  /// velocity and ζ < 1, in closed form (motion-model.md §2): ω is chosen so that the
  /// oscillation's envelope is 0.1 % of the distance at t = D,
  /// ω = -ln(0.001 √(1-ζ²) / ζ) / (ζ D), and the fraction done at t is
  /// 1 - e^(-ζωt) (cos ω_d t + ζω/ω_d sin ω_d t), ω_d = ω √(1-ζ²).
  static func uikitSpring(duration D: Double, dampingRatio z: Double, at t: Double) -> Double {
    precondition(z < 1)
    let w = -log(0.001 * (1 - z * z).squareRoot() / z) / (z * D)
    let wd = w * (1 - z * z).squareRoot()
    return 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
  }

  /// Core Animation's cubic timing (x1, y1, x2, y2) at time fraction `x`, by bisection.
  static func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
      3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<60 {
      let mid = (lo + hi) / 2
      if bezier(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return bezier(y1, y2, (lo + hi) / 2)
  }
}
