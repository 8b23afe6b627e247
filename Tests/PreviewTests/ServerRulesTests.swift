import Foundation
import NIOHTTP1
import XCTest

@testable import Preview

/// The preview server's own rules without sockets: the Host/Origin rule, the `--host`
/// addresses, and how its limits and refusals are handed to and taken from SwiftNIO.
final class ServerRulesTests: XCTestCase {
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
    XCTAssertFalse(policy.allowsOrigin("https://localhost:8470"))
    XCTAssertFalse(policy.allowsOrigin("null"))
    let lan = OriginPolicy(address: try ListenAddress(parsing: "192.168.1.20"), port: 80)
    XCTAssertTrue(lan.allowsHost("192.168.1.20"))
    XCTAssertTrue(lan.allowsOrigin("http://192.168.1.20:80"))
    XCTAssertFalse(lan.allowsHost("192.168.1.21"))
    let any = OriginPolicy(address: try ListenAddress(parsing: "0.0.0.0"), port: 8470, interfaces: [try ListenAddress(parsing: "10.1.2.3")])
    XCTAssertTrue(any.allowsHost("10.1.2.3:8470"))
    XCTAssertFalse(any.allowsHost("10.1.2.4:8470"))
  }

  func testListenAddressesAreLiteralsOnly() throws {
    XCTAssertEqual(try ListenAddress(parsing: "::1").urlHost, "[::1]")
    XCTAssertTrue(try ListenAddress(parsing: "localhost").isLoopback)
    XCTAssertTrue(try ListenAddress(parsing: "0.0.0.0").isWildcard)
    XCTAssertFalse(try ListenAddress(parsing: "0.0.0.0").isLoopback)
    XCTAssertThrowsError(try ListenAddress(parsing: "nonsense"))
    XCTAssertThrowsError(try ListenAddress(parsing: "127.0.0.1:80"))
  }

  /// docs/preview.md's numbers reach NIO's decoder (its own defaults are 80 KiB a field, 80 KiB
  /// in all and 65,534 fields).
  func testHeadLimitsAreHandedToTheDecoder() {
    let limits = ServerLimits().decoderLimits
    XCTAssertEqual(limits.maxHeaderFieldSize, 8192)
    XCTAssertEqual(limits.maxHeaderListSize, 16384)
    XCTAssertEqual(limits.maxHeaderFieldCount, 100)
    XCTAssertNotEqual(limits, NIOHTTPDecoderLimitConfiguration())
  }

  /// A head over the limits is 431 (not NIO's 400); anything else the decoder refuses is 400.
  func testDecoderRefusalsAreMappedTo431And400() {
    let limits = ServerLimits()
    let over = HTTPReply.refusal(for: .headerOverflow, limits: limits)
    XCTAssertEqual(over.status.code, 431)
    XCTAssertTrue(String(decoding: over.body, as: UTF8.self).contains("8192 bytes a line, 16384 in all, 100 fields"))
    XCTAssertEqual(HTTPReply.refusal(for: .invalidMethod, limits: limits).status.code, 400)
    XCTAssertEqual(HTTPReply.refusal(for: .invalidVersion, limits: limits).status.code, 400)
  }
}
