import Foundation
import TestSupport
import Testing
@testable import Stage

/// An asset whose header is fine but whose image data is cut short passes the scene's header
/// check and fails only when decoded: it is still a bad scene, reported at the line that
/// names the asset, with exit 65 and nothing written.
@Suite(.serialized) struct AssetDiagnosticTests {
  /// tiny.yaml beside a copy of its assets, red.png cut 20 bytes short (inside IDAT).
  func sceneWithTruncatedAsset() throws -> (dir: String, scene: String) {
    let dir = makeTemporaryDirectory("asset-diag")
    try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
    for name in ["red.png", "wide.png"] {
      try FileManager.default.copyItem(atPath: Fixtures.path("assets/" + name), toPath: dir + "/assets/" + name)
    }
    let red = try #require(bytes(dir + "/assets/red.png"))
    try Data(red.dropLast(20)).write(to: URL(fileURLWithPath: dir + "/assets/red.png"))
    try FileManager.default.copyItem(atPath: Fixtures.path("tiny.yaml"), toPath: dir + "/bad.yaml")
    return (dir, dir + "/bad.yaml")
  }

  // tiny.yaml line 5 is "  red: assets/red.png": the path starts at column 8.
  static func expected(_ scene: String) -> String {
    "\(scene):5:8: error: asset 'red' (assets/red.png): truncated PNG (the file ends before the image is complete)\n"
  }

  @Test func renderReportsTheAssetLineAndWritesNothing() throws {
    let (dir, scene) = try sceneWithTruncatedAsset()
    let r = try runFlipbook(["render", scene, "-o", dir + "/out"])
    #expect(r.status == 65)
    #expect(r.stderr == Self.expected(scene))
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
  }

  /// compare and review load their clips through the same loader as render.
  @Test func compareAndReviewReportTheAssetLineAndWriteNothing() throws {
    let (dir, scene) = try sceneWithTruncatedAsset()
    let c = try runFlipbook(["compare", scene, "--vary", "hold.after=0.1,0.2", "-o", dir + "/cmp.mp4"])
    #expect(c.status == 65)
    #expect(c.stderr == Self.expected(scene))
    let r = try runFlipbook(["review", scene, "-o", dir + "/review"])
    #expect(r.status == 65)
    #expect(r.stderr == Self.expected(scene))
    #expect(listing(dir) == ["assets", "bad.yaml"])
  }

  /// Every asset that does not decode is reported, not only the first.
  @Test func everyUndecodableAssetIsReported() throws {
    let (dir, scene) = try sceneWithTruncatedAsset()
    let wide = try #require(bytes(dir + "/assets/wide.png"))
    try Data(wide.dropLast(20)).write(to: URL(fileURLWithPath: dir + "/assets/wide.png"))
    let r = try runFlipbook(["check", scene])
    #expect(r.status == 65)
    // tiny.yaml line 6 is "  wide: assets/wide.png": the path starts at column 9.
    #expect(r.stderr == Self.expected(scene)
      + "\(scene):6:9: error: asset 'wide' (assets/wide.png): truncated PNG (the file ends before the image is complete)\n")
  }

  @Test func checkCallsTheSceneInvalid() throws {
    let (_, scene) = try sceneWithTruncatedAsset()
    let r = try runFlipbook(["check", scene])
    #expect(r.status == 65)
    #expect(r.stderr == Self.expected(scene))
  }
}

/// `--scale` is checked against the same per-side limit the scene's own scale is.
@Suite struct ScaleOverrideLimitTests {
  @Test func scaleOverridePastTheSideLimitIsRefused() throws {
    // 2700 pt wide: 8100 px at the scene's scale 3 (within 8192), 10800 px at --scale 4.
    #expect(throws: StageError.invalidSetting("a 10800x400 px frame is outside the limits (at most 8192 px per side)")) {
      _ = try Fixtures.clip("tiny.yaml", sets: ["canvas.size=[2700,100]", "canvas.scale=3"], scale: 4)
    }
    // The same canvas at the scene's scale is fine.
    let clip = try Fixtures.clip("tiny.yaml", sets: ["canvas.size=[2700,100]", "canvas.scale=3"])
    #expect(clip.canvas.pixelWidth == 8100)
  }
}
