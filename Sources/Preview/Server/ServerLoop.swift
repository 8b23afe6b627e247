import Foundation

/// One client connection as the loop sees it.
final class ClientConnection {
  enum Mode {
    /// Reading request heads and answering them.
    case http
    /// Upgraded: the session's messages go out as text frames.
    case webSocket(subscription: UUID)
  }

  let id: Int
  let fd: Int32
  var mode = Mode.http
  var input: [UInt8] = []
  var progress = RequestHead.Progress()
  /// Bytes to send; `sent` of them are gone.
  var output: [UInt8] = []
  var sent = 0
  /// Reads stop (the client said too much, or goodbye); the connection ends once the output
  /// is sent.
  var closing = false
  /// After the last byte: the write side is shut, and what the client still sends is read and
  /// dropped for a moment (so it reads the answer rather than a reset).
  var drainingSince: Double?
  var peerClosed = false
  /// When the connection last became idle (accepted, or its last response sent).
  var idleSince: Double
  var lastWrite: Double
  var lastHeard: Double
  var lastPing: Double
  /// Bytes of the WebSocket message being received (over its frames).
  var messageBytes = 0

  init(id: Int, fd: Int32, now: Double) {
    self.id = id
    self.fd = fd
    idleSince = now
    lastWrite = now
    lastHeard = now
    lastPing = now
  }

  var pending: Int { output.count - sent }

  var isWebSocket: Bool { if case .webSocket = mode { return true } else { return false } }

  func queue(_ bytes: [UInt8]) {
    if sent > 0, sent == output.count {
      output.removeAll(keepingCapacity: true)
      sent = 0
    }
    output += bytes
  }
}

/// The poll loop behind `PreviewServer.run()`: accepts, reads, answers, writes, times out.
struct ServerLoop {
  let server: PreviewServer
  var connections: [Int32: ClientConnection] = [:]
  var nextID = 0
  /// While set and in the future, the listener is not polled (accept failed: out of file
  /// descriptors, or too many connections).
  var acceptPausedUntil: Double = 0

  init(server: PreviewServer) { self.server = server }

  static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
  }

  var limits: ServerLimits { server.limits }

  mutating func run() {
    while !server.isStopping {
      deliverOutbox()
      let now = Self.now()
      var fds: [pollfd] = [pollfd(fd: server.wakeSocket, events: Int16(POLLIN), revents: 0)]
      let listening = connections.count < limits.connections && now >= acceptPausedUntil
      if listening { fds.append(pollfd(fd: server.listeningSocket, events: Int16(POLLIN), revents: 0)) }
      let base = fds.count
      let open = Array(connections.values)
      for c in open {
        var events: Int16 = 0
        let reading = c.drainingSince != nil || (!c.closing && (c.isWebSocket || c.pending == 0))
        if reading { events |= Int16(POLLIN) }
        if c.pending > 0 { events |= Int16(POLLOUT) }
        fds.append(pollfd(fd: c.fd, events: events, revents: 0))
      }
      let ready = poll(&fds, nfds_t(fds.count), 200)
      if server.isStopping { break }
      if ready > 0 {
        if fds[0].revents != 0 { drainWake() }
        if listening, fds[1].revents != 0 { acceptClients() }
        for (i, c) in open.enumerated() {
          let r = fds[base + i].revents
          guard r != 0, connections[c.fd] === c else { continue }
          if r & Int16(POLLOUT) != 0 { flush(c) }
          if r & Int16(POLLIN | POLLHUP | POLLERR) != 0, connections[c.fd] === c { receive(c) }
        }
      }
      expire()
    }
    for c in Array(connections.values) { drop(c) }
  }

  // MARK: Accepting

  mutating func acceptClients() {
    // A bounded batch, so a flood of connections cannot starve the open ones.
    for _ in 0..<64 {
      guard connections.count < limits.connections else { return }
      let fd = accept(server.listeningSocket, nil, nil)
      if fd < 0 {
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return
        default:
          // EMFILE, ENFILE, ENOBUFS, ENOMEM: keep serving the open connections, try again soon
          // (the waiting ones stay in the kernel's backlog).
          acceptPausedUntil = Self.now() + 0.1
          return
        }
      }
      setNonBlockingAndCloseOnExec(fd)
      var one: Int32 = 1
      setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
      nextID += 1
      connections[fd] = ClientConnection(id: nextID, fd: fd, now: Self.now())
    }
  }

  // MARK: Reading

  mutating func receive(_ c: ClientConnection) {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    // At most 16 chunks a turn, so one client that never stops sending cannot hold the loop.
    for _ in 0..<16 {
      let n = chunk.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, 0) }
      if n > 0 {
        c.lastHeard = Self.now()
        if c.drainingSince != nil { continue }
        c.input += chunk[..<n]
        // Look at what came before reading on: the head scan stops a long line at its limit.
        process(c)
        if connections[c.fd] !== c || c.closing || (!c.isWebSocket && c.pending > 0) { return }
        continue
      }
      if n == 0 {
        c.peerClosed = true
        if c.drainingSince != nil || c.isWebSocket || c.pending == 0 && c.input.isEmpty { drop(c); return }
        c.closing = true
        if c.pending == 0 { drop(c) }
        return
      }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return }
      drop(c)
      return
    }
  }

  mutating func process(_ c: ClientConnection) {
    switch c.mode {
    case .http: processRequests(c)
    case .webSocket: processFrames(c)
    }
  }

  mutating func processRequests(_ c: ClientConnection) {
    while !c.closing, c.pending == 0, !c.isWebSocket {
      switch RequestHead.scan(c.input, progress: &c.progress, limits: limits.head) {
      case .incomplete:
        return
      case .tooLarge:
        finish(c, HTTPReply.refusal(431, "request line or header fields too large (at most \(limits.head.line) bytes a line, \(limits.head.head) in all)"))
        return
      case .malformed:
        finish(c, HTTPReply.refusal(400, "not an HTTP/1.1 request"))
        return
      case .complete(let head, let length):
        c.input.removeFirst(length)
        c.progress = RequestHead.Progress()
        answer(head, on: c)
      }
    }
  }

  /// Answers `reply` and ends the connection.
  mutating func finish(_ c: ClientConnection, _ reply: HTTPReply) {
    c.queue(reply.bytes(keepAlive: false))
    c.closing = true
    c.input = []
    flush(c)
  }

  mutating func answer(_ head: RequestHead, on c: ClientConnection) {
    guard server.policy.allowsHost(head.field("host")) else {
      return finish(c, HTTPReply.refusal(403, "this preview answers only requests to its own address (Host: \(server.address.urlHost):\(server.port), 127.0.0.1:\(server.port) or localhost:\(server.port))"))
    }
    guard server.policy.allowsOrigin(head.field("origin")) else {
      return finish(c, HTTPReply.refusal(403, "this preview answers only its own page (Origin: http://\(server.address.urlHost):\(server.port))"))
    }
    if head.field("content-length").map({ $0 != "0" }) ?? false || head.field("transfer-encoding") != nil {
      return finish(c, HTTPReply.refusal(400, "the preview takes no request bodies"))
    }
    if head.path == "/live" {
      guard head.method == "GET", head.field("upgrade")?.lowercased() == "websocket",
        let key = head.field("sec-websocket-key"), Data(base64Encoded: key)?.count == 16,
        head.field("sec-websocket-version") == "13"
      else {
        return finish(c, HTTPReply.refusal(400, "/live is a WebSocket (RFC 6455, version 13)"))
      }
      let upgrade = HTTPReply(
        status: 101, extra: [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", WebSocketFrames.acceptValue(key: key))])
      c.queue(upgrade.bytes(keepAlive: true))
      let now = Self.now()
      c.lastHeard = now
      c.lastPing = now
      let id = c.id
      let server = self.server
      c.mode = .webSocket(subscription: server.session.subscribe { text in
        server.enqueue(WebSocketFrames.frame(.text, Array(text.utf8)), for: id)
      })
      flush(c)
      if connections[c.fd] === c, !c.input.isEmpty { processFrames(c) }
      return
    }
    let reply = server.respond(to: head)
    let keep = head.keepsAlive
    c.queue(reply.bytes(keepAlive: keep))
    if !keep { c.closing = true; c.input = [] }
    flush(c)
  }

  mutating func processFrames(_ c: ClientConnection) {
    var offset = 0
    defer { if connections[c.fd] === c, offset > 0 { c.input.removeFirst(min(offset, c.input.count)) } }
    while !c.closing {
      switch WebSocketFrames.parse(c.input, from: offset, maxPayload: limits.clientMessageBytes) {
      case .incomplete:
        return
      case .tooBig:
        closeSocket(c, .tooBig)
        return
      case .protocolError:
        closeSocket(c, .protocolError)
        return
      case .frame(let opcode, _, let payload, let length):
        offset += length
        switch opcode {
        case .text, .binary, .continuation:
          // The page sends nothing the server needs; a message is only measured.
          c.messageBytes = (opcode == .continuation ? c.messageBytes : 0) + payload.count
          if c.messageBytes > limits.clientMessageBytes { closeSocket(c, .tooBig); return }
        case .ping:
          c.queue(WebSocketFrames.frame(.pong, payload))
          flush(c)
          if connections[c.fd] !== c { return }
        case .pong:
          break
        case .close:
          closeSocket(c, .normal)
          return
        }
      }
    }
  }

  mutating func closeSocket(_ c: ClientConnection, _ code: WebSocketFrames.CloseCode) {
    c.queue(WebSocketFrames.close(code))
    c.closing = true
    flush(c)
  }

  // MARK: Writing

  mutating func flush(_ c: ClientConnection) {
    while c.pending > 0 {
      let n = c.output.withUnsafeBytes { raw in
        send(c.fd, raw.baseAddress! + c.sent, c.pending, Int32(MSG_NOSIGNAL))
      }
      if n > 0 {
        c.sent += n
        c.lastWrite = Self.now()
        continue
      }
      if n < 0, errno == EINTR { continue }
      if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        if c.sent > 1 << 20 {
          c.output.removeFirst(c.sent)
          c.sent = 0
        }
        return
      }
      drop(c)
      return
    }
    c.output.removeAll(keepingCapacity: c.output.count < 1 << 20)
    c.sent = 0
    c.idleSince = Self.now()
    if c.closing {
      if c.peerClosed { drop(c); return }
      // Shut the write side and read what the client still sends for a moment, so it reads
      // the answer (a close with unread bytes would reset the connection).
      shutdown(c.fd, Int32(SHUT_WR))
      c.drainingSince = Self.now()
    } else if !c.isWebSocket, !c.input.isEmpty {
      processRequests(c)
    }
  }

  mutating func deliverOutbox() {
    for (id, frames) in server.takeOutbox() {
      guard let c = connections.values.first(where: { $0.id == id }), !c.closing else { continue }
      for frame in frames { c.queue(frame) }
      if c.pending > limits.queuedBytes { drop(c); continue }
      flush(c)
    }
  }

  // MARK: Time

  mutating func expire() {
    let now = Self.now()
    for c in Array(connections.values) {
      if let since = c.drainingSince {
        if now - since > 2 { drop(c) }
        continue
      }
      if c.pending > 0 {
        if now - c.lastWrite > limits.writeStallSeconds { drop(c) }
        continue
      }
      if c.isWebSocket {
        if now - c.lastHeard > limits.silenceSeconds { drop(c); continue }
        if now - c.lastPing >= limits.pingSeconds, !c.closing {
          c.lastPing = now
          c.queue(WebSocketFrames.frame(.ping, []))
          flush(c)
        }
      } else if now - c.idleSince > limits.requestSeconds {
        drop(c)
      }
    }
  }

  mutating func drainWake() {
    var bytes = [UInt8](repeating: 0, count: 256)
    while read(server.wakeSocket, &bytes, bytes.count) > 0 {}
  }

  mutating func drop(_ c: ClientConnection) {
    guard connections[c.fd] === c else { return }
    connections[c.fd] = nil
    if case .webSocket(let subscription) = c.mode {
      server.session.unsubscribe(subscription)
      server.forget(c.id)
    }
    close(c.fd)
  }
}
