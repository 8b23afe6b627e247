import Foundation

/// The HTTP side of `flipbook preview`: the player page and its resources, the frames and
/// charts a `PreviewSession` holds, its state, and a WebSocket (`/live`) that pushes the
/// session's messages to the page.
///
/// Routes (GET only): `/` (the page), `/player.js`, `/player.css`, `/frame/G/V/N.png` (frame N
/// of variant V of render G), `/chart/G.png`, `/state` (JSON), `/live` (WebSocket).
///
/// One thread runs every connection (`poll`, non-blocking sockets), so a slow or hostile
/// client costs buffers, never a thread, and never stops the others. The rules it keeps
/// (docs/preview.md, "Security"): `ServerLimits` (head sizes, 431; idle timeouts; WebSocket
/// message size, close 1009; connections at once), `OriginPolicy` (Host and Origin, 403), and
/// a failed `accept` (out of file descriptors) pauses accepting for a moment instead of
/// ending the server.
public final class PreviewServer: @unchecked Sendable {
  public let session: PreviewSession
  public let address: ListenAddress
  /// The TCP port listened on (the one chosen when 0 was asked for).
  public let port: Int
  let limits: ServerLimits
  let policy: OriginPolicy
  private let page: PlayerPage
  private let listener: Int32
  private let wakeRead: Int32, wakeWrite: Int32

  private let lock = NSLock()
  /// WebSocket frames from the session's threads, by connection, for the loop to send.
  private var outbox: [Int: [[UInt8]]] = [:]
  private var stopping = false
  private let stopped = DispatchSemaphore(value: 0)

  /// Why the server could not start.
  public enum Failure: Error, CustomStringConvertible {
    case cannotListen(address: String, reason: String)
    public var description: String {
      switch self {
      case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
      }
    }
  }

  /// Binds and listens at once (so a port in use fails here); `run()` serves.
  /// - Parameters:
  ///   - address: where to listen (127.0.0.1: this machine only).
  ///   - port: the TCP port (0: any free port; see `port`).
  public init(session: PreviewSession, address: ListenAddress, port: UInt16, limits: ServerLimits = ServerLimits()) throws {
    self.session = session
    self.address = address
    self.limits = limits
    page = try PlayerPage.load()
    let shown = "\(address.urlHost):\(port)"
    func failure() -> Failure { .cannotListen(address: shown, reason: String(cString: strerror(errno))) }
    let domain = address.family == .ip4 ? AF_INET : AF_INET6
    let fd = socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw failure() }
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var bound: Int32
    if address.family == .ip4 {
      var a = sockaddr_in()
      a.sin_family = sa_family_t(AF_INET)
      a.sin_port = port.bigEndian
      withUnsafeMutableBytes(of: &a.sin_addr) { $0.copyBytes(from: address.bytes) }
      bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    } else {
      var a = sockaddr_in6()
      a.sin6_family = sa_family_t(AF_INET6)
      a.sin6_port = port.bigEndian
      withUnsafeMutableBytes(of: &a.sin6_addr) { $0.copyBytes(from: address.bytes) }
      bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      let error = failure()
      close(fd)
      throw error
    }
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
    let actual = withUnsafePointer(to: &storage) { p -> UInt16 in
      address.family == .ip4
        ? p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        : p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
    }
    listener = fd
    self.port = Int(actual)
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      let error = failure()
      close(fd)
      throw error
    }
    for end in pipeEnds { setNonBlockingAndCloseOnExec(end) }
    (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
    policy = OriginPolicy(
      address: address, port: Int(actual), interfaces: address.isWildcard ? ListenAddress.interfaceAddresses() : [])
  }

  deinit {
    close(listener)
    close(wakeRead)
    close(wakeWrite)
  }

  /// The page's address: `http://127.0.0.1:PORT/`.
  public var url: String { "http://\(address.urlHost):\(port)/" }

  /// Serves on the calling thread until `stop()`.
  public func run() {
    var loop = ServerLoop(server: self)
    loop.run()
    stopped.signal()
  }

  /// Closes every connection and stops listening; returns once `run()` has returned (or at
  /// once if it never ran).
  public func stop(waiting: Bool = true) {
    lock.lock()
    let already = stopping
    stopping = true
    lock.unlock()
    wake()
    if waiting, !already { _ = stopped.wait(timeout: .now() + 5) }
  }

  var isStopping: Bool { lock.lock(); defer { lock.unlock() }; return stopping }

  var listeningSocket: Int32 { listener }
  var wakeSocket: Int32 { wakeRead }

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Queues a WebSocket frame for connection `id` (from any thread).
  func enqueue(_ frame: [UInt8], for id: Int) {
    lock.lock()
    outbox[id, default: []].append(frame)
    lock.unlock()
    wake()
  }

  /// Takes what the session's threads queued.
  func takeOutbox() -> [Int: [[UInt8]]] {
    lock.lock()
    defer { lock.unlock() }
    let all = outbox
    outbox = [:]
    return all
  }

  func forget(_ id: Int) {
    lock.lock()
    outbox[id] = nil
    lock.unlock()
  }

  // MARK: Routes

  /// The response to a request whose Host and Origin passed.
  func respond(to head: RequestHead) -> HTTPReply {
    guard head.method == "GET" else { return HTTPReply(status: 405, extra: [("Allow", "GET")]) }
    let path = head.path
    switch path {
    case "/": return HTTPReply(body: Array(page.html.utf8), type: "text/html; charset=utf-8")
    case "/player.js": return HTTPReply(body: Array(page.script.utf8), type: "text/javascript; charset=utf-8")
    case "/player.css": return HTTPReply(body: Array(page.style.utf8), type: "text/css; charset=utf-8")
    case "/state": return HTTPReply(body: Array(session.stateJSON().utf8), type: "application/json", cache: "no-store")
    default: break
    }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 5, parts[1] == "frame", let g = Int(parts[2]), let v = Int(parts[3]), parts[4].hasSuffix(".png"),
      let n = Int(parts[4].dropLast(4))
    {
      guard let png = session.framePNG(generation: g, variant: v, frame: n) else { return HTTPReply(status: 404) }
      return HTTPReply(body: png, type: "image/png", cache: "max-age=31536000, immutable")
    }
    if parts.count == 3, parts[1] == "chart", parts[2].hasSuffix(".png"), let g = Int(parts[2].dropLast(4)) {
      guard let png = session.chartPNG(generation: g) else { return HTTPReply(status: 404) }
      return HTTPReply(body: png, type: "image/png", cache: "max-age=31536000, immutable")
    }
    return HTTPReply(status: 404)
  }
}

/// Makes `fd` non-blocking and closed in children.
func setNonBlockingAndCloseOnExec(_ fd: Int32) {
  _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
}

/// An HTTP response as bytes.
struct HTTPReply {
  var status: Int
  var body: [UInt8]
  var type: String?
  var cache: String?
  var extra: [(String, String)]

  init(status: Int = 200, body: [UInt8] = [], type: String? = nil, cache: String? = "no-cache", extra: [(String, String)] = []) {
    self.status = status
    self.body = body
    self.type = type
    self.cache = cache
    self.extra = extra
  }

  static let reasons = [
    101: "Switching Protocols", 200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 431: "Request Header Fields Too Large",
  ]

  /// An error page's body: one line saying why.
  static func refusal(_ status: Int, _ why: String) -> HTTPReply {
    HTTPReply(status: status, body: Array((why + "\n").utf8), type: "text/plain; charset=utf-8")
  }

  func bytes(keepAlive: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(status) \(Self.reasons[status] ?? "Error")\r\n"
    if status != 101 {
      if let type { text += "Content-Type: \(type)\r\n" }
      text += "Content-Length: \(body.count)\r\n"
      if let cache { text += "Cache-Control: \(cache)\r\n" }
      text += "X-Content-Type-Options: nosniff\r\n"
      text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n"
    }
    for (name, value) in extra { text += "\(name): \(value)\r\n" }
    return Array((text + "\r\n").utf8) + body
  }
}
