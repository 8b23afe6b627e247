import Foundation

/// One animation's timing: how progress runs from 0 to 1 over clock time. This is what a
/// scene track or an animator holds, and what `flipbook curves` samples.
///
/// - A cubic curve runs for `duration` seconds.
/// - A spring runs its closed form until `duration` and then snaps to 1, as UIKit's
///   `CASpringAnimation` ends at the animation's duration (about 0.1 % of the distance snaps
///   for a UIKit duration spring).
/// - `delay` seconds pass before either starts. A zero duration jumps to 1 at the delay.
public struct Timing: Hashable, Sendable, CustomStringConvertible {
  public enum Curve: Hashable, Sendable {
    case cubic(CubicBezier)
    case spring(Spring)
  }

  public let curve: Curve
  /// Seconds from the start (after the delay) to the end, where progress is 1. >= 0.
  public let duration: Double
  /// Seconds before the animation starts. >= 0.
  public let delay: Double

  /// A timing from its parts; throws for a negative or non-finite duration or delay.
  public init(curve: Curve, duration: Double, delay: Double = 0) throws(MotionError) {
    try require("duration", duration, ">= 0") { $0 >= 0 }
    try require("delay", delay, ">= 0") { $0 >= 0 }
    self.curve = curve
    self.duration = duration
    self.delay = delay
  }

  init(unchecked curve: Curve, duration: Double, delay: Double = 0) {
    self.curve = curve
    self.duration = duration
    self.delay = delay
  }

  /// A cubic curve over `duration` seconds.
  public static func cubic(_ curve: CubicBezier, duration: Double, delay: Double = 0) throws(MotionError) -> Timing {
    try Timing(curve: .cubic(curve), duration: duration, delay: delay)
  }

  /// Clock time (seconds) at which progress reaches 1 and stays there.
  public var endTime: Double { delay + duration }

  /// The spring, if this is a spring timing.
  public var spring: Spring? {
    if case .spring(let s) = curve { return s }
    return nil
  }

  /// Progress at clock time `t` (seconds): 0 before the delay, 1 from `endTime` on.
  public func progress(at t: Double) -> Double {
    let local = t - delay
    if local < 0 { return 0 }
    if local >= duration { return 1 }
    switch curve {
    case .cubic(let c): return c.progress(at: local / duration)
    case .spring(let s): return s.value(at: local)
    }
  }

  /// d(progress)/dt at clock time `t`, in fractions of the distance per second; 0 before the
  /// delay and from `endTime` on (the animation has ended).
  public func velocity(at t: Double) -> Double {
    let local = t - delay
    if local < 0 || local >= duration { return 0 }
    switch curve {
    case .cubic(let c): return c.slope(at: local / duration) / duration
    case .spring(let s): return s.velocity(at: local)
    }
  }

  public var description: String {
    let tail = delay > 0 ? ", delay \(formatted(delay)) s" : ""
    switch curve {
    case .cubic(let c): return "curve \(c), \(formatted(duration)) s\(tail)"
    case .spring(let s):
      return "spring m \(formatted(s.mass)) k \(s.stiffness) c \(s.damping) v0 \(formatted(s.initialVelocity)), \(duration) s\(tail)"
    }
  }
}
