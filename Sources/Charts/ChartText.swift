import Foundation

/// How charts write numbers.
public enum ChartText {
  /// A tick value: integers without decimals, otherwise up to three decimals ("0.25", "0.5").
  public static func tick(_ v: Double) -> String {
    if abs(v - v.rounded()) < 1e-9 { return String(Int(v.rounded())) }
    var s = String(format: "%.3f", v)
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }

  /// Milliseconds for `seconds`: whole numbers from 100 ms up, one decimal below.
  public static func milliseconds(_ seconds: Double) -> String {
    let ms = seconds * 1000
    if ms >= 100 || abs(ms - ms.rounded()) < 1e-6 { return String(Int(ms.rounded())) }
    return String(format: "%.1f", ms)
  }
}
