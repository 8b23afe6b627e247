import Motion
import Scene

/// How a value runs from where it was at release to its target: either a fraction of the
/// way given by a timing (a spring or curve starting at release), or a cubic curve resumed
/// at its time fraction `u` and run forward or backward over `duration` (the rest of a frozen
/// animation, as `UIPercentDrivenInteractiveTransition.finish()` runs it).
enum SettleCurve: Sendable {
  case timing(Timing)
  case resumed(CubicBezier, from: Double, forward: Bool, duration: Double)

  /// Seconds from release until the value reaches its target.
  var duration: Double {
    switch self {
    case .timing(let t): return t.endTime
    case .resumed(_, let u, let forward, let d): return d * (forward ? 1 - u : u)
    }
  }

  /// The value `elapsed` seconds after release, going from `start` to `target`.
  func value(elapsed: Double, start: Double, target: Double) -> Double {
    switch self {
    case .timing(let t): return start + (target - start) * t.progress(at: elapsed)
    case .resumed(let c, let u, let forward, let d):
      guard elapsed < duration else { return target }
      let f = u + (forward ? 1 : -1) * elapsed / d
      return c.progress(at: min(max(f, 0), 1))
    }
  }
}
