import Foundation
import TestSupport
import Testing

/// `flipbook curves --convert` (issue 13): every printed form round-trips, JSON is honoured,
/// clamping is noted, and misuse is explained.
@Suite struct ConvertTests {
  static let springs = [
    "spring: {mass: 1, stiffness: 100, damping: 10, initialVelocity: 3}",  // the issue's case
    "spring: {duration: 0.5, bounce: 0.3}",
    "spring: {duration: 0.44, dampingRatio: 0.82, initialVelocity: 2}",
    "spring: {mass: 3, stiffness: 1000, damping: 500}",  // over-damped: evaluated as critical
    "spring: {duration: 0.5, dampingRatio: 1.5}",  // clamped by UIKit
    "spring: {response: 0.35, dampingFraction: 0.86, initialVelocity: -1}",
  ]

  /// Each printed form, sampled by `flipbook curves` itself, draws the input's curve (to 1e-6)
  /// at times inside every form's run. Before the fix the first spring printed a UIKit duration
  /// (1.0884 s) that evaluates to stiffness 33.3 instead of 100.
  @Test(arguments: springs) func everyPrintedFormRoundTrips(spring: String) throws {
    let r = try runFlipbook(["curves", "--convert", spring])
    #expect(r.status == 0, "\(r.stderr)")
    let forms = r.stdout.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: "spring: {"), ["uikit", "physical", "response", "bounce"].contains(where: { line.hasPrefix($0) })
      else { return nil }
      return String(line[range.lowerBound...])
    }
    #expect(forms.count >= 3, "\(r.stdout)")
    let times = "0.02,0.05,0.1,0.15"
    let reference = try runFlipbook(["curves", spring, "--times", times])
    #expect(reference.status == 0, "\(reference.stderr)")
    let want = rows(reference.stdout)
    for form in forms {
      let s = try runFlipbook(["curves", form, "--times", times])
      #expect(s.status == 0, "\(form): \(s.stderr)")
      let got = rows(s.stdout)
      #expect(got.count == want.count)
      for (a, b) in zip(got, want) {
        #expect(abs(a[1] - b[1]) < 1e-6 && abs(a[2] - b[2]) < 1e-5, "\(form) gives \(a), the input \(b)")
      }
    }
  }

  @Test func aFormWithoutARoundTripSaysWhy() throws {
    let r = try runFlipbook(["curves", "--convert", Self.springs[0]])
    #expect(r.stdout.contains("uikit      (none: UIKit's duration fit gives no duration for 10 rad/s with initialVelocity 3"), "\(r.stdout)")
    #expect(!r.stdout.contains("spring: {duration: 1.088"))
  }

  @Test func uikitDampingRatioAboveOneIsNoted() throws {
    let r = try runFlipbook(["curves", "--convert", "spring: {duration: 0.5, dampingRatio: 1.5}"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("(dampingRatio 1.5 is used as 1: UIKit's duration springs clamp it to at most 1"), "\(r.stdout)")
  }

  /// Apple's duration 0.5 / bounce 0.3: stiffness (2π/0.5)² = 157.913670417, damping 4π·0.7/0.5.
  @Test func convertHonoursFormatJSON() throws {
    let r = try runFlipbook(["curves", "--convert", "--format", "json", "spring: {duration: 0.5, bounce: 0.3}"])
    #expect(r.status == 0, "\(r.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let forms = try #require(object["forms"] as? [String: Any])
    let k = pow(2 * Double.pi / 0.5, 2), c = 4 * Double.pi * 0.7 / 0.5
    #expect(forms["physical"] as? String == "spring: {mass: 1, stiffness: \(String(format: "%.9f", k)), damping: \(String(format: "%.8f", c))}")
    #expect(forms["response"] as? String == "spring: {response: 0.5, dampingFraction: 0.7}")
    #expect(abs((object["naturalFrequency"] as? Double ?? 0) - 4 * Double.pi) < 1e-8)
    let json = try runFlipbook(["curves", "--convert", "--format", "json", Self.springs[0]])
    let none = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect((none["forms"] as? [String: Any])?["uikit"] is NSNull)
    #expect(((none["none"] as? [String: String])?["uikit"] ?? "").contains("no duration"))
  }

  @Test func untilWithTimesIsRefused() throws {
    let r = try runFlipbook(["curves", "spring: {duration: 0.5, bounce: 0.2}", "--times", "0.1", "--until", "1"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("--until and --times do not go together"), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  @Test(arguments: ["spring(duration: 0.5, bounce: 0.2)", ".easeIn"]) func swiftSyntaxGetsAHint(text: String) throws {
    let r = try runFlipbook(["curves", text])
    #expect(r.status == 65)
    #expect(r.stderr.contains("hint: write a timing as a scene does, a key and its value: 'spring: {duration: 0.5, bounce: 0.2}'"), "\(r.stderr)")
  }
}
