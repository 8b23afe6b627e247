import Foundation
import Scene
import Stage
import Testing
@testable import Review

/// The metrics of `Tests/StageTests/Fixtures/sheet.yaml` (worked by hand there): a flick that
/// rests at medium (p = 302/667), and its `committed` variant.
@Suite struct RestingPointMetricsTests {
  static let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("StageTests/Fixtures/sheet.yaml").path

  func metrics(variant: String? = nil) throws -> ClipMetrics {
    ClipMetrics(try Clip(document: try SceneLoader.load(path: Self.scene, variant: variant), scale: 1))
  }

  @Test func restingPointAndCommitAreRecorded() throws {
    let m = try metrics()
    #expect(m.restingPoint == "medium")
    #expect(abs((m.target ?? 0) - 302.0 / 667) < 1e-15)
    #expect(!m.committed)
    #expect(abs((m.releaseTime ?? 0) - 0.3) < 1e-12)
    // A critically damped spring toward medium never passes it.
    #expect(m.overshoot < 1e-9)
    guard case .object(let json) = m.json else { Issue.record("not an object"); return }
    #expect(json["restingPoint"] == .string("medium"))
    #expect(json["committed"] == nil)
    let c = try metrics(variant: "committed")
    #expect(c.committed && c.restingPoint == "medium")
    #expect(abs((c.releaseTime ?? 0) - (0.1 + 22.0 / 120)) < 1e-12)
    guard case .object(let cj) = c.json else { Issue.record("not an object"); return }
    #expect(cj["committed"] == .bool(true))
  }
}
