import Foundation
import Motion

/// The numbers per variant, one row per animation: its curve, duration and delay (s), the
/// time to settle within 1 % of the distance and within 0.1 pt (s), the overshoot (% of the
/// distance, and points), and for the settles of the scripted gesture the release velocity
/// (pt/s along p) and the handed-off initial velocity. All measured by `TimingFacts` on
/// Motion's exact curves.
enum NumbersTable {
  struct Row {
    var variant: String
    var animation: String
    var curve: String
    var facts: TimingFacts
    var releaseVelocity: Double?
    var handOff: Double?
  }

  static func rows(_ plan: MotionPlan) -> [Row] {
    let variant = plan.variant ?? "base"
    var rows: [Row] = []
    func curve(_ t: Timing) -> String {
      switch t.curve {
      case .cubic(let c): return "cubic (\(decimal(c.c1x, places: 3)), \(decimal(c.c1y, places: 3)), \(decimal(c.c2x, places: 3)), \(decimal(c.c2y, places: 3)))"
      case .spring(let s): return "spring ζ \(decimal(s.effectiveDampingRatio, places: 3)) ω0 \(decimal(s.naturalFrequency, places: 2))"
      }
    }
    var all = [plan.transition] + plan.ownTimings
    if let b = plan.interactive?.background { all.append(b) }
    if let i = plan.interactive {
      for s in [i.complete, i.cancel] { if case .timing(let a, _) = s { all.append(a) } }
    }
    for a in all {
      rows.append(Row(variant: variant, animation: a.name, curve: curve(a.timing), facts: TimingFacts(a.timing, distance: a.distance)))
    }
    if let i = plan.interactive {
      for (k, r) in i.releases.enumerated() {
        guard let t = r.settleTiming else { continue }
        let left = abs((r.completes ? 1 - r.progress : r.progress) * i.progress.distance)
        rows.append(Row(
          variant: variant, animation: "release \(k + 1) \(r.completes ? "complete" : "cancel")", curve: curve(t),
          facts: TimingFacts(t, distance: left), releaseVelocity: r.axisVelocity, handOff: r.initialVelocity))
      }
    }
    return rows
  }

  static let header = ["variant", "animation", "curve", "duration s", "delay s", "settle 1% s", "settle 0.1pt s", "overshoot %", "overshoot pt", "release pt/s", "initialVelocity"]

  static func cells(_ r: Row) -> [String] {
    let f = r.facts
    return [
      r.variant, r.animation, r.curve, decimal(f.duration, places: 4), decimal(f.delay, places: 4),
      decimal(f.settle1Percent, places: 4), f.settleTenthPoint.map { decimal($0, places: 4) } ?? "-",
      decimal(f.overshoot * 100, places: 3), f.distance.map { decimal(f.overshoot * $0, places: 2) } ?? "-",
      r.releaseVelocity.map { decimal($0, places: 1) } ?? "-", r.handOff.map { decimal($0, places: 4) } ?? "-",
    ]
  }

  /// The table as aligned text columns (one header line, one line per row).
  static func text(_ plans: [MotionPlan]) -> String {
    let body = plans.flatMap(rows).map(cells)
    let table = [header] + body
    var widths = header.map(\.count)
    for row in table { for (i, c) in row.enumerated() { widths[i] = max(widths[i], c.count) } }
    let lines = table.map { row in
      row.enumerated().map { i, c in i == row.count - 1 ? c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
        .joined(separator: "  ")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
