import NIOCore

/// The server channel's first handler: counts the accepted connections, stops accepting at
/// `limit` (reading off, so the rest wait in the kernel's backlog) and starts again when one
/// closes; `closeAll` ends them when the server stops. Its state is touched on the server
/// channel's event loop only.
final class ConnectionTracker: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = Channel
  typealias InboundOut = Channel

  let limit: Int
  private var open: [ObjectIdentifier: Channel] = [:]
  private var paused = false

  init(limit: Int) { self.limit = limit }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let child = Self.unwrapInboundIn(data)
    let server = context.channel
    let id = ObjectIdentifier(child)
    open[id] = child
    if open.count >= limit, !paused {
      paused = true
      server.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
    }
    child.closeFuture.whenComplete { _ in
      server.eventLoop.execute {
        self.open[id] = nil
        if self.paused, self.open.count < self.limit {
          self.paused = false
          server.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
        }
      }
    }
    context.fireChannelRead(data)
  }

  /// Closes every open connection (on the server channel's loop).
  func closeAll() {
    for child in open.values { child.close(promise: nil) }
  }
}
