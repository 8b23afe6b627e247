import Geometry

/// A spring the way a scene (or an app) writes one, before it is resolved into a `Timing`.
///
/// - `uikit`: `UIViewPropertyAnimator(duration:dampingRatio:)`; ends at its duration.
/// - `physical`: `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`; the
///   animator's duration is UIKit's settling duration (the duration argument is ignored).
/// - `response`: SwiftUI `Spring(response:dampingFraction:)`; runs for UIKit's settling duration.
/// - `perceptual`: `UISpringTimingParameters(duration:bounce:)`; runs for UIKit's settling duration.
public enum SpringParameters: Hashable, Sendable {
  case uikit(duration: Double, dampingRatio: Double)
  case physical(mass: Double, stiffness: Double, damping: Double)
  case response(response: Double, dampingFraction: Double)
  case perceptual(duration: Double, bounce: Double)

  /// The oscillator for these parameters with `initialVelocity` (fractions of the distance per
  /// second). Throws for out-of-range parameters.
  public func spring(initialVelocity: Double = 0) throws(MotionError) -> Spring {
    switch self {
    case .uikit(let d, let z): return try Spring(duration: d, dampingRatio: z, initialVelocity: initialVelocity)
    case .physical(let m, let k, let c):
      return try Spring(mass: m, stiffness: k, damping: c, initialVelocity: initialVelocity)
    case .response(let r, let z): return try Spring(response: r, dampingFraction: z, initialVelocity: initialVelocity)
    case .perceptual(let d, let b): return try Spring(perceptualDuration: d, bounce: b, initialVelocity: initialVelocity)
    }
  }

  /// How long UIKit runs the spring (seconds): the given duration for `uikit`, otherwise
  /// `uikitSettlingDuration` of the spring (throws `neverSettles` for zero damping).
  public func duration(initialVelocity: Double = 0) throws(MotionError) -> Double {
    if case .uikit(let d, _) = self {
      try require("duration", d, "> 0") { $0 > 0 }
      return d
    }
    return try spring(initialVelocity: initialVelocity).uikitSettlingDuration()
  }

  /// The resolved timing: the spring with its initial velocity, ending (and snapping to 1) at
  /// `duration(initialVelocity:)`, after `delay` seconds.
  public func timing(initialVelocity: Double = 0, delay: Double = 0) throws(MotionError) -> Timing {
    let s = try spring(initialVelocity: initialVelocity)
    return try Timing(curve: .spring(s), duration: try duration(initialVelocity: initialVelocity), delay: delay)
  }

  /// Per-axis timings for a 2-D initial velocity (fractions of each axis' distance per second),
  /// as `UIViewPropertyAnimator` splits `position` into x and y springs, each fitted with its
  /// own component. Implicit (settling) durations take the longer of the two axes, as UIKit
  /// does for the animator's duration.
  public func timings(initialVelocity: Point, delay: Double = 0) throws(MotionError) -> (x: Timing, y: Timing) {
    let t = try timings(initialVelocities: [initialVelocity.x, initialVelocity.y], delay: delay)
    return (t[0], t[1])
  }

  /// One timing per component of a many-valued animation (a frame's x, y, width and height),
  /// each spring fitted with its own initial velocity (fractions of that component's distance
  /// per second). All run for the same duration: the given one for `uikit`, otherwise the
  /// longest of the components' settling durations, as one animator runs them all.
  public func timings(initialVelocities: [Double], delay: Double = 0) throws(MotionError) -> [Timing] {
    var springs: [Spring] = []
    var d = 0.0
    for v in initialVelocities {
      springs.append(try spring(initialVelocity: v))
      d = max(d, try duration(initialVelocity: v))
    }
    var out: [Timing] = []
    for s in springs { out.append(try Timing(curve: .spring(s), duration: d, delay: delay)) }
    return out
  }

  /// The damping ratio as written (ζ = c / 2√(km), 1 − bounce, …), before any clamping.
  public var dampingRatio: Double {
    switch self {
    case .uikit(_, let z): return z
    case .physical(let m, let k, let c): return c / (2 * (k * m).squareRoot())
    case .response(_, let z): return z
    case .perceptual(_, let b): return Spring.dampingRatio(bounce: b)
    }
  }
}
