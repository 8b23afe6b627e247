import Geometry

/// One variant's transition progress over time, with its release and settle instants.
public struct ProgressSeries: Hashable, Sendable {
  /// What the legend says (what differs, e.g. "dampingRatio 0.8").
  public var label: String
  /// Sample times in seconds, ascending.
  public var times: [Double]
  /// The transition's progress p at each time (may leave [0, 1] while a spring overshoots).
  public var progress: [Double]
  /// When the finger lifted, in seconds (nil for a non-interactive transition).
  public var release: Double?
  /// When the motion came to rest, in seconds.
  public var settle: Double?

  public init(label: String, times: [Double], progress: [Double], release: Double? = nil, settle: Double? = nil) {
    precondition(times.count == progress.count && !times.isEmpty, "a series needs matching, non-empty samples")
    self.label = label; self.times = times; self.progress = progress; self.release = release; self.settle = settle
  }

  /// p at time `t`, linearly interpolated between samples and held beyond the ends.
  public func value(at t: Double) -> Double {
    if t <= times[0] { return progress[0] }
    if t >= times[times.count - 1] { return progress[progress.count - 1] }
    var lo = 0, hi = times.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if times[mid] <= t { lo = mid } else { hi = mid }
    }
    let span = times[hi] - times[lo]
    return span > 0 ? lerp(progress[lo], progress[hi], (t - times[lo]) / span) : progress[hi]
  }
}
