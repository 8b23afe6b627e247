import Foundation

/// Tick positions for a chart axis: "nice" steps (1, 2, 2.5, 5 × 10ⁿ) covering a range.
struct ChartAxis {
  let lower: Double
  let upper: Double
  let step: Double

  /// Ticks for `range` with about `target` intervals; the range is widened to whole steps.
  init(from lo: Double, to hi: Double, target: Int) {
    let span = max(hi - lo, 1e-9)
    let raw = span / Double(max(target, 1))
    let magnitude = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    self.step = step
    self.lower = floor(lo / step + 1e-9) * step
    self.upper = ceil(hi / step - 1e-9) * step
  }

  var ticks: [Double] {
    let n = Int(((upper - lower) / step).rounded())
    return (0...max(n, 0)).map { lower + Double($0) * step }
  }
}
