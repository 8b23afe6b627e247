import NIOCore
import NIOHTTP1

/// An HTTP response of the preview: status, body and the few headers it sets.
struct HTTPReply {
  var status: HTTPResponseStatus
  var body: [UInt8]
  var type: String?
  var cache: String?
  var extra: [(String, String)]

  init(
    status: HTTPResponseStatus = .ok, body: [UInt8] = [], type: String? = nil, cache: String? = "no-cache",
    extra: [(String, String)] = []
  ) {
    self.status = status
    self.body = body
    self.type = type
    self.cache = cache
    self.extra = extra
  }

  /// An error page's body: one line saying why.
  static func refusal(_ status: HTTPResponseStatus, _ why: String) -> HTTPReply {
    HTTPReply(status: status, body: Array((why + "\n").utf8), type: "text/plain; charset=utf-8")
  }

  /// The answer to a request head NIO's decoder refused: 431 when it is over `limits`
  /// (`headerOverflow`), 400 for anything else that is not an HTTP/1.1 request.
  static func refusal(for error: HTTPParserError, limits: ServerLimits) -> HTTPReply {
    if error == .headerOverflow {
      return refusal(
        .requestHeaderFieldsTooLarge,
        "request target or header fields too large (at most \(limits.lineBytes) bytes a line, \(limits.headBytes) in all, \(limits.headerFields) fields)"
      )
    }
    return refusal(.badRequest, "not an HTTP/1.1 request")
  }

  /// The response's head.
  func head(version: HTTPVersion, keepAlive: Bool) -> HTTPResponseHead {
    var headers = HTTPHeaders()
    if let type { headers.add(name: "Content-Type", value: type) }
    headers.add(name: "Content-Length", value: String(body.count))
    if let cache { headers.add(name: "Cache-Control", value: cache) }
    headers.add(name: "X-Content-Type-Options", value: "nosniff")
    headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
    for (name, value) in extra { headers.add(name: name, value: value) }
    return HTTPResponseHead(version: version, status: status, headers: headers)
  }
}
