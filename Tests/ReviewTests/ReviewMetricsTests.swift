import JSONText
import Testing
@testable import Review

/// NAME-metrics.json: the clip's metrics with what the bundle's MP4 holds (docs/review.md).
@Suite struct ReviewMetricsTests {
  /// SyntheticClip's 61 frames at 60 fps slowed to --speed 0.25: (61 - 1) x 4 + 1 = 241 frames,
  /// 240 / 60 = 4 s of MP4 for 1 s of motion (hand computation, as in docs/review.md).
  @Test func theMP4sFramesReplaceTheClipsAndTheSettingsAreAdded() throws {
    let clip = SyntheticClip()
    let metrics = ReviewMetrics(
      metrics: ClipMetrics(clip), frameCount: 241, fps: 60, speed: 0.25, motionDuration: 1.0000004,
      scene: "Scenes/t3.yaml", variant: nil, sets: ["model=iPhone 15", "a.b=2"])
    guard case .object(let fields) = metrics.json else { Issue.record("not an object"); return }
    #expect(fields["frameCount"] == .int(241))
    #expect(fields["fps"] == .number(60))
    #expect(fields["duration"] == .number(4))
    #expect(fields["speed"] == .number(0.25))
    #expect(fields["motionDuration"] == .number(1))
    #expect(fields["scene"] == .string("Scenes/t3.yaml"))
    #expect(fields["variant"] == .null)
    #expect(fields["sets"] == .array([.string("model=iPhone 15"), .string("a.b=2")]))
    // The clip's own measurements are kept (SyntheticClip releases at 0.6 s and settles at 0.9 s).
    #expect(fields["releaseTime"] == .number(0.6) && fields["settleTime"] == .number(0.9))
    #expect(fields["decision"] == .string("complete"))
  }
}
