import Foundation

/// A damped harmonic oscillator that carries progress from 0 to 1, the way
/// `CASpringAnimation` does: `m·u'' + c·u' + k·u = 0` for the remaining fraction
/// `u = 1 − y`, with `y(0) = 0` and `y'(0) = initialVelocity`.
///
/// `value(at:)` and `velocity(at:)` are closed forms in absolute time (motion-model §1), so the
/// result at `t` never depends on a frame rate. A spring never ends by itself; `Timing` decides
/// when an animation stops and snaps to 1 (UIKit ends a duration spring at its duration).
///
/// Over-damping follows Core Animation: with `allowsOverdamping == false` a damping ratio above 1
/// is evaluated as critically damped with the same natural frequency.
public struct Spring: Hashable, Sendable {
  /// Mass (arbitrary units, > 0).
  public let mass: Double
  /// Stiffness k (> 0), in mass units per second squared.
  public let stiffness: Double
  /// Damping c (>= 0), in mass units per second.
  public let damping: Double
  /// Velocity at t = 0 in fractions of the distance per second (positive points at the target).
  public let initialVelocity: Double
  /// When false (Core Animation's default), a damping ratio above 1 is clamped to 1.
  public let allowsOverdamping: Bool

  /// A spring given by its physical parameters, as `CASpringAnimation` and
  /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` take them.
  ///
  /// Throws for a mass or stiffness that is not > 0, a negative damping, or a non-finite value.
  public init(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0,
    allowsOverdamping: Bool = false
  ) throws(MotionError) {
    try require("mass", mass, "> 0") { $0 > 0 }
    try require("stiffness", stiffness, "> 0") { $0 > 0 }
    try require("damping", damping, ">= 0") { $0 >= 0 }
    try require("initialVelocity", initialVelocity, "finite") { _ in true }
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    self.allowsOverdamping = allowsOverdamping
  }

  /// The same oscillator started with another initial velocity (fractions of distance per second).
  public func with(initialVelocity: Double) -> Spring {
    Spring(unchecked: mass, stiffness, damping, initialVelocity, allowsOverdamping)
  }

  init(unchecked mass: Double, _ stiffness: Double, _ damping: Double, _ v0: Double, _ over: Bool) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = v0
    self.allowsOverdamping = over
  }

  /// Undamped angular frequency ω0 = √(k/m), in radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// Damping ratio ζ = c / (2√(k·m)) as given (may exceed 1).
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// The damping ratio the spring is evaluated with: `min(ζ, 1)` unless over-damping is allowed.
  public var effectiveDampingRatio: Double {
    allowsOverdamping ? dampingRatio : min(dampingRatio, 1)
  }

  /// Progress y at `t` seconds after the start: 0 at t = 0, 1 at rest. Before the start (t < 0)
  /// the spring has not moved, so the value is 0.
  public func value(at t: Double) -> Double {
    t <= 0 ? 0 : 1 - solution.remaining(at: t)
  }

  /// dy/dt at `t`, in fractions of the distance per second; `initialVelocity` at t = 0, and 0
  /// before the start.
  public func velocity(at t: Double) -> Double {
    t < 0 ? 0 : -solution.remainingRate(at: t)
  }

  var solution: Solution { Solution(w0: naturalFrequency, zeta: effectiveDampingRatio, v0: initialVelocity) }
}

/// The closed-form solution for u(t) = 1 − y(t) in each damping regime (motion-model §1).
struct Solution {
  enum Regime { case under, critical, over }
  let w0: Double
  let zeta: Double
  let v0: Double

  var regime: Regime {
    if abs(zeta - 1) < 1e-12 { return .critical }
    return zeta < 1 ? .under : .over
  }

  func remaining(at t: Double) -> Double {
    switch regime {
    case .under:
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let b = (zeta * w0 - v0) / wd
      return exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
    case .critical:
      return (1 + (w0 - v0) * t) * exp(-w0 * t)
    case .over:
      let (r1, r2, c1, c2) = overdamped
      return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }
  }

  func remainingRate(at t: Double) -> Double {
    switch regime {
    case .under:
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let b = (zeta * w0 - v0) / wd
      let e = exp(-zeta * w0 * t)
      return e * ((b * wd - zeta * w0) * cos(wd * t) - (wd + zeta * w0 * b) * sin(wd * t))
    case .critical:
      let b = w0 - v0
      return exp(-w0 * t) * (b - w0 * (1 + b * t))
    case .over:
      let (r1, r2, c1, c2) = overdamped
      return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
    }
  }

  /// Roots r1 > r2 and coefficients for the over-damped case.
  var overdamped: (Double, Double, Double, Double) {
    let s = w0 * (zeta * zeta - 1).squareRoot()
    let r1 = -zeta * w0 + s, r2 = -zeta * w0 - s
    let c1 = (v0 + r2) / (r2 - r1)
    return (r1, r2, c1, 1 - c1)
  }

  /// A decreasing upper bound of |u(t)| for t >= 0.
  func envelope(at t: Double) -> Double {
    switch regime {
    case .under:
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      return exp(-zeta * w0 * t) * (1 + abs((zeta * w0 - v0) / wd))
    case .critical:
      return (1 + abs(w0 - v0) * t) * exp(-w0 * t)
    case .over:
      let (r1, r2, c1, c2) = overdamped
      return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }
  }
}
