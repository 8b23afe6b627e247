import Foundation
import TestSupport
import Testing

/// `manifest.json` after a release (issue 13): the handed-off initial velocity and the spring
/// that ran, checked against independent relations (not pasted numbers: the release values
/// change whenever the pan recognizer does), and no floating-point noise.
@Suite struct ManifestReleaseTests {
  /// T3: complete/cancel `{spring: {duration: 0.5, dampingRatio: 1.0}, handOffVelocity: true}`,
  /// progress over 544 pt downwards.
  static let distance = 544.0, duration = 0.5

  func manifest() throws -> (text: String, events: [[String: Any]]) {
    let dir = FileManager.default.temporaryDirectory.path + "/flipbook-manifest-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scene = repositoryRoot.appendingPathComponent("Scenes/t3-tags-sheet.yaml").path
    let r = try runFlipbook(["render", scene, "-o", dir, "--scale", "0.25", "--fps", "10"])
    #expect(r.status == 0, "\(r.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/manifest.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return (String(decoding: data, as: UTF8.self), try #require(object["events"] as? [[String: Any]]))
  }

  @Test func decisionCarriesTheHandedOffVelocityAndTheSpringThatRan() throws {
    let (_, events) = try manifest()
    let decision = try #require(events.first { $0["kind"] as? String == "decision" })
    let settleEvent = try #require(events.first { $0["kind"] as? String == "settle" })
    let v = try #require(decision["velocity"] as? Double), p = try #require(decision["progress"] as? Double)
    let target = decision["decision"] as? String == "complete" ? 1.0 : 0.0
    // UIKit hand-off: the finger's velocity over the distance left, in distances per second.
    let v0 = v / ((target - p) * Self.distance)
    let handed = try #require(decision["initialVelocity"] as? Double)
    #expect(abs(handed - v0) < 1e-6 * max(1, abs(v0)), "\(handed) vs \(v0)")
    let settle = try #require(decision["settle"] as? [String: Any])
    #expect(settle["kind"] as? String == "spring")
    #expect(settle["mass"] as? Double == 1)
    #expect(settle["dampingRatio"] as? Double == 1)
    #expect(settle["initialVelocity"] as? Double == handed)
    let w = try #require(settle["naturalFrequency"] as? Double)
    let k = try #require(settle["stiffness"] as? Double), c = try #require(settle["damping"] as? Double)
    #expect(abs(k - w * w) < 1e-4 && abs(c - 2 * w) < 1e-5)
    // UIKit's duration fit, critically damped: (1 + (ω − v0)·D)·e^(−ωD) = 0.001 at D = 0.5 s.
    let residual = (1 + (w - handed) * Self.duration) * exp(-w * Self.duration)
    #expect(abs(residual - 0.001) < 1e-7, "residual \(residual)")
    // The settle lasts the spring's duration and ends at the settle event.
    let d = try #require(settle["duration"] as? Double)
    #expect(abs(d - Self.duration) < 1e-9)
    let t0 = try #require(decision["time"] as? Double), t1 = try #require(settleEvent["time"] as? Double)
    #expect(abs(t1 - t0 - d) < 1e-8)
  }

  /// T3's drag is vertical (x = 195 throughout): its horizontal velocity and translation are 0,
  /// not 2.7e-12; no number carries more than 9 decimals or an exponent.
  @Test func noFloatingPointNoise() throws {
    let (text, events) = try manifest()
    let up = try #require(events.first { $0["kind"] as? String == "touchUp" })
    #expect(up["velocityX"] as? Double == 0)
    #expect(up["translationX"] as? Double == 0)
    #expect(!text.contains("e-"), "an exponent in \(text)")
    let decimals = try NSRegularExpression(pattern: #"\.\d{10,}"#)
    #expect(decimals.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil)
  }
}
