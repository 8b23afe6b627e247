/// How a value runs from where it was at a release to its target: a fraction of the way
/// given by a timing (a spring or curve starting at the release), or a cubic curve resumed at
/// its time fraction `u` and run forward or backward over `duration` (the rest of a frozen
/// animation, as `UIPercentDrivenInteractiveTransition.finish()` runs it on).
public enum SettleCurve: Hashable, Sendable {
  case timing(Timing)
  /// The curve's value is the progress itself (not a fraction of the way): it starts at
  /// `curve(u)` and ends at 1 (forward) or 0 (backward) after `duration · (1 − u)` or
  /// `duration · u` seconds.
  case resumed(CubicBezier, from: Double, forward: Bool, duration: Double)

  /// The transition's own timing run on from progress `p`, forward (to 1) or backward (to 0),
  /// at normal speed: a cubic resumes at the time fraction where it reaches p; a spring
  /// continues as UIKit's `continueAnimation` does, re-fitted with its damping ratio (clamped to
  /// (0, 1]) to the remaining share of its duration, `duration · (1 − p)` or `duration · p`
  /// (at least 0.01 s).
  public static func remaining(of timing: Timing, from p: Double, forward: Bool) throws(MotionError) -> SettleCurve {
    switch timing.curve {
    case .cubic(let c):
      return .resumed(c, from: c.timeFraction(forProgress: p), forward: forward, duration: timing.duration)
    case .spring(let s):
      let z = min(max(s.dampingRatio, 1.1920929e-7), 1)
      let d = max(timing.duration * (forward ? 1 - p : p), 0.01)
      return .timing(try SpringParameters.uikit(duration: d, dampingRatio: z).timing())
    }
  }

  /// Seconds from the release until the value reaches its target.
  public var duration: Double {
    switch self {
    case .timing(let t): return t.endTime
    case .resumed(_, let u, let forward, let d): return d * (forward ? 1 - u : u)
    }
  }

  /// The value `elapsed` seconds after the release, going from `start` to `target`.
  public func value(elapsed: Double, start: Double, target: Double) -> Double {
    switch self {
    case .timing(let t): return start + (target - start) * t.progress(at: elapsed)
    case .resumed(let c, let u, let forward, let d):
      guard elapsed < duration else { return target }
      let f = u + (forward ? 1 : -1) * max(elapsed, 0) / d
      return c.progress(at: min(max(f, 0), 1))
    }
  }

  /// d(value)/dt `elapsed` seconds after the release, per second.
  public func velocity(elapsed: Double, start: Double, target: Double) -> Double {
    switch self {
    case .timing(let t): return (target - start) * t.velocity(at: elapsed)
    case .resumed(let c, let u, let forward, let d):
      guard elapsed >= 0, elapsed < duration, d > 0 else { return 0 }
      let f = u + (forward ? 1 : -1) * elapsed / d
      return c.slope(at: min(max(f, 0), 1)) * (forward ? 1 : -1) / d
    }
  }
}
