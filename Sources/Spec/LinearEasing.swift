import Foundation
import Motion

/// A CSS `linear()` easing sampled from a timing's exact curve (CSS Easing Functions Level 2,
/// "linear easing function"): points (input %, output) joined by straight lines.
///
/// The points are chosen by subdividing [0, 1] of the timing's duration until the straight
/// line between neighbouring points stays within `tolerance` (fraction of the distance) of the
/// exact curve at 8 interior checks of every segment, with at most `maximumPoints`
/// points. The exact curve is `Timing.progress` (a spring's closed form, ending at 1 where the
/// timing ends; a cubic Bézier's); a delay is not part of the easing (CSS has its own).
public struct LinearEasing: Hashable, Sendable {
  /// (input fraction of the duration in 0...1, output progress), increasing in input.
  public let points: [(input: Double, output: Double)]
  /// Seconds the easing spans (the timing's duration, without its delay).
  public let duration: Double

  public static let defaultTolerance = 0.0005
  public static let maximumPoints = 400

  public init(_ timing: Timing, tolerance: Double = LinearEasing.defaultTolerance) {
    duration = timing.duration
    let exact = { (x: Double) in x >= 1 ? 1.0 : timing.progress(at: timing.delay + x * timing.duration) }
    var xs: [Double] = [0, 1]
    // Start from a uniform grid fine enough to see every oscillation, then refine.
    let start = 16
    xs = (0...start).map { Double($0) / Double(start) }
    var changed = true
    while changed && xs.count < LinearEasing.maximumPoints {
      changed = false
      var next: [Double] = [xs[0]]
      for i in 1..<xs.count {
        let a = xs[i - 1], b = xs[i]
        let ya = exact(a), yb = exact(b)
        var worst = 0.0
        for k in 1...8 {
          let x = a + (b - a) * Double(k) / 9
          let line = ya + (yb - ya) * (x - a) / (b - a)
          worst = max(worst, abs(exact(x) - line))
        }
        if worst > tolerance && b - a > 1e-4 && next.count + (xs.count - i) < LinearEasing.maximumPoints {
          next.append((a + b) / 2)
          changed = true
        }
        next.append(b)
      }
      xs = next
    }
    points = xs.map { ($0, exact($0)) }
  }

  public static func == (a: LinearEasing, b: LinearEasing) -> Bool {
    a.duration == b.duration && a.points.count == b.points.count
      && zip(a.points, b.points).allSatisfy { $0.input == $1.input && $0.output == $1.output }
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(duration)
    for p in points { hasher.combine(p.input); hasher.combine(p.output) }
  }

  /// The value of the easing at input fraction `x` (0...1), as CSS evaluates it: linear
  /// between the points.
  public func value(at x: Double) -> Double {
    if x <= 0 { return points[0].output }
    if x >= 1 { return points[points.count - 1].output }
    var lo = 0, hi = points.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if points[mid].input <= x { lo = mid } else { hi = mid }
    }
    let a = points[lo], b = points[hi]
    return a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
  }

  /// `linear(0, 0.0421 3.125%, …, 1)`: outputs to 5 decimals, inputs as percentages to 4.
  public var css: String {
    let parts = points.enumerated().map { i, p -> String in
      let y = decimal(p.output, places: 5)
      if i == 0 || i == points.count - 1 { return y }
      return "\(y) \(decimal(p.input * 100, places: 4))%"
    }
    return "linear(" + parts.joined(separator: ", ") + ")"
  }

  /// Milliseconds, rounded to 0.1 ms.
  public var durationMilliseconds: String { decimal(duration * 1000, places: 1) }
}
