import Foundation
import XCTest

@testable import Preview

/// The preview server's pieces without sockets: the head reader's limits, the Host/Origin
/// rule, the WebSocket frame reader's cap.
final class RequestHeadTests: XCTestCase {
  func scan(_ text: String) -> RequestHead.Scan {
    var progress = RequestHead.Progress()
    return RequestHead.scan(Array(text.utf8), progress: &progress)
  }

  func testAHeadIsReadWithItsFieldsAndLength() {
    let text = "GET /frame/1/0/3.png?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8470\r\nOrigin: http://localhost:8470\r\n\r\nGET /"
    guard case .complete(let head, let length) = scan(text) else { return XCTFail("\(scan(text))") }
    XCTAssertEqual(head.method, "GET")
    XCTAssertEqual(head.path, "/frame/1/0/3.png")
    XCTAssertEqual(head.field("host"), "127.0.0.1:8470")
    XCTAssertEqual(head.field("origin"), "http://localhost:8470")
    XCTAssertEqual(length, text.utf8.count - 5)
    XCTAssertTrue(head.keepsAlive)
    XCTAssertEqual(scan("GET / HTTP/1.1\r\nHost: a\r\n"), .incomplete)
    XCTAssertEqual(scan("hello\r\n\r\n"), .malformed)
  }

  /// 8 KiB a line, 16 KiB a head: a longer one is refused once the limit is passed, whatever
  /// follows, and bytes arriving one at a time are each looked at once.
  func testLimitsAreCheckedAsBytesArrive() {
    XCTAssertEqual(scan("GET /" + String(repeating: "a", count: 9000)), .tooLarge)
    XCTAssertEqual(scan("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 9000)), .tooLarge)
    let fields = (0..<300).map { "X-\($0): " + String(repeating: "b", count: 60) + "\r\n" }.joined()
    XCTAssertEqual(scan("GET / HTTP/1.1\r\n" + fields + "\r\n"), .tooLarge)
    var ok = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 8000) + "\r\n\r\n"
    if case .complete = scan(ok) {} else { XCTFail("a 8,000-byte line is within the limit") }
    ok = String(ok.dropLast(4))
    var progress = RequestHead.Progress()
    var buffer: [UInt8] = []
    for byte in ok.utf8 {
      buffer.append(byte)
      XCTAssertEqual(RequestHead.scan(buffer, progress: &progress), .incomplete)
    }
    XCTAssertEqual(progress.scanned, buffer.count)
  }

  func testOnlyTheServersOwnHostAndOriginPass() throws {
    let policy = OriginPolicy(address: try ListenAddress(parsing: "127.0.0.1"), port: 8470)
    XCTAssertTrue(policy.allowsHost("127.0.0.1:8470"))
    XCTAssertTrue(policy.allowsHost("Localhost:8470"))
    XCTAssertTrue(policy.allowsHost("[::1]:8470"))
    XCTAssertFalse(policy.allowsHost("evil.example:8470"))
    XCTAssertFalse(policy.allowsHost("127.0.0.1"))
    XCTAssertFalse(policy.allowsHost(nil))
    XCTAssertTrue(policy.allowsOrigin(nil))
    XCTAssertTrue(policy.allowsOrigin("http://localhost:8470"))
    XCTAssertFalse(policy.allowsOrigin("http://evil.example"))
    XCTAssertFalse(policy.allowsOrigin("null"))
    let lan = OriginPolicy(address: try ListenAddress(parsing: "192.168.1.20"), port: 80)
    XCTAssertTrue(lan.allowsHost("192.168.1.20"))
    XCTAssertTrue(lan.allowsOrigin("http://192.168.1.20:80"))
    XCTAssertFalse(lan.allowsHost("192.168.1.21"))
  }

  func testListenAddressesAreLiteralsOnly() throws {
    XCTAssertEqual(try ListenAddress(parsing: "::1").urlHost, "[::1]")
    XCTAssertTrue(try ListenAddress(parsing: "localhost").isLoopback)
    XCTAssertTrue(try ListenAddress(parsing: "0.0.0.0").isWildcard)
    XCTAssertFalse(try ListenAddress(parsing: "0.0.0.0").isLoopback)
    XCTAssertThrowsError(try ListenAddress(parsing: "nonsense"))
    XCTAssertThrowsError(try ListenAddress(parsing: "127.0.0.1:80"))
  }

  /// FIPS 180-4's test vector "abc", and RFC 6455 section 1.3's handshake example.
  func testHandshakeHash() {
    let hex = SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
    XCTAssertEqual(hex, "a9993e364706816aba3e25717850c26c9cd0d89d")
    XCTAssertEqual(WebSocketFrames.acceptValue(key: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }

  func testClientFramesAreCappedFromTheirHeader() {
    // 65,537 bytes announced (16-bit length 126 form can't: use the 64-bit form), nothing sent.
    let big: [UInt8] = [0x82, 0x80 | 127, 0, 0, 0, 0, 0, 1, 0, 1]
    XCTAssertEqual(WebSocketFrames.parse(big, from: 0, maxPayload: 65536), .tooBig)
    // A masked "Hi".
    let mask: [UInt8] = [9, 8, 7, 6]
    let hi: [UInt8] = [0x81, 0x82] + mask + [UInt8(ascii: "H") ^ 9, UInt8(ascii: "i") ^ 8]
    XCTAssertEqual(WebSocketFrames.parse(hi, from: 0, maxPayload: 65536), .frame(.text, fin: true, payload: Array("Hi".utf8), length: 8))
    XCTAssertEqual(WebSocketFrames.parse(Array(hi.prefix(5)), from: 0, maxPayload: 65536), .incomplete)
    // Unmasked: a protocol error.
    XCTAssertEqual(WebSocketFrames.parse([0x81, 0x02, 1, 2], from: 0, maxPayload: 65536), .protocolError)
  }
}
