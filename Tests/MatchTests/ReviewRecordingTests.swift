import Foundation
import TestSupport
import XCTest

/// `flipbook review --recording`: the bundle carries the match's files and its page, in a real
/// browser (headless Chromium), shows the verdict `flipbook match` gives for the same recording,
/// and plays the spec | recording | difference clip. Skipped, saying so, only where Chromium is
/// not installed.
final class ReviewRecordingTests: XCTestCase {
  func testTheReviewPageShowsTheMatchVerdict() throws {
    // The recording of the spec itself: MatchRecordingTests asserts `match` says it matches.
    let rec = try RecordingMaker.make("t1-spec", scene: "t1-modal-card")
    let dir = RecordingMaker.folder.appendingPathComponent("review-\(UUID().uuidString)").path
    let r = try runFlipbook([
      "review", RecordingMaker.scene("t1-modal-card"), "--scale", "1", "--page-scale", "0.5", "--gif-width", "120",
      "--recording", rec, "-o", dir,
    ])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertTrue(r.stdout.contains("match: matches within 2 pt / 8 ms"), r.stdout)
    for suffix in ["-match.json", "-match.png", "-match.mp4", ".html"] {
      XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/t1-modal-card" + suffix), suffix)
    }
    let json = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/t1-modal-card-match.json"))) as? [String: Any])
    XCTAssertEqual(json[path: "verdict.matches"] as? Bool, true)
    let verdict = try XCTUnwrap(json[path: "verdict.text"] as? String)

    let browser: WebDriver
    do {
      browser = try WebDriver.start(width: 1440, height: 1400)
    } catch let e as WebDriver.Problem {
      if case .notInstalled(let why) = e { throw XCTSkip("SKIPPED browser test: \(why)") }
      throw e
    }
    defer { browser.quit() }
    try browser.open(URL(fileURLWithPath: dir + "/t1-modal-card.html").absoluteString)
    try browser.wait("the Match card", timeout: 60, until: "return !!document.getElementById('match-verdict');")
    let shown = try browser.execute("""
      const v = document.getElementById('match-verdict');
      return [v.textContent, v.className, document.getElementById('match-card').parentElement.className];
      """) as? [Any]
    XCTAssertEqual(shown?[0] as? String, verdict)
    XCTAssertEqual(shown?[1] as? String, "match-verdict matches")
    XCTAssertEqual(shown?[2] as? String, "stage-col")
    // The clip decodes in the browser: its size is the three 390 x 844 panels and two gutters.
    try browser.wait("the match clip", timeout: 60, until: "return document.getElementById('match-clip').readyState >= 1;")
    let size = try browser.execute("const c = document.getElementById('match-clip'); return [c.videoWidth, c.videoHeight];") as? [Any]
    XCTAssertEqual(size?.compactMap { ($0 as? NSNumber)?.intValue }, [1186, 844])
    try browser.wait("the match chart", timeout: 60, until: "const i = document.getElementById('match-chart'); return i.complete && i.naturalWidth > 0;")
  }
}
