import Foundation

/// What one client may cost the preview server: bytes before a request is answered, seconds a
/// connection may sit idle, the size of a WebSocket frame from the page, connections at once.
/// A client over a limit is answered (431, WebSocket close 1009) or dropped; the server keeps
/// serving the others.
public struct ServerLimits: Sendable {
  /// Request line, header line, whole head (431 Request Header Fields Too Large beyond).
  var head = RequestHead.Limits()
  /// Seconds a connection has to send a complete request head, counted from its accept or the
  /// end of its previous response (an idle keep-alive connection is closed after as long).
  public var requestSeconds: Double = 5
  /// Seconds a response may go without a byte accepted by the client before it is dropped.
  public var writeStallSeconds: Double = 30
  /// Seconds between the server's WebSocket pings (a browser answers them by itself).
  public var pingSeconds: Double = 10
  /// Seconds a WebSocket may go without a byte from the client (a pong counts) before it is
  /// closed.
  public var silenceSeconds: Double = 30
  /// Bytes in one message from the page, over all its frames (the page sends none; close 1009
  /// beyond).
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
}
