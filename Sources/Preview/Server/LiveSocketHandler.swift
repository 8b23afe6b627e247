import Foundation
import NIOCore
import NIOWebSocket

/// `/live` after the upgrade (after NIO's WebSocket frame decoder and encoder): the session's
/// messages go out as text frames; the page's frames are only measured (at most
/// `clientMessageBytes` a message over its frames, close 1009 beyond; unmasked: close 1002);
/// a ping every `pingSeconds`; closed after `silenceSeconds` without a byte from the client
/// (the read idle event) or a write stalled for `writeStallSeconds` (the write idle event).
final class LiveSocketHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  let session: PreviewSession
  let limits: ServerLimits
  private var subscription: UUID?
  private var pings: RepeatedTask?
  /// Bytes of the message being received, over its frames.
  private var messageBytes = 0
  private var closing = false

  init(session: PreviewSession, limits: ServerLimits) {
    self.session = session
    self.limits = limits
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let channel = context.channel
    subscription = session.subscribe { text in
      let frame = WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(string: text))
      channel.writeAndFlush(frame, promise: nil)
    }
    let every = ServerLimits.time(limits.pingSeconds)
    pings = context.eventLoop.scheduleRepeatedTask(initialDelay: every, delay: every) { _ in
      channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .ping, data: channel.allocator.buffer(capacity: 0)), promise: nil)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) { end() }

  func channelInactive(context: ChannelHandlerContext) {
    end()
    context.fireChannelInactive()
  }

  private func end() {
    pings?.cancel()
    pings = nil
    if let subscription { session.unsubscribe(subscription) }
    subscription = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closing else { return }
    let frame = Self.unwrapInboundIn(data)
    guard frame.maskKey != nil else { return close(context, .protocolError) }
    switch frame.opcode {
    case .text, .binary, .continuation:
      // The page sends nothing the server needs; a message is only measured.
      messageBytes = (frame.opcode == .continuation ? messageBytes : 0) + frame.length
      if messageBytes > limits.clientMessageBytes { close(context, .messageTooLarge) }
    case .ping:
      context.writeAndFlush(Self.wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
    case .pong:
      break
    case .connectionClose:
      close(context, .normalClosure)
    default:
      close(context, .protocolError)
    }
  }

  /// Sends a close frame with `code`, shuts the write side, and closes a moment later.
  private func close(_ context: ChannelHandlerContext, _ code: WebSocketErrorCode) {
    closing = true
    end()
    var data = context.channel.allocator.buffer(capacity: 2)
    data.write(webSocketErrorCode: code)
    let channel = context.channel
    context.writeAndFlush(Self.wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))).whenComplete { _ in
      channel.close(mode: .output, promise: nil)
      channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: Error) {
    if closing { return }
    if let frameError = error as? NIOWebSocketError {
      // A frame over `maxFrameSize` (from its header, before its payload is read): 1009.
      return close(context, frameError == .invalidFrameLength ? .messageTooLarge : .protocolError)
    }
    if let decoder = error as? ByteToMessageDecoderError, case .dataReceivedInErrorState = decoder { return }
    context.close(promise: nil)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    // Over `queuedBytes` unsent: the client does not read.
    if !context.channel.isWritable { context.close(promise: nil) }
    context.fireChannelWritabilityChanged()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) } else { context.fireUserInboundEventTriggered(event) }
  }
}
