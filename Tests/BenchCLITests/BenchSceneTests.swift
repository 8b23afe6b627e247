import Foundation
import TestSupport
import Testing

/// `flipbook bench --scene`: per-frame staging and raster times of a real scene.
@Suite struct BenchSceneTests {
  static let tiny = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("StageTests/Fixtures/tiny.yaml").path

  @Test func timesEachFrameOfTheRange() throws {
    let json = FileManager.default.temporaryDirectory.appendingPathComponent("bench-scene-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: json) }
    let r = try runFlipbook(["bench", "--scene", Self.tiny, "--runs", "2", "--frames", "1..3", "--json", json])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("tiny.yaml, 60 x 100 px, frames 1...3, 2 runs, one thread"))
    #expect(r.stdout.contains("stage (layer tree)"))
    #expect(r.stdout.contains("clip total (sum of frames)"))
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
    #expect(report?["width"] as? Int == 60 && report?["height"] as? Int == 100)
    #expect(report?["firstFrame"] as? Int == 1 && report?["runs"] as? Int == 2)
    // The tiny push has 0.1 s + 0.3 s + 0.1 s at 10 fps: frames 0...5; three were timed.
    #expect((report?["raster"] as? [Double])?.count == 3)
    #expect((report?["stage"] as? [Double])?.allSatisfy { $0 >= 0 } == true)
  }

  @Test func aRangePastTheClipIsAnError() throws {
    let r = try runFlipbook(["bench", "--scene", Self.tiny, "--frames", "4..9"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("frame 9 is past its end"))
  }

  @Test func sceneOptionsNeedAScene() throws {
    let r = try runFlipbook(["bench", "--frames", "1..2"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("--variant and --frames need --scene"))
  }
}
