import Foundation

/// Tick positions for a chart axis: "nice" steps (1, 2, 2.5, 5 × 10ⁿ) covering a range.
public struct ChartAxis: Hashable, Sendable {
  /// The range widened to whole steps.
  public let lower: Double
  public let upper: Double
  public let step: Double

  /// Ticks for `lo...hi` with about `target` intervals (at most `target`); the range is
  /// widened to whole steps.
  public init(from lo: Double, to hi: Double, target: Int) {
    let span = max(hi - lo, 1e-9)
    let raw = span / Double(max(target, 1))
    let magnitude = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw * (1 - 1e-12) } ?? 10 * magnitude
    self.step = step
    self.lower = floor(lo / step + 1e-9) * step
    self.upper = ceil(hi / step - 1e-9) * step
  }

  /// Every tick from `lower` to `upper`.
  public var ticks: [Double] {
    let n = Int(((upper - lower) / step).rounded())
    return (0...max(n, 0)).map { lower + Double($0) * step }
  }

  /// The ticks inside `range` (with a little slack for rounding).
  public func ticks(within range: ClosedRange<Double>) -> [Double] {
    let slack = 1e-9 * max(1, abs(step))
    return ticks.filter { $0 >= range.lowerBound - slack && $0 <= range.upperBound + slack }
  }
}
