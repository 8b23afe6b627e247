import Foundation
import Testing
@testable import Charts
@testable import Motion

@Suite struct CurveTableTests {
  @Test func csvSingleTiming() throws {
    let t = try Timing.cubic(.linear, duration: 0.5)
    let table = CurveTable(columns: [.init(label: "linear", timing: t)], times: [0, 0.25, 1.0 / 60, 0.6])
    #expect(table.csv() == """
      time,value,velocity
      0,0.000000000,2.000000000
      0.25,0.500000000,2.000000000
      0.016666667,0.033333333,2.000000000
      0.6,1.000000000,0.000000000

      """)
  }

  @Test func csvSeveralTimingsAreColumns() throws {
    let a = try Timing.cubic(.linear, duration: 1), b = try Timing.cubic(.easeInEaseOut, duration: 1)
    let table = CurveTable(columns: [.init(label: "a", timing: a), .init(label: "b", timing: b)], times: [0.5])
    #expect(table.csv() == "time,value_1,velocity_1,value_2,velocity_2\n0.5,0.500000000,1.000000000,0.500000000,1.724137931\n")
  }

  @Test func jsonIsValidAndCarriesLabels() throws {
    let t = try SpringParameters.uikit(duration: 0.45, dampingRatio: 0.75).timing()
    let table = CurveTable(columns: [.init(label: "spring: {duration: 0.45, \"q\"}", timing: t)], times: [0.05, 0.1])
    let object = try JSONSerialization.jsonObject(with: Data(table.json().utf8)) as? [String: Any]
    let timings = try #require(object?["timings"] as? [[String: Any]])
    #expect(timings[0]["label"] as? String == "spring: {duration: 0.45, \"q\"}")
    #expect(timings[0]["kind"] as? String == "spring")
    let samples = try #require(timings[0]["samples"] as? [[String: Double]])
    // motion-model §9.
    #expect(abs((samples[0]["value"] ?? 0) - 0.316700126) < 1e-9)
    #expect(abs((samples[1]["value"] ?? 0) - 0.726762750) < 1e-9)
  }

  @Test func noNegativeZero() {
    #expect(fixed(-1e-15, 9) == "0.000000000")
    #expect(fixed(-0.5, 1) == "-0.5")
    #expect(timeText(0.0500) == "0.05")
    #expect(timeText(2) == "2")
  }
}

@Suite struct SpringConversionTests {
  // Apple: duration 0.5, bounce 0.3 → stiffness ≈ 157.9, damping ≈ 17.6.
  @Test func durationBounce() throws {
    let report = try SpringConversion(.perceptual(duration: 0.5, bounce: 0.3), initialVelocity: 0, text: "x").report()
    #expect(report.contains("physical   spring: {mass: 1, stiffness: 157.913670417, damping: 17.59291886}"))
    #expect(report.contains("response   spring: {response: 0.5, dampingFraction: 0.7}"))
  }

  // CA's default spring: settling 1.4727003346780927 s (printed by iOS).
  @Test func settling() throws {
    let report = try SpringConversion(.physical(mass: 1, stiffness: 100, damping: 10), initialVelocity: 0, text: "x").report()
    #expect(report.contains("settling (CA)      1.472700335 s"))
  }

  // The system spring is clamped to critical damping: every form shows ζ = 1, and the UIKit
  // duration is the exact W₋₁ settle time (0.505735 s, motion-model §9).
  @Test func clampedSystemSpring() throws {
    let report = try SpringConversion(.physical(mass: 3, stiffness: 1000, damping: 500), initialVelocity: 0, text: "x").report()
    #expect(report.contains("uikit      spring: {duration: 0.5057"))
    #expect(report.contains("dampingRatio: 1}"))
    #expect(report.contains("settling (CA)      0.6 s"))
    #expect(report.contains("settling (UIKit)   0.50582"))
  }
}
