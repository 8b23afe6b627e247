import Foundation
import Testing

/// `#expect(|a − b| <= tolerance)` with a message that shows both numbers.
func expectClose(
  _ a: Double, _ b: Double, _ tolerance: Double = 1e-6,
  _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(abs(a - b) <= tolerance, "\(a) is not \(b) ± \(tolerance) \(note)", sourceLocation: sourceLocation)
}

/// Classic fourth-order Runge–Kutta for m·x'' + c·x' + k·x = 0 with x(0) = 1, x'(0) = −v0
/// (the remaining fraction), written independently of Motion's closed forms.
/// Returns progress y = 1 − x at `t`.
func integratedSpringProgress(
  mass m: Double, stiffness k: Double, damping c: Double, v0: Double, at t: Double, steps: Int = 20000
) -> Double {
  var x = 1.0, v = -v0
  let h = t / Double(steps)
  func acc(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
  for _ in 0..<steps {
    let k1x = v, k1v = acc(x, v)
    let k2x = v + h / 2 * k1v, k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
    let k3x = v + h / 2 * k2v, k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
    let k4x = v + h * k3v, k4v = acc(x + h * k3x, v + h * k3v)
    x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
    v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
  }
  return 1 - x
}
