import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers one connection's HTTP requests (after NIO's decoder and pipelining handler): the
/// Host/Origin rule (403), no bodies (400), the routes of `PreviewServer`, the 431/400 for a
/// head NIO's decoder refused, and the time a connection has to send a head.
final class PageHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  let server: PreviewServer
  /// The request being read (between its head and its end).
  private var request: HTTPRequestHead?
  /// Closes the connection unless a request head arrives first.
  private var headDeadline: Scheduled<Void>?
  /// Answered and closing: nothing more is read or written.
  private var finished = false

  init(server: PreviewServer) { self.server = server }

  func handlerAdded(context: ChannelHandlerContext) { waitForHead(context) }

  func handlerRemoved(context: ChannelHandlerContext) {
    headDeadline?.cancel()
    headDeadline = nil
  }

  /// A connection has `requestSeconds` from now to send a complete head.
  private func waitForHead(_ context: ChannelHandlerContext) {
    headDeadline?.cancel()
    let channel = context.channel
    headDeadline = context.eventLoop.scheduleTask(in: ServerLimits.time(server.limits.requestSeconds)) {
      channel.close(promise: nil)
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !finished else { return }
    switch Self.unwrapInboundIn(data) {
    case .head(let head):
      headDeadline?.cancel()
      headDeadline = nil
      request = head
      // Refused from its head: answered now; its body and end are ignored (`finished`).
      if let refusal = refusal(of: head) { finish(context, refusal, version: head.version) }
    case .body:
      break
    case .end:
      guard let head = request else { return }
      request = nil
      if head.uri.hasPrefix("/live") && path(head) == "/live" {
        // Not taken by the WebSocket upgrader: not a valid upgrade request.
        return finish(context, .refusal(.badRequest, "/live is a WebSocket (RFC 6455, version 13)"), version: head.version)
      }
      let reply = server.respond(method: head.method, path: path(head))
      let keepAlive = head.isKeepAlive
      context.write(Self.wrapOutboundOut(.head(reply.head(version: head.version, keepAlive: keepAlive))), promise: nil)
      if !reply.body.isEmpty {
        context.write(Self.wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: reply.body)))), promise: nil)
      }
      let done = context.eventLoop.makePromise(of: Void.self)
      context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: done)
      if keepAlive {
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        done.futureResult.whenSuccess {
          let (handler, context) = loopBound.value
          if handler.request == nil, !handler.finished, handler.headDeadline == nil { handler.waitForHead(context) }
        }
      } else {
        finished = true
        let channel = context.channel
        done.futureResult.whenComplete { _ in channel.close(promise: nil) }
      }
    }
  }

  private func path(_ head: HTTPRequestHead) -> String { String(head.uri.prefix { $0 != "?" && $0 != "#" }) }

  /// Why a request is refused from its head alone, if it is.
  private func refusal(of head: HTTPRequestHead) -> HTTPReply? {
    let policy = server.policy
    let port = server.port
    guard policy.allowsHost(head.headers.first(name: "host")) else {
      return .refusal(
        .forbidden,
        "this preview answers only requests to its own address (Host: \(server.address.urlHost):\(port), 127.0.0.1:\(port) or localhost:\(port))"
      )
    }
    guard policy.allowsOrigin(head.headers.first(name: "origin")) else {
      return .refusal(.forbidden, "this preview answers only its own page (Origin: http://\(server.address.urlHost):\(port))")
    }
    if head.headers.first(name: "content-length").map({ $0 != "0" }) ?? false || head.headers.contains(name: "transfer-encoding") {
      return .refusal(.badRequest, "the preview takes no request bodies")
    }
    return nil
  }

  /// Answers `reply`, shuts the write side and closes a moment later: the client reads the
  /// answer rather than a reset, even while it is still sending.
  private func finish(_ context: ChannelHandlerContext, _ reply: HTTPReply, version: HTTPVersion) {
    finished = true
    headDeadline?.cancel()
    headDeadline = nil
    context.write(Self.wrapOutboundOut(.head(reply.head(version: version, keepAlive: false))), promise: nil)
    context.write(Self.wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: reply.body)))), promise: nil)
    let channel = context.channel
    context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { _ in
      channel.close(mode: .output, promise: nil)
      channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    if let parse = error as? HTTPParserError {
      if !finished { finish(context, .refusal(for: parse, limits: server.limits), version: .http1_1) }
      return
    }
    if let decoder = error as? ByteToMessageDecoderError, case .dataReceivedInErrorState = decoder { return }  // drained after a refusal
    // The upgrader declined a `/live` request (`shouldUpgrade` said nil); the request comes
    // next and is answered (403 or 400).
    if error is NIOWebSocketUpgradeError { return }
    context.close(promise: nil)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) } else { context.fireUserInboundEventTriggered(event) }
  }
}
