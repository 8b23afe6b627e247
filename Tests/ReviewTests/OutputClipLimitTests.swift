import Foundation
import Scene
import Stage
import TestSupport
import Testing
@testable import Review

/// The clip limits (20,000 frames, 120 s, 1...240 fps) hold for the clip a command writes,
/// whatever made it that long: the scene itself, `--speed` or `--refresh`.
@Suite(.serialized) struct OutputClipLimitTests {
  /// tiny-drag is 22 frames at 30 fps: 0.7 s from its first frame to its last.
  @Test func slowMotionPastTheLimitIsRefusedBeforeAnyFrame() throws {
    let tiny = try loadTiny()
    #expect(tiny.frameCount == 22)
    // --speed 0.005: 0.7 s / 0.005 = 140 s, 4,201 frames: within 20,000 frames, past 120 s.
    #expect(throws: StageError.self) { try Comparison(clips: [tiny], labels: ["a"], speed: 0.005) }
    // --speed 0.006: 116.7 s, 3,501 frames: fits.
    #expect(try Comparison(clips: [tiny], labels: ["a"], speed: 0.006).frameCount == 3501)
    // 0.7 × 30 / 1e-300 frames does not fit an Int: refused, not trapped.
    #expect(throws: StageError.self) { try Comparison(clips: [tiny], labels: ["a"], speed: 1e-300) }
    // An output rate past 240 fps.
    #expect(throws: StageError.self) { try Comparison(clips: [tiny, tiny], labels: ["a", "b"], refreshRates: [1e9, 60]) }
  }

  @Test func reviewAndCompareRefuseTheirOversizedClipsWithoutWritingAnything() throws {
    let dir = try makeTemporaryFolder("cliplimit")
    defer { try? FileManager.default.removeItem(at: dir) }
    let review = try runFlipbook(["review", tinyScene, "--speed", "0.0001", "-o", dir.path + "/v"])
    #expect(review.status != 0)
    #expect(review.stderr.contains("with --speed 0.0001 would have 210001 frames (7000 s at 30 fps)"), "\(review.stderr)")
    #expect(review.stderr.contains("at most 20000 frames and last at most 120 s"), "\(review.stderr)")
    let refresh = try runFlipbook(["compare", tinyScene, "--refresh", "1e9,60", "-o", dir.path + "/c.mp4"])
    #expect(refresh.status == 64 && refresh.stderr.contains("--refresh rates must be at most 240 Hz"), "\(refresh.stderr)")
    let label = try runFlipbook(["compare", tinyScene, "--vary", "\(completeDamping)=0.5,1.0", "--label", String(repeating: "x", count: 120_000), "--label", "b", "-o", dir.path + "/l.mp4"])
    #expect(label.status == 64 && label.stderr.contains("--label is 120000 characters long; a label may have at most 1000"), "\(label.stderr)")
    let page = try runFlipbook(["review", tinyScene, "--page-scale", "0", "-o", dir.path + "/p"])
    #expect(page.status == 64 && page.stderr.contains("--page-scale must be in 0.25...4.0 (got 0.0)"), "\(page.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(left.isEmpty, "\(left)")
  }

  @Test func aSceneLongerThan120sIsRefusedThoughItsFramesFit() throws {
    // The finger lifts at 10 s and the clip holds 120 s after the settle: about 130.3 s,
    // 131 frames at 1 fps (within 20,000 frames, past 120 s).
    let gesture = "transition.interactive.gesture"
    let long = try SceneLoader.load(path: tinyScene, sets: ["canvas.fps=1", "\(gesture)[1].at=5", "\(gesture)[2].at=10", "hold.after=120"])
    var refused = ""
    do { _ = try Clip(document: long) } catch { refused = error.description }
    #expect(refused.contains("at most 20000 frames and last at most 120 s"), "\(refused)")
    let fits = try SceneLoader.load(path: tinyScene, sets: ["canvas.fps=1", "\(gesture)[1].at=5", "\(gesture)[2].at=10", "hold.after=100"])
    let frames = try Clip(document: fits).frameCount
    #expect(frames == 111)
  }
}
