import Foundation
import TestSupport
import XCTest

/// Issue 24 items 11-13 and 18 (--host): `flipbook preview` against hostile clients, driven
/// with raw sockets on loopback. Each client is bounded in count and time.
final class PreviewServerHardeningTests: XCTestCase {
  static let scene = repositoryRoot.appendingPathComponent("Tests/StageTests/Fixtures/tiny.yaml").path

  func startPreview(_ extra: [String] = [], launcher: [String] = []) throws -> PreviewProcess {
    try PreviewProcess([Self.scene, "--jobs", "1"] + extra, launcher: launcher)
  }

  func host(_ p: PreviewProcess) -> String { "127.0.0.1:\(p.port)" }

  func state(_ p: PreviewProcess, timeout: Double = 2) throws -> (status: Int?, head: String, body: [UInt8]) {
    let client = try RawClient(port: p.port)
    return client.request("GET /state HTTP/1.1\r\nHost: \(host(p))\r\nConnection: close\r\n\r\n", timeout: timeout)
  }

  /// Item 11: two clients each sending a 1 MB header line do not stop the server (FlyingFox's
  /// line reader was quadratic: a minute without answers); each gets 431 or a close.
  func testHugeHeaderLinesAreCutOffAndOthersAreServed() throws {
    let p = try startPreview()
    let big = Array("GET /state HTTP/1.1\r\nHost: \(host(p))\r\nX-Big: ".utf8) + [UInt8](repeating: 0x61, count: 1 << 20)
    let senders = try (0..<2).map { _ in try RawClient(port: p.port) }
    let group = DispatchGroup()
    for s in senders {
      DispatchQueue.global().async(group: group) { s.send(big) }
    }
    Thread.sleep(forTimeInterval: 0.3)
    let started = Date()
    let answer = try state(p)
    let seconds = Date().timeIntervalSince(started)
    XCTAssertEqual(answer.status, 200, answer.head)
    XCTAssertLessThan(seconds, 2, "/state took \(seconds) s while two clients sent 1 MB header lines")
    for s in senders {
      let (bytes, closed) = s.receive(timeout: 5)
      let text = String(decoding: bytes.prefix(40), as: UTF8.self)
      XCTAssertTrue(text.hasPrefix("HTTP/1.1 431") || (bytes.isEmpty && closed), "the big request got: \(text)")
    }
    XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(p.interrupt(), 0)
  }

  /// The head limits are the preview's (8 KiB a line, 16 KiB, 100 fields), not NIO's 80 KiB:
  /// just over each gets 431, just under is served.
  func testHeadLimitsAreThePreviews() throws {
    let p = try startPreview()
    func ask(_ extra: String, target: String = "/state") throws -> Int? {
      try RawClient(port: p.port).request("GET \(target) HTTP/1.1\r\nHost: \(host(p))\r\n\(extra)Connection: close\r\n\r\n").status
    }
    func line(_ name: String, _ bytes: Int) -> String { "\(name): " + String(repeating: "a", count: bytes - name.utf8.count - 2) + "\r\n" }
    XCTAssertEqual(try ask(line("X-Long", 8000)), 200)
    XCTAssertEqual(try ask(line("X-Long", 8300)), 431)
    XCTAssertEqual(try ask("", target: "/state?" + String(repeating: "q", count: 8300)), 431)
    XCTAssertEqual(try ask((0..<3).map { line("X-\($0)", 4000) }.joined()), 200)
    XCTAssertEqual(try ask((0..<5).map { line("X-\($0)", 4000) }.joined()), 431)
    XCTAssertEqual(try ask((0..<90).map { line("X-\($0)", 20) }.joined()), 200)
    XCTAssertEqual(try ask((0..<110).map { line("X-\($0)", 20) }.joined()), 431)
    XCTAssertEqual(try state(p).status, 200)
    XCTAssertEqual(p.interrupt(), 0)
  }

  /// Item 12: only the server's own Host and Origin are answered.
  func testForeignHostAndOriginAreRefused() throws {
    let p = try startPreview()
    // Its own names: served.
    for name in ["127.0.0.1:\(p.port)", "localhost:\(p.port)", "LOCALHOST:\(p.port)", "[::1]:\(p.port)"] {
      let r = try RawClient(port: p.port).request("GET /state HTTP/1.1\r\nHost: \(name)\r\n\r\n")
      XCTAssertEqual(r.status, 200, "Host: \(name): \(r.head)")
    }
    // DNS rebinding: another name, or this port on another host, or no Host at all.
    for line in ["Host: attacker.example:\(p.port)\r\n", "Host: 127.0.0.1:1\r\n", "Host: 127.0.0.1\r\n", ""] {
      let r = try RawClient(port: p.port).request("GET /state HTTP/1.1\r\n\(line)\r\n")
      XCTAssertEqual(r.status, 403, "\(line): \(r.head)")
      XCTAssertFalse(String(decoding: r.body, as: UTF8.self).contains("generation"))
    }
    // A page of another origin opening the live feed.
    for origin in ["http://attacker.example", "http://127.0.0.1:\(p.port + 1)", "null", "https://127.0.0.1:\(p.port)"] {
      let r = try RawClient(port: p.port).request(RawClient.upgrade(host: host(p), origin: origin))
      XCTAssertEqual(r.status, 403, "Origin: \(origin): \(r.head)")
    }
    // The page's own origin, and a client that sends none (not a browser page): upgraded, with
    // RFC 6455's accept value for the key "dGhlIHNhbXBsZSBub25jZQ==" (section 1.3).
    for origin in ["http://127.0.0.1:\(p.port)", "http://localhost:\(p.port)", nil] {
      let r = try RawClient(port: p.port).request(RawClient.upgrade(host: host(p), origin: origin))
      XCTAssertEqual(r.status, 101, "Origin: \(origin ?? "none"): \(r.head)")
      XCTAssertTrue(r.head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), r.head)
    }
    XCTAssertEqual(p.interrupt(), 0)
  }

  /// Item 13: a WebSocket frame from the client over 64 KiB is refused from its header, with
  /// close code 1009, and the connection ends; the server serves on.
  func testOversizedWebSocketFrameIsClosedWith1009() throws {
    let p = try startPreview()
    let client = try RawClient(port: p.port)
    let r = client.request(RawClient.upgrade(host: host(p), origin: "http://127.0.0.1:\(p.port)"))
    XCTAssertEqual(r.status, 101, r.head)
    // A masked binary frame that says 700 MB follow (64-bit length), and a few of them.
    let length: UInt64 = 700 << 20
    var frame: [UInt8] = [0x82, 0x80 | 127] + (0..<8).map { UInt8((length >> (56 - 8 * UInt64($0))) & 0xFF) }
    frame += [1, 2, 3, 4] + [UInt8](repeating: 0x55, count: 4096)
    client.send(frame)
    // The close frame (0x88, length 2, code 1009 = 0x03F1), after any messages.
    func hasClose(_ got: [UInt8]) -> Bool {
      got.count >= 4 && (0...(got.count - 4)).contains { got[$0] == 0x88 && got[$0 + 1] == 2 && got[$0 + 2] == 0x03 && got[$0 + 3] == 0xF1 }
    }
    let (bytes, closed) = client.receive(timeout: 5, until: hasClose)
    XCTAssertTrue(hasClose(bytes), "no close frame 1009 (closed: \(closed), \(bytes.count) bytes)")
    XCTAssertTrue(client.receive(timeout: 5).closed, "the connection stays open after close 1009")

    // A message of two 40 KiB frames (each under the cap, 80 KiB in all): close 1009 too.
    let split = try RawClient(port: p.port)
    XCTAssertEqual(split.request(RawClient.upgrade(host: host(p), origin: nil)).status, 101)
    func masked(_ first: UInt8, _ count: Int) -> [UInt8] {
      [first, 0x80 | 126, UInt8(count >> 8), UInt8(count & 0xFF), 0, 0, 0, 0] + [UInt8](repeating: 0x41, count: count)
    }
    split.send(masked(0x01, 40 * 1024) + masked(0x80, 40 * 1024))
    XCTAssertTrue(hasClose(split.receive(timeout: 5, until: hasClose).bytes), "no close 1009 for an 80 KiB message")
    XCTAssertEqual(try state(p).status, 200)
    XCTAssertEqual(p.interrupt(), 0)
  }

  /// Item 13: with 64 file descriptors, 100 idle half-requests neither stop the server nor keep
  /// it from serving once they go (a client gone, or timed out after 5 s); it used to exit
  /// with "Accept errno 24".
  func testIdleConnectionsTimeOutAndRunningOutOfDescriptorsDoesNotStopTheServer() throws {
    let p = try startPreview(launcher: ["prlimit", "--nofile=64:64"])
    var idle = try (0..<100).map { _ in try RawClient(port: p.port) }
    for c in idle { c.send("GET /state HTTP/1.1\r\nHost: \(host(p))\r\n") }
    Thread.sleep(forTimeInterval: 1)
    XCTAssertTrue(p.process.isRunning, "the server stopped: \(p.stderr)")
    // 90 go away; 10 stay silent and are closed by the server.
    idle.removeLast(90)
    let started = Date()
    var answered: Int?
    while answered != 200, Date().timeIntervalSince(started) < 15 {
      answered = (try? state(p, timeout: 1))?.status
    }
    XCTAssertEqual(answered, 200, "no answer to /state: \(p.stderr)")
    for c in idle {
      let (_, closed) = c.receive(timeout: 8)
      XCTAssertTrue(closed, "an idle connection was kept over 8 s")
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 14)
    XCTAssertTrue(p.process.isRunning, "the server stopped: \(p.stderr)")
    XCTAssertEqual(try state(p).status, 200)
    XCTAssertEqual(p.interrupt(), 0)
  }

  /// Item 18: --host 0.0.0.0 warns that the page is open to the network; --host nonsense says
  /// what --host takes.
  func testHostOptionWarnsForTheNetworkAndExplainsBadValues() throws {
    let open = try startPreview(["--host", "0.0.0.0"])
    XCTAssertTrue(open.url.hasPrefix("http://127.0.0.1:"), open.url)
    XCTAssertEqual(try state(open).status, 200)
    XCTAssertEqual(open.interrupt(), 0)
    XCTAssertTrue(open.stderr.contains("warning: --host 0.0.0.0 opens the preview to other machines"), open.stderr)

    let local = try startPreview()
    XCTAssertEqual(local.interrupt(), 0)
    XCTAssertFalse(local.stderr.contains("warning"), local.stderr)

    let bad = try runFlipbook(["preview", Self.scene, "--host", "nonsense", "--port", "0"])
    XCTAssertEqual(bad.status, 64, bad.stderr)
    XCTAssertTrue(bad.stderr.contains("--host takes an IP address to listen on"), bad.stderr)
    XCTAssertTrue(bad.stderr.contains("'nonsense' is not one"), bad.stderr)
  }
}
