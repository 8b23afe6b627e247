import Foundation
import PNG
import Raster
import Stage
import TestSupport
import Testing
@testable import Review

/// What a review bundle's contact sheet and page say they show, and how the page carries the
/// clip (issue 23).
@Suite(.serialized) struct BundleNamingTests {
  /// The sheet in a bundle is titled with the scene's name and the variant: it is exactly the
  /// sheet Review draws with that title written out here by hand (the bundle's sheet used to
  /// carry the scene's name alone, so two variants' sheets could not be told apart).
  @Test func theBundlesSheetNamesSceneAndVariant() throws {
    let dir = try makeTemporaryFolder("sheet-title")
    defer { try? FileManager.default.removeItem(at: dir) }
    for (variant, title) in [("cancelling", "Tiny drag · variant cancelling"), (nil, "Tiny drag · variant base")] {
      let r = try runFlipbook(["review", tinyScene, "--gif-width", "48", "-o", dir.path] + (variant.map { ["--variant", $0] } ?? []))
      try #require(r.status == 0, "\(r.stderr)")
      let name = "tiny-drag" + (variant.map { "-" + $0 } ?? "")
      let written = try decodePNG(dir.path + "/\(name)-sheet.png")
      let expected = try SheetMaker(choice: .atEvents, thumbnailWidth: 156, title: title).render(loadTiny(variant: variant))
      #expect(written == expected, "\(name)-sheet.png is not titled '\(title)'")
      // The page carries the same title.
      let html = try String(contentsOfFile: dir.path + "/\(name).html", encoding: .utf8)
      #expect(html.contains("\"title\": \"\(title)\""), "\(name).html")
    }
  }

  /// The page carries the clip as one H.264 video by default, and as lossless PNG frames (each
  /// distinct frame once) with --page-frames png; anything else is a usage error.
  @Test func pageFramesChooseVideoOrPNG() throws {
    let dir = try makeTemporaryFolder("page-frames")
    defer { try? FileManager.default.removeItem(at: dir) }
    let video = try runFlipbook(["review", tinyScene, "--gif-width", "48", "-o", dir.path + "/video"])
    try #require(video.status == 0, "\(video.stderr)")
    let v = try String(contentsOfFile: dir.path + "/video/tiny-drag.html", encoding: .utf8)
    #expect(v.components(separatedBy: "data:video/mp4;base64,").count == 2, "one video")
    #expect(!v.contains("\"images\":"), "no PNG frames")
    let png = try runFlipbook(["review", tinyScene, "--gif-width", "48", "--page-frames", "png", "-o", dir.path + "/png"])
    try #require(png.status == 0, "\(png.stderr)")
    let p = try String(contentsOfFile: dir.path + "/png/tiny-drag.html", encoding: .utf8)
    #expect(!p.contains("data:video/"))
    // 22 frames, the holds stored once: fewer distinct PNGs than frames, plus the chart and the sheet.
    let pngs = p.components(separatedBy: "data:image/png;base64,").count - 1
    #expect(pngs > 3 && pngs < 22 + 2, "\(pngs) PNGs")
    let bad = try runFlipbook(["review", tinyScene, "--page-frames", "jpeg", "-o", dir.path + "/bad"])
    #expect(bad.status == 64 && bad.stderr.contains("--page-frames"), "\(bad.stderr)")
  }
}
