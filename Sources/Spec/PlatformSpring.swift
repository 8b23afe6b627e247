import Foundation
import Motion
import Scene

/// One spring in the parameters each platform's API takes, all drawing the curve Motion
/// evaluates (`Spring.value(at:)`): the rules are in docs/spec.md ("Conversions").
///
/// - UIKit: as written when UIKit has that initializer (duration + dampingRatio, mass +
///   stiffness + damping, iOS 17 duration + bounce); SwiftUI's response form has no public
///   UIKit initializer, so it becomes mass 1, stiffness (2π/response)², damping 4πζ/response
///   (or iOS 17's duration + bounce when over-damped, which mass/stiffness/damping would clamp).
/// - SwiftUI: `.spring(response: 2π/ω0, dampingFraction: ζ)` at rest, or
///   `.interpolatingSpring(mass: 1, stiffness: ω0², damping: 2ζω0, initialVelocity: v0)` when
///   the spring starts moving (SwiftUI's `.spring(response:…)` has no initial velocity).
/// - Compose: `spring(dampingRatio = ζ, stiffness = ω0²)`: Compose's spring has unit mass.
///
/// ζ is the damping ratio the curve is evaluated with (`Spring.effectiveDampingRatio`: Core
/// Animation clamps over-damping to 1 unless the API allows it), ω0 = √(k/m) in rad/s, and v0
/// the initial velocity in fractions of the distance per second.
public struct PlatformSpring: Hashable, Sendable {
  /// The spring as the scene wrote it.
  public let written: TimingSpec.Spring
  /// The oscillator Motion evaluates (with the written initial velocity).
  public let spring: Spring

  public init(_ written: TimingSpec.Spring) throws(MotionError) {
    self.written = written
    spring = try written.parameters.spring(initialVelocity: written.initialVelocity)
  }

  /// ω0, rad/s.
  public var naturalFrequency: Double { spring.naturalFrequency }
  /// ζ as evaluated (over-damping clamped to 1 where Core Animation clamps it).
  public var dampingRatio: Double { spring.effectiveDampingRatio }
  /// v0, fractions of the distance per second.
  public var initialVelocity: Double { spring.initialVelocity }
  /// Mass-1 stiffness ω0², per s² (Compose's `stiffness`, SwiftUI's `interpolatingSpring`).
  public var unitStiffness: Double { naturalFrequency * naturalFrequency }
  /// Mass-1 damping 2ζω0, per s.
  public var unitDamping: Double { 2 * dampingRatio * naturalFrequency }
  /// SwiftUI's response 2π/ω0, seconds.
  public var response: Double { 2 * Double.pi / naturalFrequency }

  /// The `UISpringTimingParameters` expression (Swift) and the animator duration to pass it with
  /// (nil when UIKit ignores the duration and runs for its settling duration).
  public func uikitTimingParameters(velocity: String? = nil) -> (code: String, duration: Double?) {
    let v = velocity ?? "CGVector(dx: \(decimal(initialVelocity, places: 9)), dy: \(decimal(initialVelocity, places: 9)))"
    switch written {
    case .uikit(let d, let z, _):
      return ("UISpringTimingParameters(dampingRatio: \(decimal(z, places: 9)), initialVelocity: \(v))", d)
    case .physical(let m, let k, let c, _):
      return ("UISpringTimingParameters(mass: \(decimal(m, places: 9)), stiffness: \(decimal(k, places: 9)), damping: \(decimal(c, places: 9)), initialVelocity: \(v))", nil)
    case .bounce(let d, let b, _):
      return ("UISpringTimingParameters(duration: \(decimal(d, places: 9)), bounce: \(decimal(b, places: 9)), initialVelocity: \(v))", nil)
    case .response(let r, let z, _):
      if z > 1 {
        // mass/stiffness/damping would be clamped to critical damping; iOS 17's bounce form is not.
        return ("UISpringTimingParameters(duration: \(decimal(r, places: 9)), bounce: \(decimal(1 / z - 1, places: 9)), initialVelocity: \(v))", nil)
      }
      return ("UISpringTimingParameters(mass: 1, stiffness: \(decimal(unitStiffness, places: 9)), damping: \(decimal(unitDamping, places: 9)), initialVelocity: \(v))", nil)
    }
  }

  /// SwiftUI's `Animation` for this spring, with `initialVelocity` (fractions of the distance
  /// per second) replacing the written one when given as code.
  public func swiftUIAnimation(velocity: String? = nil) -> String {
    if velocity == nil, initialVelocity == 0 {
      return ".spring(response: \(decimal(response, places: 9)), dampingFraction: \(decimal(dampingRatio, places: 9)), blendDuration: 0)"
    }
    let v = velocity ?? decimal(initialVelocity, places: 9)
    return ".interpolatingSpring(mass: 1, stiffness: \(decimal(unitStiffness, places: 9)), damping: \(decimal(unitDamping, places: 9)), initialVelocity: \(v))"
  }

  /// Jetpack Compose's `spring(...)` (`AnimationSpec<Float>`); the velocity goes to `animateTo`.
  public var composeSpec: String {
    "spring(dampingRatio = \(kotlinFloat(dampingRatio)), stiffness = \(kotlinFloat(unitStiffness)))"
  }

  /// One line on how the forms relate, for a comment.
  public var summary: String {
    "ω0 \(decimal(naturalFrequency, places: 4)) rad/s, ζ \(decimal(dampingRatio, places: 4))"
      + (spring.dampingRatio > 1 && dampingRatio == 1 ? " (written \(decimal(spring.dampingRatio, places: 4)); Core Animation clamps over-damping)" : "")
      + ", v0 \(decimal(initialVelocity, places: 4)) of the distance per second"
  }
}
