import Foundation
import PNG
import Preview
import Review
import TestSupport
import XCTest

/// The live loop without a browser: what a page is told, in what order, after which saves.
final class PreviewSessionTests: XCTestCase {
  /// Every message the session sends to a page, parsed.
  final class Inbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [[String: Any]] = []
    func add(_ text: String) {
      let m = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? ["type": "unparsed"]
      lock.lock(); items.append(m); lock.unlock()
    }
    var messages: [[String: Any]] { lock.lock(); defer { lock.unlock() }; return items }
    func count(_ type: String) -> Int { messages.filter { $0["type"] as? String == type }.count }
    func wait(_ what: String, timeout: Double = 600, _ done: ([[String: Any]]) -> Bool) throws {
      let deadline = Date().addingTimeInterval(timeout)
      while !done(messages) {
        guard Date() < deadline else { throw Timeout(what: what) }
        Thread.sleep(forTimeInterval: 0.02)
      }
    }
  }
  struct Timeout: Error { var what: String }

  func makeScene(holdAfter: Double) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-session-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    let scenes = repositoryRoot.appendingPathComponent("Scenes")
    try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("assets"), withDestinationURL: scenes.appendingPathComponent("assets"))
    let url = dir.appendingPathComponent("scene.yaml")
    try sceneText(holdAfter: holdAfter).write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// T7 (a 0.4 s crossfade) with its hold after set: 60 fps, so the clip has
  /// floor((0.4 + 0.4 + holdAfter) * 60) + 1 frames.
  func sceneText(holdAfter: Double) throws -> String {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Scenes/t7-tab-crossfade.yaml"), encoding: .utf8)
    XCTAssertTrue(text.contains("hold: {before: 0.4, after: 0.4}"))
    return text.replacingOccurrences(of: "hold: {before: 0.4, after: 0.4}", with: "hold: {before: 0.4, after: \(holdAfter)}")
  }

  func frameCount(_ m: [String: Any]) -> Int? { (m["data"] as? [String: Any])?["frameCount"] as? Int }

  func testFirstFrameFirstABurstRendersOnceErrorsKeepTheClip() throws {
    let scene = try makeScene(holdAfter: 0.4)
    let session = PreviewSession(
      source: SceneSource(scene: scene.path, entries: [VariantPlan.Entry(variant: nil, sets: [], label: "t7")], scale: 0.25),
      jobs: 2, pollInterval: 0.02, debounce: 1.0)
    let inbox = Inbox()
    _ = session.subscribe { inbox.add($0) }
    session.start()
    defer { session.stop() }
    try inbox.wait("the first render") { $0.contains { $0["type"] as? String == "rendered" } }
    let first = inbox.messages
    // Frame 0 before the page's data, then the data, then frame 0 again for the page.
    XCTAssertEqual(first.first?["type"] as? String, "first", "frame 0 arrives first")
    XCTAssertEqual(first.first?["src"] as? String, "/frame/1/0/0.png")
    XCTAssertEqual(first[1]["type"] as? String, "clip")
    XCTAssertEqual(frameCount(first[1]), 73)  // floor(1.2 * 60) + 1
    XCTAssertEqual(first[2]["type"] as? String, "frame")
    XCTAssertEqual(first[2]["frame"] as? Int, 0)
    XCTAssertEqual(inbox.count("frame"), 73)
    // The page's data is made beside the frames, but a page hears of a frame only after the
    // clip it belongs to (it ignores frames of a clip it does not know), each frame once, and
    // `rendered` last.
    XCTAssertEqual(first.filter { $0["type"] as? String == "frame" }.compactMap { $0["frame"] as? Int }.sorted(), Array(0...72))
    XCTAssertEqual(first.last { $0["type"] as? String != "warnings" }?["type"] as? String, "rendered")
    // The warnings (none: "") are looked for beside the page's data, and sent after the clip
    // (the page drops warnings of a clip it has not been sent).
    try inbox.wait("the warnings") { $0.contains { $0["type"] as? String == "warnings" } }
    let sent = inbox.messages
    let warned = try XCTUnwrap(sent.firstIndex { $0["type"] as? String == "warnings" })
    XCTAssertGreaterThan(warned, try XCTUnwrap(sent.firstIndex { $0["type"] as? String == "clip" }))
    XCTAssertEqual(sent[warned]["warnings"] as? String, "")
    XCTAssertNotNil(session.framePNG(generation: 1, variant: 0, frame: 72))
    // Frame 0, drawn in row bands on two threads, is `render`'s frame 0 (one frame, one thread).
    let out = scene.deletingLastPathComponent().appendingPathComponent("render")
    let rendered = try runFlipbook(["render", scene.path, "--scale", "0.25", "--frames", "0..0", "--jobs", "1", "-o", out.path])
    XCTAssertEqual(rendered.status, 0, rendered.stderr)
    let name = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: out.path).first { $0.hasSuffix(".png") })
    let expected = try PNGDecoder().decode(contentsOf: out.appendingPathComponent(name).path)
    let served = try PNGDecoder().decode(XCTUnwrap(session.framePNG(generation: 1, variant: 0, frame: 0)), name: "frame 0")
    XCTAssertTrue(served == expected, "the preview's frame 0 is render's")

    // Five saves 50 ms apart (closer than the debounce): one render, of the last.
    for (i, after) in [0.5, 0.6, 0.7, 0.8, 0.9].enumerated() {
      try sceneText(holdAfter: after).write(to: scene, atomically: true, encoding: .utf8)
      if i < 4 { Thread.sleep(forTimeInterval: 0.05) }
    }
    try inbox.wait("the second render") { $0.filter { $0["type"] as? String == "rendered" }.count == 2 }
    Thread.sleep(forTimeInterval: 1.5)
    let clips = inbox.messages.filter { $0["type"] as? String == "clip" }
    XCTAssertEqual(clips.count, 2, "a burst of saves renders once")
    XCTAssertEqual(frameCount(clips[1]), 103)  // floor(1.7 * 60) + 1

    // A broken scene: its errors, as check prints them; the last clip still served.
    try "scene: Broken\ncanvas: {size: [390, 844], scale: 3, fps: 600}\n".write(to: scene, atomically: true, encoding: .utf8)
    try inbox.wait("the errors") { $0.contains { $0["type"] as? String == "invalid" } }
    let errors = inbox.messages.first { $0["type"] as? String == "invalid" }?["errors"] as? String
    let check = try runFlipbook(["check", scene.path])
    XCTAssertEqual(check.status, 65)
    XCTAssertEqual(errors, check.stderr)
    XCTAssertNotNil(session.framePNG(generation: 2, variant: 0, frame: 102))
    XCTAssertTrue(session.stateJSON().contains("\"generation\": 2"))

    session.stop()
    let after = inbox.messages.count
    try sceneText(holdAfter: 0.4).write(to: scene, atomically: true, encoding: .utf8)
    Thread.sleep(forTimeInterval: 0.6)
    XCTAssertEqual(inbox.messages.count, after, "nothing happens once stopped")
  }

  func testWatcherSeesWritesRenamesAndDeletions() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-watch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let a = dir.appendingPathComponent("a.yaml")
    try "one".write(to: a, atomically: false, encoding: .utf8)
    var w = FileWatcher(paths: [a.path])
    XCTAssertFalse(w.poll())
    try "two!".write(to: a, atomically: false, encoding: .utf8)  // size changes
    XCTAssertTrue(w.poll())
    XCTAssertFalse(w.poll())
    try "three".write(to: a, atomically: true, encoding: .utf8)  // a new file renamed over it
    XCTAssertTrue(w.poll())
    try FileManager.default.removeItem(at: a)
    XCTAssertTrue(w.poll())
    XCTAssertFalse(w.poll())
    let b = dir.appendingPathComponent("b.png")
    w.watch([a.path, b.path])
    XCTAssertFalse(w.poll(), "a new path is taken as it is")
    try "x".write(to: b, atomically: false, encoding: .utf8)
    XCTAssertTrue(w.poll())
  }

  func testFrozenPageHoldsEverythingAndEscapesScriptEnds() throws {
    let page = try PlayerPage.load()
    let html = page.frozen(data: .object(["title": .string("a </script> b")]))
    XCTAssertFalse(html.contains(#"src="player.js""#))
    XCTAssertFalse(html.contains(#"href="player.css""#))
    XCTAssertTrue(html.contains(page.style.prefix(200)))
    // Every "<" in the page's data is written \u003c, so nothing in it can end the element.
    XCTAssertTrue(html.contains(#"a \u003c/script> b"#))
    XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, html.components(separatedBy: "<script").count - 1)
  }
}
