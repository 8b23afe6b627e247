import Foundation
import Geometry

// The parameterisations UIKit, Core Animation and SwiftUI offer for the same oscillator
// (motion-model §2 and §3). All of them build a `Spring`; the read-back properties convert
// exactly in the other direction.
extension Spring {
  /// UIKit's duration spring (`UIViewPropertyAnimator(duration:dampingRatio:)`,
  /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` inside an animator of that
  /// duration): mass 1, stiffness ω², damping 2ζω, with ω from `UIKitSpringSolver`.
  ///
  /// The damping ratio is clamped to [FLT_EPSILON, 1] and the stiffness to >= 0.01, as UIKit
  /// does. `duration` in seconds (> 0), `initialVelocity` in fractions of the distance per second.
  public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) throws(MotionError) {
    try require("duration", duration, "> 0") { $0 > 0 }
    try require("dampingRatio", dampingRatio, "> 0") { $0 > 0 }
    try require("initialVelocity", initialVelocity, "finite") { _ in true }
    let zeta = clamp(dampingRatio, UIKitSpringSolver.minimumDampingRatio, 1)
    let w = UIKitSpringSolver.omega(duration: duration, dampingRatio: zeta, initialVelocity: initialVelocity)
    let k = max(w * w, 0.01)
    self.init(unchecked: 1, k, 2 * zeta * k.squareRoot(), initialVelocity, false)
  }

  /// SwiftUI's `Spring(response:dampingRatio:)` (and UIKit's private
  /// `initWithDampingRatio:response:`): mass 1, stiffness (2π/response)², damping 4πζ/response.
  /// `response` in seconds (> 0); over-damping is evaluated as such.
  public init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) throws(MotionError) {
    try require("response", response, "> 0") { $0 > 0 }
    try require("dampingFraction", dampingFraction, ">= 0") { $0 >= 0 }
    try require("initialVelocity", initialVelocity, "finite") { _ in true }
    let w = 2 * Double.pi / response
    self.init(unchecked: 1, w * w, 2 * dampingFraction * w, initialVelocity, true)
  }

  /// SwiftUI's `Spring(duration:bounce:)`, UIKit's `UISpringTimingParameters(duration:bounce:)`
  /// and `CASpringAnimation(perceptualDuration:bounce:)`: the response is the perceptual
  /// `duration` (seconds, > 0); ζ = 1 − bounce for bounce >= 0, 1/(1 + bounce) below 0.
  /// `bounce` must lie in (−1, 1]. Over-damping is allowed, as those APIs set it.
  public init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) throws(MotionError) {
    try require("duration", perceptualDuration, "> 0") { $0 > 0 }
    try require("bounce", bounce, "in (-1, 1]") { $0 > -1 && $0 <= 1 }
    try self.init(response: perceptualDuration, dampingFraction: Spring.dampingRatio(bounce: bounce),
                  initialVelocity: initialVelocity)
  }

  /// ζ for a SwiftUI bounce: 1 − bounce (bounce >= 0) or 1/(1 + bounce) (bounce < 0).
  public static func dampingRatio(bounce: Double) -> Double {
    bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
  }

  /// SwiftUI's response: seconds per undamped oscillation, 2π/ω0.
  public var response: Double { 2 * .pi / naturalFrequency }

  /// SwiftUI's bounce: 1 − ζ for ζ <= 1, 1/ζ − 1 above.
  public var bounce: Double {
    let z = dampingRatio
    return z <= 1 ? 1 - z : 1 / z - 1
  }

  /// The UIKit duration (seconds) whose duration fit gives this spring's natural frequency with
  /// its damping ratio and initial velocity, or `nil` when the ratio is above 1 or 0 (a UIKit
  /// duration spring cannot express those).
  public var uikitDuration: Double? {
    UIKitSpringSolver.duration(omega: naturalFrequency, dampingRatio: dampingRatio,
                               initialVelocity: initialVelocity)
  }

  /// UIKit's system spring ("curve 7", `UISpringTimingParameters()`): mass 3, stiffness 1000,
  /// damping 500 (ζ ≈ 4.56, evaluated critically damped).
  public static let system = Spring(unchecked: 3, 1000, 500, 0, false)

  /// `CASpringAnimation`'s defaults: mass 1, stiffness 100, damping 10.
  public static let coreAnimationDefault = Spring(unchecked: 1, 100, 10, 0, false)
}
