import Foundation
import Geometry
import PNG
import Raster
import Scene
import Stage
import TestSupport
import Testing
@testable import Review

let tinyScene = repositoryRoot.appendingPathComponent("Tests/ReviewTests/Fixtures/tiny-drag.yaml").path
let completeDamping = "transition.interactive.complete.spring.dampingRatio"

func loadTiny(variant: String? = nil, sets: [String] = []) throws -> Clip {
  try Clip(document: SceneLoader.load(path: tinyScene, variant: variant, sets: sets))
}

func decodePNG(_ path: String) throws -> Bitmap { try PNGDecoder().decode(contentsOf: path) }

@Suite(.serialized) struct ReviewEndToEndTests {
  @Test func compareCellsEqualEachVariantsOwnFrames() throws {
    let clips = try [loadTiny(sets: ["\(completeDamping)=0.5"]), loadTiny(sets: ["\(completeDamping)=1.0"]), loadTiny(variant: "cancelling")]
    let c = try Comparison(clips: clips, labels: ["0.5", "1.0", "cancelling"])
    #expect(c.frameCount == clips.map(\.frameCount).max())
    for n in 0..<c.frameCount {
      let out = try c.frame(n)
      for (i, clip) in clips.enumerated() {
        #expect(out.cropped(to: c.grid.layout.frame(i)) == clip.bitmap(frame: min(n, clip.frameCount - 1)), "frame \(n), cell \(i)")
      }
    }
  }

  @Test func theCommandLineCompareMatchesTheCommandLineRender() throws {
    let dir = try makeTemporaryFolder("compare-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let cmp = dir.appendingPathComponent("cmp").path
    let r = try runFlipbook(["compare", tinyScene, "--vary", "\(completeDamping)=0.5,1.0", "-o", cmp])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(FileManager.default.fileExists(atPath: cmp + "/curves.png"))
    // Cells at scale 1: a 30 pt label band, 8 pt gutters and margins.
    let layout = GridLayout(count: 2, cellWidth: 48, cellHeight: 64, labelHeight: 30, gutter: 8, margin: 8)
    for (i, value) in ["0.5", "1.0"].enumerated() {
      let single = dir.appendingPathComponent("single\(i)").path
      let s = try runFlipbook(["render", tinyScene, "--set", "\(completeDamping)=\(value)", "-o", single])
      try #require(s.status == 0, "\(s.stderr)")
      for n in [0, 5, 9, 12, 20] {
        let frame = String(format: "frame_%05d.png", n)
        let grid = try decodePNG(cmp + "/" + frame)
        #expect(grid.cropped(to: layout.frame(i)) == (try decodePNG(single + "/" + frame)), "\(value) frame \(n)")
      }
    }
  }

  @Test func touchesAppearAtTheFingerAndNowhereElse() throws {
    let clip = try loadTiny()
    let plain = try Comparison(clips: [clip], labels: ["tiny"])
    let touched = try Comparison(clips: [clip], labels: ["tiny"], overlays: OverlaySet(touches: true))
    // Frame 6 is t = 0.2 s: the script puts the finger at (24, 28) pt.
    let state = clip.timeline.state(frame: 6)
    #expect(state.gesture?.location == Point(24, 28))
    let a = try plain.frame(6), b = try touched.frame(6)
    let cell = plain.grid.layout.frame(0)
    #expect(a.pixel(x: cell.x + 24, y: cell.y + 28) != b.pixel(x: cell.x + 24, y: cell.y + 28))
    // 44 pt dot: everything farther than 24 px from the finger is unchanged.
    #expect(unchangedOutside(PixelRect(x: cell.x + 24 - 24, y: cell.y + 28 - 24, width: 49, height: 49), a, b))
    // Before the touch (frame 0) the two are identical.
    #expect(try plain.frame(0) == (try touched.frame(0)))
  }

  @Test func slowMotionSamplesTheTimesItClaims() throws {
    let clip = try loadTiny()
    let slow = try Comparison(clips: [clip], labels: ["tiny"], speed: 0.25)
    // The clip's last frame is at 21 / 30 s; at quarter speed that is output frame 84.
    #expect(clip.frameCount == 22)
    #expect(slow.frameCount == 85)
    for n in [1, 2, 3, 50, 84] {
      #expect(abs(slow.time(ofFrame: n, cell: 0) - Double(n) / 30 * 0.25) < 1e-12)
    }
    // Consecutive slow frames during the motion differ (fresh samples, not repeats).
    let cell = slow.grid.layout.frame(0)
    #expect(try slow.frame(33).cropped(to: cell) != (try slow.frame(34).cropped(to: cell)))
  }

  @Test func sheetAndReviewBundle() throws {
    let dir = try makeTemporaryFolder("bundle")
    defer { try? FileManager.default.removeItem(at: dir) }
    let sheet = dir.appendingPathComponent("sheet.png").path
    let s = try runFlipbook(["sheet", tinyScene, "--count", "4", "--thumb-width", "40", "-o", sheet])
    try #require(s.status == 0, "\(s.stderr)")
    let png = try decodePNG(sheet)
    // 4 tiles of 40 px, 8 px apart, 16 px margins: 2 * 16 + 4 * 40 + 3 * 8 = 216.
    #expect(png.width == 216)

    let out = dir.appendingPathComponent("review").path
    let r = try runFlipbook(["review", tinyScene, "--touches", "--gif-width", "48", "-o", out])
    try #require(r.status == 0, "\(r.stderr)")
    for suffix in [".mp4", ".gif", "-sheet.png", "-curves.png", "-metrics.json"] {
      #expect(FileManager.default.fileExists(atPath: out + "/tiny-drag" + suffix), "tiny-drag\(suffix)")
    }
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/tiny-drag-metrics.json"))) as! [String: Any]
    // The script lifts at 0.3 s moving down past 10 % of the distance: it completes.
    #expect(json["releaseTime"] as? Double == 0.3)
    #expect(json["decision"] as? String == "complete")
    #expect((json["releaseProgress"] as? Double).map { $0 > 0.5 } == true)
    // 22 frames at 30 fps last 22 / 30 s = 73.3 cs: 73 cs of GIF delays.
    let gif = try GIFStructure(Array(try Data(contentsOf: URL(fileURLWithPath: out + "/tiny-drag.gif"))))
    #expect(gif.delays.reduce(0, +) == 73)
  }

  /// --jobs and --speed are one option group each, checked the same way on every command.
  @Test func sharedOptionsAreChecked() throws {
    let dir = try makeTemporaryFolder("options")
    defer { try? FileManager.default.removeItem(at: dir) }
    for (args, message) in [
      (["render", tinyScene, "--jobs", "0", "-o", dir.path + "/r"], "--jobs must be at least 1 (got 0)"),
      (["compare", tinyScene, "--variants", "base,cancelling", "--jobs", "0", "-o", dir.path + "/c.mp4"], "--jobs must be at least 1 (got 0)"),
      (["compare", tinyScene, "--variants", "base,cancelling", "--speed", "0", "-o", dir.path + "/c.mp4"], "--speed must be in (0, 4] (got 0.0)"),
      (["review", tinyScene, "--speed", "5", "-o", dir.path + "/v"], "--speed must be in (0, 4] (got 5.0)"),
    ] {
      let r = try runFlipbook(args)
      #expect(r.status == 64 && r.stderr.contains(message), "\(args): \(r.status) \(r.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test func badRequestsFailCleanly() throws {
    let dir = try makeTemporaryFolder("bad")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("x.mp4").path
    let noVary = try runFlipbook(["compare", tinyScene, "-o", out])
    #expect(noVary.status != 0 && noVary.stderr.contains("nothing to compare"))
    let badPath = try runFlipbook(["compare", tinyScene, "--vary", "transition.nope=1,2", "-o", out])
    #expect(badPath.status == 65)
    #expect(badPath.stderr.contains("tiny-drag.yaml") || badPath.stderr.contains("nope"))
    let badVariant = try runFlipbook(["compare", tinyScene, "--variants", "base,missing", "-o", out])
    #expect(badVariant.status == 65 && badVariant.stderr.contains("missing"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
