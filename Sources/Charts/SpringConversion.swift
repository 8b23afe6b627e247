import Foundation
import Motion

/// One spring in every parameterisation iOS offers, plus its settling durations: what
/// `flipbook curves --convert` prints. Each line is scene syntax that gives the same oscillator.
public struct SpringConversion: Hashable, Sendable {
  public let parameters: SpringParameters
  public let spring: Spring
  public let text: String

  public init(_ parameters: SpringParameters, initialVelocity: Double, text: String) throws(MotionError) {
    self.parameters = parameters
    self.spring = try parameters.spring(initialVelocity: initialVelocity)
    self.text = text
  }

  /// The report, one fact per line.
  public func report() -> String {
    let s = spring
    let v = s.initialVelocity
    let vText = v == 0 ? "" : ", initialVelocity: \(num(v))"
    // The ratio the curve is evaluated with (Core Animation clamps over-damping to 1), so every
    // line below draws the same curve.
    let z = s.effectiveDampingRatio
    let clamped = z != s.dampingRatio
    let bounce = z <= 1 ? 1 - z : 1 / z - 1
    var lines: [String] = []
    lines.append("spring     \(text)")
    lines.append("")
    if let d = UIKitSpringSolver.duration(omega: s.naturalFrequency, dampingRatio: z, initialVelocity: v) {
      lines.append("uikit      spring: {duration: \(num(d)), dampingRatio: \(num(z))\(vText)}")
    } else {
      lines.append("uikit      (none: a UIKit duration spring needs 0 < dampingRatio <= 1; this one is \(num(z)))")
    }
    lines.append("physical   spring: {mass: \(num(s.mass)), stiffness: \(num(s.stiffness)), damping: \(num(s.damping))\(vText)}")
    lines.append("response   spring: {response: \(num(s.response)), dampingFraction: \(num(z))\(vText)}")
    lines.append("bounce     spring: {duration: \(num(s.response)), bounce: \(num(bounce))\(vText)}")
    if clamped {
      lines.append("           (ζ \(num(s.dampingRatio)) is evaluated as 1, as Core Animation clamps over-damping;")
      lines.append("            the forms above give that critically damped curve)")
    }
    lines.append("")
    lines.append("natural frequency  \(num(s.naturalFrequency)) rad/s")
    var ratio = "damping ratio      \(num(s.dampingRatio))"
    if s.dampingRatio > 1 && !s.allowsOverdamping { ratio += " (over-damped: evaluated as critically damped, as Core Animation does)" }
    lines.append(ratio)
    lines.append("initial velocity   \(num(v)) of the distance per second")
    let uikit = (try? s.uikitSettlingDuration()).map { "\(num($0)) s" } ?? "never (no damping)"
    let ca = s.coreAnimationSettlingDuration()
    lines.append("settling (UIKit)   \(uikit)")
    lines.append("settling (CA)      \(ca.isFinite ? "\(num(ca)) s" : "never (no damping)")")
    if let runs = try? parameters.duration(initialVelocity: v) {
      let why: String
      if case .uikit = parameters { why = "its duration; the last ~0.1 % snaps" } else { why = "UIKit's settling duration" }
      lines.append("runs for           \(num(runs)) s (\(why))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Up to 9 significant decimals, trailing zeros dropped.
  private func num(_ x: Double) -> String {
    guard x.isFinite else { return "\(x)" }
    var s = String(format: "%.9f", x)
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s == "-0" ? "0" : s
  }
}
