import Foundation

/// The one line a reviewer reads first: the recording matches the spec (every tracked view
/// within `positionTolerance` points, every timing within `timingTolerance` seconds), or the
/// fitted parameter that differs most from the spec's, then the worst view.
public struct Verdict: Sendable, CustomStringConvertible {
  /// Points.
  public static let positionTolerance = 2.0
  /// Seconds.
  public static let timingTolerance = 0.008
  /// A fitted parameter differs when it is off by more than this share of the spec's value
  /// (0.03 absolute for a damping ratio or a control point) and by more than three standard errors.
  public static let parameterTolerance = 0.03

  public let matches: Bool
  /// The parameter that differs most, by name (nil when none does).
  public let parameter: String?
  public let description: String

  init(views: [ViewMeasurement], fit: TimingFit?, model: TimingModel) {
    let worstPosition = views.max { $0.maxError < $1.maxError }
    let worstTiming = views.compactMap { v in v.timingError.map { (v.name, $0) } }.max { abs($0.1) < abs($1.1) }
    let positionOK = (worstPosition?.maxError ?? 0) <= Self.positionTolerance
    let timingOK = abs(worstTiming?.1 ?? 0) <= Self.timingTolerance
    // The fitted parameter furthest from the spec's, relative to the tolerance.
    var differing: (name: String, text: String, excess: Double)? = nil
    if let fit {
      for (j, name) in model.parameterNames.enumerated() {
        let fitted = fit.parameters[j], written = model.writtenParameters[j]
        let seconds = TimingModel.isSeconds(name)
        let tolerance = seconds ? Self.parameterTolerance * written : Self.parameterTolerance
        let error = fit.standardErrors[j] ?? 0
        let off = abs(fitted - written)
        guard off > tolerance, off > 3 * error else { continue }
        let excess = off / tolerance
        if excess > (differing?.excess ?? 0) {
          let unit = seconds ? " s" : ""
          differing = (name, "\(name) \(Self.number(fitted))\(unit) (spec \(Self.number(written))\(unit))", excess)
        }
      }
    }
    matches = positionOK && timingOK && differing == nil
    parameter = differing?.name
    if matches {
      description = "matches within \(Self.number(Self.positionTolerance)) pt / \(Int(Self.timingTolerance * 1000)) ms"
    } else {
      var parts: [String] = []
      if let d = differing { parts.append(d.text) }
      if !positionOK, let v = worstPosition { parts.append("\(v.name) off by up to \(Self.number(v.maxError)) pt") }
      if !timingOK, let (name, e) = worstTiming { parts.append("\(name) \(Int((abs(e) * 1000).rounded())) ms \(e > 0 ? "late" : "early")") }
      description = "differs: " + parts.joined(separator: "; ")
    }
  }

  static func number(_ x: Double) -> String {
    let s = String(format: "%.2f", x)
    return s.hasSuffix(".00") ? String(s.dropLast(3)) : s
  }
}
