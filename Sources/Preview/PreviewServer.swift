import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The HTTP side of `flipbook preview`: the player page and its resources, the frames and
/// charts a `PreviewSession` holds, its state, and a WebSocket (`/live`) that pushes the
/// session's messages to the page.
///
/// Routes (GET only): `/` (the page), `/player.js`, `/player.css`, `/spec.js`, `/spec.css`,
/// `/frame/G/V/N.png` (frame N of variant V of render G), `/chart/G.png`, `/state` (JSON), `/live` (WebSocket).
///
/// SwiftNIO serves it on one event loop thread: its HTTP/1 decoder (head limits from
/// `ServerLimits`, answered 431 by `PageHandler`), its WebSocket upgrader and frame decoder
/// (a frame over 64 KiB: close 1009 from `LiveSocketHandler`), `IdleStateHandler` (stalled
/// writes, WebSocket silence), and `ServerBootstrap`'s accept backoff (a failed `accept`, out
/// of file descriptors, pauses accepting instead of ending the server). Ours are the routes,
/// `OriginPolicy` (Host and Origin, 403), the time to send a head, the WebSocket message size
/// over frames, and `ConnectionTracker` (connections at once). docs/preview.md, "Security".
public final class PreviewServer: @unchecked Sendable {
  public let session: PreviewSession
  public let address: ListenAddress
  /// The TCP port listened on (the one chosen when 0 was asked for).
  public let port: Int
  let limits: ServerLimits
  let policy: OriginPolicy
  private let page: PlayerPage
  private let group: MultiThreadedEventLoopGroup
  private let channel: Channel
  private let tracker: ConnectionTracker
  private let stopped = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var running = false

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
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let tracker = ConnectionTracker(limit: limits.connections)
    let box = ServerBox()
    let bootstrap = ServerBootstrap(group: group)
      .serverChannelOption(ChannelOptions.backlog, value: 128)
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .serverChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(tracker) }
      }
      .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
      .childChannelOption(
        ChannelOptions.writeBufferWaterMark, value: ChannelOptions.Types.WriteBufferWaterMark(low: limits.queuedBytes / 2, high: limits.queuedBytes))
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          guard let server = box.server else { throw ChannelError.ioOnClosedChannel }
          try server.configure(channel)
        }
      }
    let shown = "\(address.urlHost):\(port)"
    do {
      channel = try bootstrap.bind(to: SocketAddress(ipAddress: address.description, port: Int(port))).wait()
    } catch {
      try? group.syncShutdownGracefully()
      let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
      throw Failure.cannotListen(address: shown, reason: reason)
    }
    self.group = group
    self.tracker = tracker
    self.port = channel.localAddress?.port ?? Int(port)
    policy = OriginPolicy(
      address: address, port: self.port, interfaces: address.isWildcard ? ListenAddress.interfaceAddresses() : [])
    box.server = self
  }

  deinit {
    if !running { try? group.syncShutdownGracefully() }
  }

  /// The page's address: `http://127.0.0.1:PORT/`.
  public var url: String { "http://\(address.urlHost):\(port)/" }

  /// Serves on NIO's event loop until `stop()`; the calling thread waits.
  public func run() {
    lock.lock()
    running = true
    lock.unlock()
    try? channel.closeFuture.wait()
    try? group.syncShutdownGracefully()
    stopped.signal()
  }

  /// Closes every connection and stops listening; returns once `run()` has returned (or at
  /// once if it never ran).
  public func stop(waiting: Bool = true) {
    let channel = self.channel
    let tracker = self.tracker
    channel.eventLoop.execute {
      tracker.closeAll()
      channel.close(promise: nil)
    }
    lock.lock()
    let wasRunning = running
    lock.unlock()
    if waiting, wasRunning { _ = stopped.wait(timeout: .now() + 5) }
  }

  /// One connection's pipeline: NIO's HTTP/1 decoder with our head limits, pipelining, the
  /// `/live` upgrader (64 KiB frames), the write-stall timer, then `PageHandler`.
  private func configure(_ channel: Channel) throws {
    let policy = self.policy
    let session = self.session
    let limits = self.limits
    let upgrader = NIOWebSocketServerUpgrader(
      maxFrameSize: limits.clientMessageBytes,
      automaticErrorHandling: false,
      shouldUpgrade: { channel, head in
        let path = head.uri.prefix { $0 != "?" && $0 != "#" }
        let valid =
          path == "/live" && head.method == .GET && policy.allowsHost(head.headers.first(name: "host"))
          && policy.allowsOrigin(head.headers.first(name: "origin"))
          && head.headers.first(name: "sec-websocket-key").flatMap { Data(base64Encoded: $0) }?.count == 16
          && head.headers.first(name: "sec-websocket-version") == "13"
        // nil: not upgraded; `PageHandler` answers the request (403 or 400).
        return channel.eventLoop.makeSucceededFuture(valid ? HTTPHeaders() : nil)
      },
      upgradePipelineHandler: { channel, _ in
        channel.eventLoop.makeCompletedFuture {
          let sync = channel.pipeline.syncOperations
          _ = sync.removeHandler(name: PageHandler.name)
          try sync.addHandlers(
            IdleStateHandler(readTimeout: ServerLimits.time(limits.silenceSeconds)),
            LiveSocketHandler(session: session, limits: limits))
        }
      })
    let sync = channel.pipeline.syncOperations
    try sync.addHandler(IdleStateHandler(writeTimeout: ServerLimits.time(limits.writeStallSeconds)))
    try sync.configureHTTPServerPipeline(
      withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }),
      withErrorHandling: false,
      withEncoderConfiguration: HTTPResponseEncoder.Configuration(),
      withDecoderLimitConfiguration: limits.decoderLimits)
    try sync.addHandler(PageHandler(server: self), name: PageHandler.name)
  }

  // MARK: Routes

  /// The response to a request whose Host and Origin passed.
  func respond(method: HTTPMethod, path: String) -> HTTPReply {
    guard method == .GET else { return HTTPReply(status: .methodNotAllowed, extra: [("Allow", "GET")]) }
    switch path {
    case "/": return HTTPReply(body: Array(page.html.utf8), type: "text/html; charset=utf-8")
    case "/player.js": return HTTPReply(body: Array(page.script.utf8), type: "text/javascript; charset=utf-8")
    case "/player.css": return HTTPReply(body: Array(page.style.utf8), type: "text/css; charset=utf-8")
    case "/spec.js": return HTTPReply(body: Array(page.specScript.utf8), type: "text/javascript; charset=utf-8")
    case "/spec.css": return HTTPReply(body: Array(page.specStyle.utf8), type: "text/css; charset=utf-8")
    case "/state": return HTTPReply(body: Array(session.stateJSON().utf8), type: "application/json", cache: "no-store")
    default: break
    }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if parts.count == 5, parts[1] == "frame", let g = Int(parts[2]), let v = Int(parts[3]), parts[4].hasSuffix(".png"),
      let n = Int(parts[4].dropLast(4))
    {
      guard let png = session.framePNG(generation: g, variant: v, frame: n) else { return HTTPReply(status: .notFound) }
      return HTTPReply(body: png, type: "image/png", cache: "max-age=31536000, immutable")
    }
    if parts.count == 3, parts[1] == "chart", parts[2].hasSuffix(".png"), let g = Int(parts[2].dropLast(4)) {
      guard let png = session.chartPNG(generation: g) else { return HTTPReply(status: .notFound) }
      return HTTPReply(body: png, type: "image/png", cache: "max-age=31536000, immutable")
    }
    return HTTPReply(status: .notFound)
  }
}

/// Lets the child channel initializer, made before `self` exists, reach the server.
private final class ServerBox: @unchecked Sendable {
  weak var server: PreviewServer?
}

extension PageHandler {
  static let name = "preview-page"
}
