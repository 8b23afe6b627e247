import Foundation
import Motion
import Scene
@testable import Spec
import XCTest

/// The SwiftUI and Compose parameters `flipbook spec` prints draw Motion's curve: the printed
/// numbers, read back from the text, go through each platform's own formulas (SwiftUI's
/// response/dampingFraction mapping, `interpolatingSpring`'s mass/stiffness/damping, Compose's
/// `SpringSimulation` with Float parameters) and a closed form written here, independent of
/// Motion's, and match `Spring.value(at:)` within 1e-6 at every millisecond.
final class PlatformSpringTests: XCTestCase {
  /// The catalog's springs and a few that stress the conversions (bouncy, over-damped, moving at the start).
  static let springs: [TimingSpec.Spring] = [
    .uikit(duration: 0.37, dampingRatio: 0.9, initialVelocity: 0),
    .uikit(duration: 0.45, dampingRatio: 0.75, initialVelocity: 0),
    .uikit(duration: 0.44, dampingRatio: 0.82, initialVelocity: 0),
    .uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0),
    .uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 3.2),
    .uikit(duration: 0.6, dampingRatio: 0.3, initialVelocity: -1.5),
    .physical(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
    .physical(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0),  // ζ 4.56, evaluated critical
    .response(response: 0.35, dampingFraction: 0.86, initialVelocity: 0),
    .response(response: 0.5, dampingFraction: 1.4, initialVelocity: 0),   // over-damped, as SwiftUI runs it
    .bounce(duration: 0.5, bounce: 0.3, initialVelocity: 1),
    .bounce(duration: 0.4, bounce: -0.3, initialVelocity: 0),
  ]

  func testSwiftUIParametersDrawMotionsCurve() throws {
    for written in Self.springs {
      let s = try PlatformSpring(written)
      let code = s.swiftUIAnimation()
      let oscillator: Oscillator
      if let r = numbers(code, after: ["response", "dampingFraction"]) {
        // SwiftUI's Spring(response:dampingRatio:): mass 1, k = (2π/response)², c = 4πζ/response.
        XCTAssertEqual(s.initialVelocity, 0, "`.spring(response:…)` only for a spring at rest: \(code)")
        oscillator = Oscillator(mass: 1, stiffness: pow(2 * .pi / r[0], 2), damping: 4 * .pi * r[1] / r[0], v0: 0)
      } else if let r = numbers(code, after: ["mass", "stiffness", "damping", "initialVelocity"]) {
        oscillator = Oscillator(mass: r[0], stiffness: r[1], damping: r[2], v0: r[3])
      } else {
        return XCTFail("no SwiftUI spring in \(code)")
      }
      assertSameCurve(oscillator, s.spring, "\(written) as \(code)")
    }
  }

  func testComposeParametersDrawMotionsCurve() throws {
    for written in Self.springs {
      let s = try PlatformSpring(written)
      let code = s.composeSpec
      guard let r = numbers(code, after: ["dampingRatio =", "stiffness ="]) else { return XCTFail("no Compose spring in \(code)") }
      // Compose's SpringSimulation keeps both as Float, has unit mass (naturalFreq = √stiffness)
      // and takes the start velocity in value units per second: from 0 to 1 that is v0 itself.
      let compose = ComposeSpring(dampingRatio: Float(r[0]), stiffness: Float(r[1]))
      for i in 0...1500 {
        let t = Double(i) / 1000
        let got = compose.value(at: t, velocity: Float(s.initialVelocity))
        XCTAssertEqual(got, s.spring.value(at: t), accuracy: 1e-6, "\(written) as \(code) at \(t) s")
        if abs(got - s.spring.value(at: t)) > 1e-6 { break }
      }
    }
  }

  func testUIKitPhysicalFormOfAResponseSpringDrawsTheSameCurve() throws {
    let s = try PlatformSpring(.response(response: 0.35, dampingFraction: 0.86, initialVelocity: 0))
    let code = s.uikitTimingParameters().code
    let r = try XCTUnwrap(numbers(code, after: ["mass", "stiffness", "damping"]), code)
    assertSameCurve(Oscillator(mass: r[0], stiffness: r[1], damping: r[2], v0: 0), s.spring, code)
    // Over-damped: mass/stiffness/damping would be clamped to critical by Core Animation, so iOS 17's bounce form.
    let over = try PlatformSpring(.response(response: 0.5, dampingFraction: 1.4, initialVelocity: 0))
    let b = try XCTUnwrap(numbers(over.uikitTimingParameters().code, after: ["duration", "bounce"]))
    XCTAssertEqual(b[0], 0.5, accuracy: 1e-9)
    XCTAssertEqual(1 / (1 + b[1]), 1.4, accuracy: 1e-8, "bounce < 0 gives ζ = 1/(1 + bounce)")
  }

  func assertSameCurve(_ o: Oscillator, _ spring: Spring, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    for i in 0...1500 {
      let t = Double(i) / 1000
      if abs(o.value(at: t) - spring.value(at: t)) > 1e-6 {
        return XCTFail("\(what): \(o.value(at: t)) vs Motion's \(spring.value(at: t)) at \(t) s", file: file, line: line)
      }
    }
  }

  /// The numbers after each label in `code` (`label: 1.5` or `label = 1.5f`), in order.
  func numbers(_ code: String, after labels: [String]) -> [Double]? {
    var out: [Double] = []
    var rest = Substring(code)
    for label in labels {
      let key = label.hasSuffix("=") ? label : label + ":"
      guard let r = rest.range(of: key) else { return nil }
      rest = rest[r.upperBound...].drop { $0 == " " }
      let digits = rest.prefix { "0123456789.-e".contains($0) }
      guard let x = Double(digits) else { return nil }
      out.append(x)
      rest = rest.dropFirst(digits.count)
    }
    return out
  }
}

/// m·x'' + c·x' + k·x = 0 for the remaining distance x = 1 − y, y(0) = 0, y'(0) = v0, with the
/// over-damped case as it is (every API here that allows ζ > 1 runs it so).
struct Oscillator {
  var mass: Double, stiffness: Double, damping: Double, v0: Double
  func value(at t: Double) -> Double {
    let w = (stiffness / mass).squareRoot(), z = damping / (2 * (stiffness * mass).squareRoot())
    // x(0) = 1, x'(0) = −v0.
    if abs(z - 1) < 1e-9 { return 1 - (1 + (w - v0) * t) * exp(-w * t) }
    if z < 1 {
      let wd = w * (1 - z * z).squareRoot()
      return 1 - exp(-z * w * t) * (cos(wd * t) + (z * w - v0) / wd * sin(wd * t))
    }
    let r1 = -z * w + w * (z * z - 1).squareRoot(), r2 = -z * w - w * (z * z - 1).squareRoot()
    // x = a e^{r1 t} + b e^{r2 t}, a + b = 1, a r1 + b r2 = −v0.
    let a = (-v0 - r2) / (r1 - r2)
    return 1 - (a * exp(r1 * t) + (1 - a) * exp(r2 * t))
  }
}

/// androidx.compose.animation.core.SpringSimulation.updateValues, from 0 towards 1 (Float
/// parameters; the arithmetic in Double as Compose does it, the result rounded to Float).
struct ComposeSpring {
  var dampingRatio: Float, stiffness: Float
  func value(at t: Double, velocity: Float) -> Double {
    let naturalFreq = Double(stiffness).squareRoot()
    let z = Double(dampingRatio)
    let x0 = Double(0 - Float(1)), v = Double(velocity)
    let displacement: Double
    if dampingRatio > 1 {
      let gp = -z * naturalFreq + naturalFreq * (z * z - 1).squareRoot()
      let gm = -z * naturalFreq - naturalFreq * (z * z - 1).squareRoot()
      let b = (gm * x0 - v) / (gm - gp)
      let a = x0 - b
      displacement = a * exp(gm * t) + b * exp(gp * t)
    } else if dampingRatio == 1 {
      let a = x0, b = v + naturalFreq * x0
      displacement = (a + b * t) * exp(-naturalFreq * t)
    } else {
      let wd = naturalFreq * (1 - z * z).squareRoot()
      let sinCoeff = (1 / wd) * (z * naturalFreq * x0 + v)
      displacement = exp(-z * naturalFreq * t) * (x0 * cos(wd * t) + sinCoeff * sin(wd * t))
    }
    return Double(Float(displacement + 1))
  }
}
