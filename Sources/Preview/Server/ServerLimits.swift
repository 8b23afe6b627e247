import Foundation
import NIOCore
import NIOHTTP1

/// What one client may cost the preview server: bytes before a request is answered, seconds a
/// connection may sit idle, the size of a WebSocket message from the page, connections at once.
/// A client over a limit is answered (431, WebSocket close 1009) or dropped; the server keeps
/// serving the others. Each limit is enforced by SwiftNIO where it has one (docs/preview.md,
/// "Security").
public struct ServerLimits: Sendable {
  /// Bytes in the request target, or in one header field's name and value (431 beyond).
  public var lineBytes = 8 * 1024
  /// Bytes in the request target and every header field's name and value together (431 beyond).
  public var headBytes = 16 * 1024
  /// Header fields in one request (431 beyond).
  public var headerFields = 100
  /// Seconds a connection has to send a complete request head, counted from its accept or the
  /// end of its previous response (an idle keep-alive connection is closed after as long).
  public var requestSeconds: Double = 5
  /// Seconds a connection may go without a write completing before it is dropped (a response
  /// or a WebSocket the client stopped reading).
  public var writeStallSeconds: Double = 30
  /// Seconds between the server's WebSocket pings (a browser answers them by itself).
  public var pingSeconds: Double = 10
  /// Seconds a WebSocket may go without a byte from the client (a pong counts) before it is
  /// closed.
  public var silenceSeconds: Double = 30
  /// Bytes in one message from the page, over all its frames (the page sends none; close 1009
  /// beyond). Also the largest frame NIO's frame decoder accepts.
  public var clientMessageBytes = 64 * 1024
  /// Bytes queued for one client that does not read them before it is dropped.
  public var queuedBytes = 256 << 20
  /// Connections open at once; more wait in the kernel's backlog. Leaves `reservedFiles` of the
  /// process's file descriptor limit to the rest of flipbook (scene, assets, fonts).
  public var connections: Int

  /// Descriptors kept for everything but connections.
  static let reservedFiles = 32

  public init() {
    var limit = rlimit()
    let soft = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
    connections = max(4, min(4096, soft - Self.reservedFiles))
  }

  /// The head limits as NIO's HTTP/1 decoder takes them; it raises
  /// `HTTPParserError.headerOverflow` beyond any of them.
  var decoderLimits: NIOHTTPDecoderLimitConfiguration {
    var limits = NIOHTTPDecoderLimitConfiguration()
    limits.maxHeaderFieldSize = lineBytes
    limits.maxHeaderListSize = headBytes
    limits.maxHeaderFieldCount = headerFields
    return limits
  }

  /// `seconds` as NIO's time.
  static func time(_ seconds: Double) -> TimeAmount { .nanoseconds(Int64(seconds * 1e9)) }
}
