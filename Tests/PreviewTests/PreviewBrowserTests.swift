import Foundation
import PNG
import Raster
import TestSupport
import XCTest

/// The preview and review pages in a real browser (headless Chromium through chromedriver):
/// the frame the page shows is `flipbook render`'s frame, pixel for pixel; a scene saved
/// with an error shows the error as `flipbook check` prints it, and keeps the clip; fixing
/// it shows the new clip. Skipped, saying so, only where Chromium is not installed.
final class PreviewBrowserTests: XCTestCase {
  static let scene = "t2-photos-drag-to-dismiss"
  static let scale = "0.5"
  /// The frame to scrub to: mid-drag, where the photo has moved and shrunk.
  static let frame = 40

  /// A copy of the catalog scene in a folder of its own, its assets beside it.
  func makeWorkspace() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let scenes = repositoryRoot.appendingPathComponent("Scenes")
    try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("assets"), withDestinationURL: scenes.appendingPathComponent("assets"))
    try FileManager.default.copyItem(
      at: scenes.appendingPathComponent("\(Self.scene).yaml"), to: dir.appendingPathComponent("scene.yaml"))
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// Frame `n` of `flipbook render SCENE --scale S`, decoded.
  func renderedFrame(_ scene: URL, _ n: Int) throws -> Bitmap {
    let out = scene.deletingLastPathComponent().appendingPathComponent("render-\(UUID().uuidString)")
    let r = try runFlipbook(["render", scene.path, "--scale", Self.scale, "--frames", "\(n)", "-o", out.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    return try PNGDecoder().decode(contentsOf: out.appendingPathComponent(String(format: "frame_%05d.png", n)).path)
  }

  func startBrowser() throws -> WebDriver {
    do {
      return try WebDriver.start()
    } catch let e as WebDriver.Problem {
      if case .notInstalled(let why) = e { throw XCTSkip("SKIPPED browser test: \(why)") }
      throw e
    }
  }

  /// Scrubs the page to frame `n` and returns what variant 0's canvas holds.
  func shownFrame(_ browser: WebDriver, _ n: Int) throws -> Bitmap {
    let status = try browser.execute("return window.flipbook.seek(arguments[0]);", [n]) as? [String: Any]
    let shown = (status?["shown"] as? [Any])?.first as? [String: Any]
    XCTAssertEqual(shown?["frame"] as? Int, n, "the page shows the frame scrubbed to")
    XCTAssertEqual(shown?["stale"] as? Bool, false)
    return try bitmap(fromDataURL: try browser.execute("return window.flipbook.pixels(0);"))
  }

  func testPreviewShowsRenderedFramesFollowsSavesAndShowsErrors() throws {
    let browser = try startBrowser()
    defer { browser.quit() }
    let dir = try makeWorkspace()
    let scene = dir.appendingPathComponent("scene.yaml")
    let preview = try PreviewProcess([scene.path, "--scale", Self.scale])
    try browser.open(preview.url)
    try browser.wait("the first clip", until: "return window.flipbook && window.flipbook.status().complete && window.flipbook.status().generation === 1;")

    // Scrubbed to frame N, the page shows frame N of `flipbook render`, pixel for pixel.
    let expected = try renderedFrame(scene, Self.frame)
    let shown = try shownFrame(browser, Self.frame)
    XCTAssertEqual(shown.width, expected.width)
    XCTAssertEqual(shown.height, expected.height)
    XCTAssertTrue(shown.pixels == expected.pixels, "frame \(Self.frame) on the page differs from flipbook render's")

    // A save with an error: the page shows it exactly as `check` prints it, clip kept.
    let good = try String(contentsOf: scene, encoding: .utf8)
    let line = "    complete: {spring: {duration: 0.37, dampingRatio: 0.90}}"
    XCTAssertTrue(good.contains(line), "the catalog scene changed; update this test's edit")
    let lineNumber = (good.components(separatedBy: "\n").firstIndex(of: line) ?? -1) + 1
    try good.replacingOccurrences(of: line, with: "    complete: {spring: {duration: 0.37, dampingRatio: -2}}")
      .write(to: scene, atomically: true, encoding: .utf8)
    let check = try runFlipbook(["check", scene.path])
    XCTAssertEqual(check.status, 65)
    XCTAssertTrue(check.stderr.contains("scene.yaml:\(lineNumber):"), check.stderr)
    try browser.wait("the errors", until: "return window.flipbook.status().errors !== null;")
    let pageErrors = try browser.execute("return document.getElementById('error-text').textContent;") as? String
    let visible = try browser.execute("return !document.getElementById('errors').hidden;") as? Bool
    XCTAssertEqual(visible, true)
    // check prints the scene as written and then each variant; the page shows the scene's own.
    let expectedErrors = check.stderr
    XCTAssertTrue(pageErrors?.contains("scene.yaml:\(lineNumber):") == true, pageErrors ?? "nil")
    XCTAssertTrue(expectedErrors.contains(pageErrors ?? "<none>"), "page: \(pageErrors ?? "nil")\ncheck: \(expectedErrors)")
    XCTAssertTrue(pageErrors?.contains("^") == true, "the caret line")
    XCTAssertTrue(try shownFrame(browser, Self.frame).pixels == expected.pixels, "the last good clip stays")

    // Fixed (with another spring): the page shows the new clip, frame for frame.
    try good.replacingOccurrences(of: line, with: "    complete: {spring: {duration: 0.6, dampingRatio: 0.5}}")
      .write(to: scene, atomically: true, encoding: .utf8)
    try browser.wait("the new clip", until: "const s = window.flipbook.status(); return s.errors === null && s.generation === 2 && s.complete;")
    let n = 60
    let fixed = try renderedFrame(scene, n)
    let before = try shownFrame(browser, n)
    XCTAssertTrue(before.pixels == fixed.pixels, "frame \(n) of the fixed scene")
    XCTAssertNotEqual(fixed.pixels, try renderedFrame(dir.appendingPathComponent("original.yaml").writing(good), n).pixels, "the edit changes frame \(n)")

    // Ctrl-C stops it, exit status 0.
    XCTAssertEqual(preview.interrupt(), 0, preview.stderr)
  }

  /// Two variants side by side on one timebase (T2 and its cancelling variant): both cells,
  /// and the event names drawn over the chart keep apart (the two decisions, 140 ms apart,
  /// used to print over each other). `FLIPBOOK_SCREENSHOT=path` saves the page mid-drag (frame 33, 0.55 s) with
  /// the touches on: docs/preview.png.
  func testVariantsSideBySideKeepTheirEventNamesApart() throws {
    let browser: WebDriver
    do {
      browser = try WebDriver.start(width: 1200, height: 720)
    } catch let e as WebDriver.Problem {
      if case .notInstalled(let why) = e { throw XCTSkip("SKIPPED browser test: \(why)") }
      throw e
    }
    defer { browser.quit() }
    let dir = try makeWorkspace()
    let scene = dir.appendingPathComponent("scene.yaml")
    let preview = try PreviewProcess([scene.path, "--scale", Self.scale, "--variant", "base,cancelling"])
    try browser.open(preview.url)
    try browser.wait("both clips", until: "return window.flipbook && window.flipbook.status().complete && window.flipbook.data().variants.length === 2;")
    _ = try browser.execute("window.flipbook.seek(arguments[0]); document.getElementById('touches').click();", [33])
    let labels = try browser.execute("return window.flipbook.chartLabels();") as? [[String: Any]] ?? []
    // touch down (the same instant in both) and each variant's decision.
    XCTAssertEqual(labels.filter { $0["kind"] as? String == "decision" }.count, 2, "\(labels)")
    XCTAssertEqual(labels.filter { $0["kind"] as? String == "touchDown" }.count, 1, "\(labels)")
    func box(_ l: [String: Any]) -> (x0: Double, x1: Double, y0: Double, y1: Double) {
      let left = l["left"] as? Double ?? 0, width = l["width"] as? Double ?? 0
      let bottom = l["bottom"] as? Double ?? 0, height = l["height"] as? Double ?? 0
      return (left, left + width, bottom - height, bottom)
    }
    for (i, a) in labels.enumerated() {
      for b in labels[(i + 1)...] {
        let p = box(a), q = box(b)
        let apart = p.x1 <= q.x0 || q.x1 <= p.x0 || p.y1 <= q.y0 || q.y1 <= p.y0
        XCTAssertTrue(apart, "chart labels overlap: \(a) and \(b)")
      }
    }
    if let path = ProcessInfo.processInfo.environment["FLIPBOOK_SCREENSHOT"] {
      _ = try browser.execute("const d = document.getElementById('device'); if (!d.checked) d.click();")
      try browser.screenshot().write(to: URL(fileURLWithPath: path))
    }
    XCTAssertEqual(preview.interrupt(), 0, preview.stderr)
  }

  /// NAME.html opened from file://: the clip is one H.264 video inside the page (no PNG
  /// frames), never heavier than the bundle's MP4 of the same size. Stepped to frame n, the
  /// canvas shows the video's frame n as ffmpeg decodes it (within the two decoders' YUV to RGB
  /// rounding, and far from frames n - 1 and n + 1), which is `flipbook render`'s frame n within
  /// the codec's error; the scrubber and the play button move it; nothing is loaded from
  /// outside the page.
  func testReviewPageFromDiskStepsItsVideoFrameExactly() throws {
    let browser = try startBrowser()
    defer { browser.quit() }
    let dir = try makeWorkspace()
    let scene = dir.appendingPathComponent("scene.yaml")
    let out = dir.appendingPathComponent("review")
    let r = try runFlipbook(["review", scene.path, "--scale", Self.scale, "--gif-width", "64", "-o", out.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let page = out.appendingPathComponent("scene.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    XCTAssertFalse(html.contains("http://") || html.contains("https://"), "no network address in the page")
    // The page's own video, decoded by ffmpeg (BT.709, limited range, as it is tagged).
    let data = try pageData(html)
    XCTAssertNil(data["images"], "no PNG frames in a video page")
    let src = try XCTUnwrap((data["video"] as? [String: Any])?["src"] as? String)
    let prefix = "data:video/mp4;base64,"
    XCTAssertTrue(src.hasPrefix(prefix))
    let mp4 = try XCTUnwrap(Data(base64Encoded: String(src.dropFirst(prefix.count))))
    let bundleMP4 = try Data(contentsOf: out.appendingPathComponent("scene.mp4"))
    XCTAssertLessThan(mp4.count, bundleMP4.count, "the page's video is lighter than the MP4 of the same size")
    let video = dir.appendingPathComponent("page.mp4")
    try mp4.write(to: video)
    let frames = dir.appendingPathComponent("decoded")
    try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
    let d = try runProcess("ffmpeg", [
      "-v", "error", "-i", video.path, "-vf", "scale=in_color_matrix=bt709:in_range=tv,format=rgba",
      "-fps_mode", "passthrough", "-start_number", "0", frames.appendingPathComponent("f_%03d.png").path,
    ])
    XCTAssertEqual(d.status, 0, d.stderr)
    func decoded(_ n: Int) throws -> Bitmap {
      try PNGDecoder().decode(contentsOf: frames.appendingPathComponent(String(format: "f_%03d.png", n)).path)
    }

    try browser.open(page.absoluteString)
    try browser.wait("the review page's video", until: "return window.flipbook && window.flipbook.status().complete;")
    for n in [Self.frame, Self.frame + 1] {
      let shown = try steppedFrame(browser, n)
      let here = meanDifference(shown, try decoded(n))
      XCTAssertLessThan(here, 3, "frame \(n): the canvas against ffmpeg's decoding of the same frame")
      for k in [n - 1, n + 1] {
        XCTAssertLessThan(here * 4, meanDifference(shown, try decoded(k)), "frame \(n) shown looks like frame \(k)")
      }
    }
    let rendered = try renderedFrame(scene, Self.frame)
    // x264 at CRF 16 on a 195 px wide frame full of photographs: a mean error of a few levels.
    XCTAssertLessThan(meanDifference(try steppedFrame(browser, Self.frame), rendered), 5, "frame \(Self.frame) against flipbook render's")
    // Scrubbing: the range input drives the same seek.
    _ = try browser.execute("const s = document.getElementById('scrubber'); s.value = '70'; s.dispatchEvent(new Event('input'));")
    try browser.wait("frame 70 from the scrubber", timeout: 20, until: Self.shown(70))
    XCTAssertLessThan(meanDifference(try bitmap(fromDataURL: try browser.execute("return window.flipbook.pixels(0);")), try decoded(70)), 3)
    // Playing: the video plays and the page follows the frames it presents.
    _ = try browser.execute("window.flipbook.seek(0); document.getElementById('play').click();")
    try browser.wait("playback past frame 10", timeout: 20, until: "const s = window.flipbook.status(); return !s.video.paused && s.shown[0].frame > 10;")
    _ = try browser.execute("document.getElementById('play').click();")
    try browser.wait("a pause", timeout: 20, until: "return window.flipbook.status().video.paused;")
    // Self-contained: every resource the page loaded came from inside it.
    let outside = try browser.execute(
      "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith('data:'));") as? [Any]
    XCTAssertEqual(outside?.count, 0, "\(outside ?? [])")
    XCTAssertEqual(try browser.execute("return document.getElementById('sheet-card').hidden;") as? Bool, false)
    let rows = try browser.execute("return document.querySelectorAll('#metrics tr').length;") as? Int
    XCTAssertGreaterThanOrEqual(rows ?? 0, 5)
    // The Spec panel shows `flipbook spec`'s text (docs/spec.md): its timing and its release line.
    XCTAssertEqual(try browser.execute("return document.getElementById('spec-card').hidden;") as? Bool, false)
    let shown = try browser.execute("return window.flipbookSpec.select(0, 'uikit');") as? String ?? ""
    let cli = try runFlipbook(["spec", scene.path, "--format", "uikit"]).stdout
    for line in cli.split(separator: "\n") where line.contains("UISpringTimingParameters(dampingRatio:") || line.hasPrefix("// Release 1") {
      XCTAssertTrue(shown.contains(line), "the Spec panel lacks: \(line)")
    }
    XCTAssertTrue(try browser.execute("return document.getElementById('spec-text').textContent;") as? String == shown)
  }

  /// The script that is true once variant 0's canvas holds shared frame n and no seek is pending.
  static func shown(_ n: Int) -> String {
    "const s = window.flipbook.status(); return !!s.shown[0] && s.shown[0].frame === \(n) && !s.video.seeking;"
  }

  /// Steps the page to frame `n` and returns variant 0's canvas once the video shows it.
  func steppedFrame(_ browser: WebDriver, _ n: Int) throws -> Bitmap {
    _ = try browser.execute("window.flipbook.seek(arguments[0]);", [n])
    try browser.wait("frame \(n) on the canvas", timeout: 20, until: Self.shown(n))
    return try bitmap(fromDataURL: try browser.execute("return window.flipbook.pixels(0);"))
  }

  /// The player's data inside a frozen page.
  func pageData(_ html: String) throws -> [String: Any] {
    let open = #"<script id="flipbook-data" type="application/json">"#
    let start = try XCTUnwrap(html.range(of: open)).upperBound
    let end = try XCTUnwrap(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
    let json = html[start..<end].replacingOccurrences(of: "<\\/", with: "</")
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// Mean absolute difference of the red, green and blue values over `a` (the canvas), against
  /// the same pixels of `b` (which may be larger: the video is padded to even sizes).
  func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
    precondition(b.width >= a.width && b.height >= a.height)
    var total = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let i = (y * a.width + x) * 4, j = (y * b.width + x) * 4
        for c in 0..<3 { total += abs(Int(a.pixels[i + c]) - Int(b.pixels[j + c])) }
      }
    }
    return Double(total) / Double(a.width * a.height * 3)
  }
}

extension PreviewBrowserTests {
  /// A scene titled `<!--<script>`: inside the page's JSON `<script>` element, "<!--" then
  /// "<script" put HTML's tokenizer in the double-escaped state, where the element's own
  /// "</script>" no longer ends it, and the page stayed at "Loading…" (issue 24.16).
  func testReviewPageOfASceneTitledWithScriptMarkupWorks() throws {
    let browser = try startBrowser()
    defer { browser.quit() }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-title-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let scene = repositoryRoot.appendingPathComponent("Tests/ReviewTests/Fixtures/tiny-drag.yaml").path
    let title = "<!--<script>"
    let r = try runFlipbook(["review", scene, "--set", "scene=\"\(title)\"", "--gif-width", "32", "-o", dir.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let page = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasSuffix(".html") })
    try browser.open(dir.appendingPathComponent(page).absoluteString)
    // A dead page never completes: 60 s is far more than a 22-frame page needs.
    try browser.wait("the review page's frames", timeout: 60, until: "return window.flipbook && window.flipbook.status().complete;")
    let text = try browser.execute("return document.body.innerText;") as? String ?? ""
    XCTAssertTrue(text.contains(title), "the page shows the title as text")
    XCTAssertFalse(text.contains("Loading…"), "the page left its loading state")
  }
}

extension URL {
  /// Writes `text` here and returns self.
  func writing(_ text: String) throws -> URL {
    try text.write(to: self, atomically: true, encoding: .utf8)
    return self
  }
}
