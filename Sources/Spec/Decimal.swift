import Foundation

/// Numbers as the generated code prints them: at most `places` decimals, trailing zeros
/// dropped, never `-0`, and always a plain decimal (no exponent) so every target language
/// reads it. Non-finite values print as `nan` / `inf` (the callers never emit them into code).
func decimal(_ x: Double, places: Int = 6) -> String {
  guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
  var s = String(format: "%.\(places)f", x)
  if s.contains(".") {
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
  }
  return s == "-0" ? "0" : s
}

/// A number with at least one decimal place, for languages where `1` would be an integer
/// (Swift's `CGFloat` accepts both; Kotlin's `1f` and `1.0f` both work, JavaScript does not care).
func decimalWithPoint(_ x: Double, places: Int = 6) -> String {
  let s = decimal(x, places: places)
  return s.contains(".") || s.contains("n") ? s : s + ".0"
}

/// Kotlin `Float` literal: 7 significant digits (a `Float` holds no more), e.g. `288.1567f`.
func kotlinFloat(_ x: Double) -> String {
  let magnitude = abs(x) < 1e-12 ? 0 : Int(floor(log10(abs(x))))
  let places = max(0, 6 - magnitude)
  return decimalWithPoint(Double(Float(x)), places: min(places, 9)) + "f"
}
