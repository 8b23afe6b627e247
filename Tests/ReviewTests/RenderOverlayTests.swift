import Foundation
import Geometry
import Raster
import TestSupport
import Testing
@testable import Review

/// The overlay flags on `flipbook render` and `flipbook still`, end to end through the built
/// binary. The tiny scene is widened to 200 x 160 pt (scale 1, so points are pixels) to make
/// room for the caption band; frame 6 is t = 0.2 s, where the script puts the finger at
/// exactly (24, 28) pt. Every expected place below is worked out by hand from the overlay
/// geometry (docs/review.md), not read back from a render.
@Suite(.serialized) struct RenderOverlayTests {
  static let size = ["--set", "canvas.size=[200,160]"]

  /// Frame 6 of `render` with `flags`, decoded, plus the manifest (read by Foundation).
  func renderFrame6(_ flags: [String]) throws -> (frame: Bitmap, manifest: [String: Any]) {
    let dir = try makeTemporaryFolder("render-overlay")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try runFlipbook(["render", tinyScene] + Self.size + ["--frames", "6", "-o", dir.path] + flags)
    try #require(r.status == 0, "\(r.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("manifest.json")))
    let manifest = try #require(json as? [String: Any])
    return (try decodePNG(dir.path + "/frame_00006.png"), manifest)
  }

  /// The manifest's pixelSize as [width, height].
  func pixelSize(_ manifest: [String: Any]) -> [Int]? {
    (manifest["pixelSize"] as? [String: Any]).flatMap { s in (s["width"] as? Int).flatMap { w in (s["height"] as? Int).map { [w, $0] } } }
  }

  /// The smallest rectangle holding every pixel that differs between `a` and `b`.
  func changed(_ a: Bitmap, _ b: Bitmap) -> PixelRect? {
    var box: PixelRect?
    for y in 0..<a.height {
      for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
        let p = PixelRect(x: x, y: y, width: 1, height: 1)
        box = box.map { $0.union(p) } ?? p
      }
    }
    return box
  }

  @Test func withoutFlagsTheFrameIsTheScenesOwnPicture() throws {
    let plain = try renderFrame6([])
    let clip = try loadTiny(sets: ["canvas.size=[200,160]"])
    #expect(plain.frame == clip.bitmap(frame: 6))
    #expect(pixelSize(plain.manifest) == [200, 160])
  }

  @Test func touchDotIsCentredOnTheScriptedFinger() throws {
    let plainRender = try renderFrame6([])
    let plain = plainRender.frame
    let touched = try renderFrame6(["--touches"])
    // The ring's outer edge is 22 + 1.5 / 2 = 22.75 px from (24, 28), plus half a pixel of
    // anti-aliasing: pixel centres (x + 0.5) within 23.25 of 24 are x = 1 ... 46, and
    // likewise y = 5 ... 50. Nothing else changes.
    #expect(changed(plain, touched.frame) == PixelRect(x: 1, y: 5, width: 46, height: 46))
    // At the centre only the fill covers the pixel, fully: white at 50 % premultiplies to
    // (128, 128, 128, 128) (255 * 0.5 rounded half away from zero), and source-over gives
    // D' = 128 + round(D * (255 - 128) / 255) in each channel of the opaque frame.
    let d = plain.pixel(x: 23, y: 27)
    func over(_ c: UInt8) -> UInt8 { UInt8(128 + (Int(c) * 127 + 127) / 255) }
    #expect(touched.frame.pixel(x: 23, y: 27) == (over(d.r), over(d.g), over(d.b), 255))
    // The flags are part of the scene hash.
    #expect(touched.manifest["sceneHash"] as? String != plainRender.manifest["sceneHash"] as? String)
  }

  @Test func timecodeStaysOnItsPill() throws {
    let plain = try renderFrame6([]).frame
    let coded = try renderFrame6(["--timecode"]).frame
    // The pill: 150 x 30 pt, 12 pt from the right edge, its bottom 34 pt above the frame's
    // bottom: x = 200 - 12 - 150 = 38, y = 160 - 34 - 30 = 96.
    let pill = PixelRect(x: 38, y: 96, width: 150, height: 30)
    let box = try #require(changed(plain, coded))
    #expect(box.intersection(pill) == box)
    // The pill's rounded corners (15 pt) leave its corner pixels alone, its middle not.
    #expect(box.width > 140 && box.height > 26)
  }

  @Test func captionStaysOnItsBand() throws {
    let plain = try renderFrame6([]).frame
    let captioned = try renderFrame6(["--caption"]).frame
    // The band: 12 pt from each side, 52 pt tall, its bottom 34 pt above the frame's bottom.
    let band = PixelRect(x: 12, y: 160 - 34 - 52, width: 200 - 24, height: 52)
    let box = try #require(changed(plain, captioned))
    #expect(box.intersection(band) == box)
    #expect(box.width > 170 && box.height > 48)
  }

  @Test func deviceOutlineWrapsTheUnchangedScreen() throws {
    let plain = try renderFrame6([]).frame
    let framed = try renderFrame6(["--device"])
    // 16 pt margin + 12 pt bezel on each side: 200 + 56 = 256, 160 + 56 = 216 (both even).
    #expect(framed.frame.width == 256 && framed.frame.height == 216)
    #expect(pixelSize(framed.manifest) == [256, 216])
    // Outside the four corner squares (47.33 pt radius, rounded up, + 2 = 50 px) the screen
    // is copied exactly, 28 px in from the edges.
    #expect(framed.frame.cropped(to: PixelRect(x: 28 + 50, y: 28, width: 100, height: 160)) == plain.cropped(to: PixelRect(x: 50, y: 0, width: 100, height: 160)))
    #expect(framed.frame.cropped(to: PixelRect(x: 28, y: 28 + 50, width: 200, height: 60)) == plain.cropped(to: PixelRect(x: 0, y: 50, width: 200, height: 60)))
    // The screen's corner arc (47.33 px) and the bezel's (47.33 + 12 px, then 1 px of edge)
    // share the centre (28 + 47.33, 28 + 47.33). Pixel (36, 36), centre 36.5, is
    // 38.83 * sqrt 2 = 54.9 px from it: outside the screen, inside the bezel (58.33 px), so
    // bezel colour (0.11, 0.11, 0.12 -> 28, 28, 31). The screen's own corner pixel (28, 28)
    // is 66.2 px out, past the outline: background (0.07, 0.07, 0.08 -> 18, 18, 20), as is (0, 0).
    #expect(framed.frame.pixel(x: 36, y: 36) == (28, 28, 31, 255))
    #expect(framed.frame.pixel(x: 28, y: 28) == (18, 18, 20, 255))
    #expect(framed.frame.pixel(x: 0, y: 0) == (18, 18, 20, 255))
  }

  @Test func stillWithFlagsIsRendersFrame() throws {
    let flags = ["--touches", "--timecode", "--caption", "--device"]
    let all = try renderFrame6(flags).frame
    let dir = try makeTemporaryFolder("still-overlay")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try runFlipbook(["still", tinyScene] + Self.size + ["--frame", "6", "-o", dir.path + "/s.png"] + flags)
    try #require(r.status == 0, "\(r.stderr)")
    #expect(try decodePNG(dir.path + "/s.png") == all)
  }

  @Test func mp4WithTheDeviceOutlineHasTheFramedSize() throws {
    let dir = try makeTemporaryFolder("render-overlay-mp4")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.path + "/clip.mp4"
    let r = try runFlipbook(["render", tinyScene] + Self.size + ["--mp4", out, "--device", "--touches"])
    try #require(r.status == 0, "\(r.stderr)")
    let probe = try runProcess("ffprobe", [
      "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries", "stream=width,height,nb_read_frames",
      "-of", "csv=p=0", out,
    ])
    // 22 frames (0.3 s of gesture, the spring and 0.1 s hold at 30 fps; see EndToEndTests).
    #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "256,216,22")
  }
}
