import Foundation
import Motion

/// The numbers a reviewer compares across variants for one timing, measured on the exact
/// curve (`Timing.progress`) from the timing's start (its delay excluded).
public struct TimingFacts: Hashable, Sendable {
  /// Seconds the timing runs (a spring ends, and snaps to 1, here).
  public let duration: Double
  /// Seconds before it starts.
  public let delay: Double
  /// Seconds until progress stays within 1 % of the distance of its end.
  public let settle1Percent: Double
  /// Seconds until the motion stays within 0.1 pt of its end, for a distance of `distance`
  /// points; nil without a distance.
  public let settleTenthPoint: Double?
  /// How far progress goes past 1, as a fraction of the distance (0 when it never does).
  public let overshoot: Double
  /// Points the animation covers (nil when none of its values is a length).
  public let distance: Double?

  /// Samples every 0.25 ms, then bisects the last crossing to 1 µs.
  public init(_ timing: Timing, distance: Double?) {
    self.duration = timing.duration
    self.delay = timing.delay
    self.distance = distance.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    let p = { (t: Double) in timing.progress(at: timing.delay + t) }
    settle1Percent = TimingFacts.lastExcursion(p, until: timing.duration, epsilon: 0.01)
    settleTenthPoint = self.distance.map { TimingFacts.lastExcursion(p, until: timing.duration, epsilon: 0.1 / $0) }
    var worst = 0.0
    let steps = max(1, Int((timing.duration / 0.00025).rounded(.up)))
    for i in 0...steps { worst = max(worst, p(timing.duration * Double(i) / Double(steps)) - 1) }
    overshoot = worst
  }

  /// The time after which |1 − p(t)| < ε for good (0 when it always is; the duration at most,
  /// where the timing ends at 1).
  static func lastExcursion(_ p: (Double) -> Double, until end: Double, epsilon: Double) -> Double {
    guard end > 0 else { return 0 }
    let steps = max(1, Int((end / 0.00025).rounded(.up)))
    var last = -1
    for i in 0...steps where abs(1 - p(end * Double(i) / Double(steps))) >= epsilon { last = i }
    if last < 0 { return 0 }
    if last >= steps { return end }
    var lo = end * Double(last) / Double(steps), hi = end * Double(last + 1) / Double(steps)
    for _ in 0..<40 {
      let mid = (lo + hi) / 2
      if abs(1 - p(mid)) >= epsilon { lo = mid } else { hi = mid }
    }
    return hi
  }
}
