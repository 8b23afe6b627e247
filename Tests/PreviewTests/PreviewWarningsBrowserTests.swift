import Foundation
import TestSupport
import XCTest

/// The live preview shows a scene's warnings as `flipbook check` prints them (as it shows its
/// errors), and `/state` carries them: Tests/StageTests/Fixtures/clipped-labels.yaml, whose
/// labels `check` warns about. Skipped, saying so, only where Chromium is not installed.
final class PreviewWarningsBrowserTests: XCTestCase {
  func testThePageAndStateShowCheckWarnings() throws {
    let browser: WebDriver
    do {
      browser = try WebDriver.start()
    } catch let e as WebDriver.Problem {
      if case .notInstalled(let why) = e { throw XCTSkip("SKIPPED browser test: \(why)") }
      throw e
    }
    defer { browser.quit() }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-warnings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let scene = dir.appendingPathComponent("scene.yaml")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Tests/StageTests/Fixtures/clipped-labels.yaml"), to: scene)
    let check = try runFlipbook(["check", scene.path])
    XCTAssertEqual(check.status, 0, check.stderr)
    XCTAssertTrue(check.stderr.contains(": warning: label 'a.short' is clipped"), check.stderr)

    let preview = try PreviewProcess([scene.path, "--scale", "0.25"])
    try browser.open(preview.url)
    try browser.wait("the warnings", timeout: 120, until: "return window.flipbook && typeof window.flipbook.status().warnings === 'string' && window.flipbook.status().warnings.length > 0;")
    // Exactly what `check` prints on stderr, in a box that is shown.
    let shown = try browser.execute("return window.flipbook.status().warnings;") as? String
    XCTAssertEqual(shown, check.stderr)
    XCTAssertEqual(try browser.execute("return document.getElementById('warnings').hidden;") as? Bool, false)
    XCTAssertEqual(try browser.execute("return document.getElementById('warning-text').textContent;") as? String, check.stderr)
    // The errors box stays hidden: the scene is valid.
    XCTAssertEqual(try browser.execute("return document.getElementById('errors').hidden;") as? Bool, true)

    // FLIPBOOK_SCREENSHOT=path saves the page as it looks.
    if let path = ProcessInfo.processInfo.environment["FLIPBOOK_SCREENSHOT"] {
      try browser.screenshot().write(to: URL(fileURLWithPath: path))
    }
    // `/state` has them too.
    let state = try WebDriver.request(URL(string: preview.url + "state")!, method: "GET", body: nil)
    XCTAssertEqual(state["warnings"] as? String, check.stderr)
    XCTAssertEqual(preview.interrupt(), 0)
  }
}
