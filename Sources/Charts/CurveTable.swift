import Foundation
import JSONText
import Motion

/// Timings sampled at a list of times, printable as CSV or JSON (what `flipbook curves` prints).
///
/// Values are progress (0 at the start, 1 at the end); velocities are progress per second.
/// Numbers are printed with fixed decimals (values 9; times up to 9, trailing zeros dropped), so the same input always gives
/// the same bytes.
public struct CurveTable: Hashable, Sendable {
  public struct Column: Hashable, Sendable {
    /// How the timing was written (shown in JSON and in chart legends).
    public var label: String
    public var timing: Timing

    public init(label: String, timing: Timing) {
      self.label = label
      self.timing = timing
    }
  }

  public var columns: [Column]
  /// Sample times in seconds, in the order given.
  public var times: [Double]

  public init(columns: [Column], times: [Double]) {
    self.columns = columns
    self.times = times
  }

  /// `time,value,velocity` for one timing; `time,value_1,velocity_1,value_2,…` for several.
  public func csv() -> String {
    var header = ["time"]
    if columns.count == 1 {
      header += ["value", "velocity"]
    } else {
      for i in columns.indices { header += ["value_\(i + 1)", "velocity_\(i + 1)"] }
    }
    var out = header.joined(separator: ",") + "\n"
    for t in times {
      var row = [timeText(t)]
      for c in columns { row += [fixed(c.timing.progress(at: t), 9), fixed(c.timing.velocity(at: t), 9)] }
      out += row.joined(separator: ",") + "\n"
    }
    return out
  }

  /// `{"timings": [{"label", "duration", "delay", "end", "samples": [{"time", "value", "velocity"}]}]}`.
  public func json() -> String {
    var out = "{\n  \"timings\": [\n"
    for (i, c) in columns.enumerated() {
      out += "    {\n"
      out += "      \"label\": \(jsonStringLiteral(c.label)),\n"
      out += "      \"kind\": \"\(c.timing.spring == nil ? "curve" : "spring")\",\n"
      out += "      \"duration\": \(fixed(c.timing.duration, 9)),\n"
      out += "      \"delay\": \(fixed(c.timing.delay, 9)),\n"
      out += "      \"end\": \(fixed(c.timing.endTime, 9)),\n"
      out += "      \"samples\": [\n"
      for (j, t) in times.enumerated() {
        out += "        {\"time\": \(timeText(t)), \"value\": \(fixed(c.timing.progress(at: t), 9)), "
        out += "\"velocity\": \(fixed(c.timing.velocity(at: t), 9))}" + (j + 1 < times.count ? ",\n" : "\n")
      }
      out += "      ]\n    }" + (i + 1 < columns.count ? ",\n" : "\n")
    }
    return out + "  ]\n}\n"
  }
}

/// `value` with `decimals` fixed decimals; never prints "-0.000…".
func fixed(_ value: Double, _ decimals: Int) -> String {
  guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "Infinity" : "-Infinity") }
  var s = String(format: "%.\(decimals)f", value)
  if s.hasPrefix("-"), s.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { s.removeFirst() }
  return s
}

/// A time in seconds with up to 9 decimals, trailing zeros dropped ("0.05", "0.016666667").
func timeText(_ t: Double) -> String {
  var s = fixed(t, 9)
  guard s.contains(".") else { return s }
  while s.hasSuffix("0") { s.removeLast() }
  if s.hasSuffix(".") { s.removeLast() }
  return s
}
