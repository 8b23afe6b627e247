/// Order statistics of a set of timings (milliseconds) or sizes. Medians, not means: the
/// machine is shared and noisy, and a median ignores the odd slow run.
public struct Quantiles: Hashable, Sendable, Codable {
  /// Every sample, in the order measured.
  public let samples: [Double]
  public let count: Int
  public let median: Double
  /// 25th and 75th percentiles (linear interpolation between order statistics, as numpy's default).
  public let p25: Double
  public let p75: Double
  public let min: Double

  /// `samples` must not be empty.
  public init(_ samples: [Double]) {
    precondition(!samples.isEmpty, "Quantiles of no samples")
    let sorted = samples.sorted()
    func quantile(_ q: Double) -> Double {
      let position = q * Double(sorted.count - 1)
      let lower = Int(position.rounded(.down)), upper = Swift.min(lower + 1, sorted.count - 1)
      return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
    self.samples = samples
    count = sorted.count
    median = quantile(0.5)
    p25 = quantile(0.25)
    p75 = quantile(0.75)
    min = sorted[0]
  }
}
