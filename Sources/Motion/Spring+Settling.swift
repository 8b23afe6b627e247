import Foundation

// How long a spring takes to come to rest, by Core Animation's and by UIKit's rule
// (motion-model §3). Both use ε = 0.001 of the distance.
extension Spring {
  /// `CASpringAnimation.settlingDuration` (seconds): for ζ < 1 the time the envelope
  /// (|A| + |B|)·e^{−ζω0 t} falls to ε; for ζ >= 1 Core Animation's walk over t = 0, 0.1, 0.2, …
  /// returning the first sample after which |1 − y| stays below ε for more than 1 s (so the
  /// result is a multiple of 0.1). `.infinity` for an undamped spring.
  public func coreAnimationSettlingDuration(epsilon: Double = 0.001) -> Double {
    let eps = max(epsilon, 1e-6)
    let sol = solution
    if sol.zeta <= 0 { return .infinity }
    if sol.regime == .under {
      return max(0, log(sol.envelope(at: 0) / eps) / (sol.zeta * sol.w0))
    }
    // The walk; bounded so a pathological over-damped spring cannot loop for ever.
    var t = 0.0, settledSince: Double? = nil
    for _ in 0..<1_000_000 {
      if abs(sol.remaining(at: t)) < eps {
        if let since = settledSince {
          if t - since > 1.0 { return since }
        } else {
          settledSince = t
        }
      } else {
        settledSince = nil
      }
      t += 0.1
    }
    return settledSince ?? t
  }

  /// UIKit's `_durationOfSpringAnimation` (seconds), the duration a
  /// `UIViewPropertyAnimator` takes for mass/stiffness/damping or duration/bounce parameters:
  /// the same envelope rule as Core Animation for ζ < 1, and for ζ >= 1 the solution of
  /// (1 + B·t)·e^{−ω0·t} = ε through Lambert W₋₁ in Chatzigeorgiou's approximation.
  ///
  /// Where that formula has no solution (initial velocity at or beyond ω0, or an explicitly
  /// over-damped spring) the exact last time |1 − y| reaches ε is returned instead.
  /// Throws `neverSettles` for an undamped spring.
  public func uikitSettlingDuration(epsilon: Double = 0.001) throws(MotionError) -> Double {
    let sol = solution
    if sol.zeta <= 0 { throw .neverSettles(stiffness: stiffness, mass: mass) }
    switch sol.regime {
    case .under:
      return max(0, log(sol.envelope(at: 0) / epsilon) / (sol.zeta * sol.w0))
    case .critical:
      let w0 = sol.w0, b = w0 - initialVelocity
      if b > 0 {
        let x = -(w0 * epsilon / b) * exp(-w0 / b)
        if x > -exp(-1.0), x < 0 {
          let w = Spring.lambertWMinus1Approximation(x)
          return max(0, -w / w0 - 1 / b)
        }
      }
      return Spring.lastExcursion(sol, epsilon: epsilon)
    case .over:
      return Spring.lastExcursion(sol, epsilon: epsilon)
    }
  }

  /// Chatzigeorgiou's approximation of the lower branch W₋₁(x), −1/e < x < 0, with the
  /// constants UIKit uses (M1 = 0.3361, M2 = −0.0042, M3 = −0.0201); within 0.02 % of exact.
  static func lambertWMinus1Approximation(_ x: Double) -> Double {
    let m1 = 0.3361, m2 = -0.0042, m3 = -0.0201
    let sigma = -1 - log(-x)
    let root = sigma.squareRoot()
    return -1 - sigma - (2 / m1) * (1 - 1 / (1 + (m1 * (sigma / 2).squareRoot()) / (1 + m2 * sigma * exp(m3 * root))))
  }

  /// The last time |u(t)| >= ε (seconds), found by a scan under a decreasing bound and bisection.
  static func lastExcursion(_ sol: Solution, epsilon: Double) -> Double {
    // Past `horizon` the bound (and so |u|) stays below ε.
    var horizon = 1 / sol.w0 + 1 / max(abs(sol.w0 - sol.v0), 1e-9)
    var guardCount = 0
    while sol.envelope(at: horizon) >= epsilon && guardCount < 200 {
      horizon *= 2
      guardCount += 1
    }
    let steps = 4096
    let dt = horizon / Double(steps)
    var last = -1
    for i in 0...steps where abs(sol.remaining(at: Double(i) * dt)) >= epsilon { last = i }
    if last < 0 { return 0 }
    if last == steps { return horizon }
    var lo = Double(last) * dt, hi = lo + dt
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if abs(sol.remaining(at: mid)) >= epsilon { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }
}
