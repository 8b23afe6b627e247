import FlyingFox
import FlyingSocks
import Foundation

/// The HTTP side of `flipbook preview` (FlyingFox): the player page and its resources, the
/// frames and charts a `PreviewSession` holds, its state, and a WebSocket (`/live`) that
/// pushes the session's messages to the page.
///
/// Routes: `GET /` (the page), `GET /player.js`, `GET /player.css`, `GET /spec.js`, `GET /spec.css`,
/// `GET /frame/G/V/N.png` (frame N of variant V of render G), `GET /chart/G.png`,
/// `GET /state` (JSON), `GET /live` (WebSocket).
public final class PreviewServer: Sendable {
  public let session: PreviewSession
  private let server: HTTPServer

  /// - Parameters:
  ///   - host: the IPv4 address to listen on (127.0.0.1: this machine only).
  ///   - port: the TCP port (0: any free port; see `port()`).
  public init(session: PreviewSession, host: String = "127.0.0.1", port: UInt16) throws {
    self.session = session
    // A page may send nothing for a long while on its WebSocket: an idle connection stays open.
    server = HTTPServer(address: try sockaddr_in.inet(ip4: host, port: port), timeout: 24 * 3600, logger: .disabled)
  }

  /// Serves until `stop()` (or the task is cancelled).
  public func run() async throws {
    let page = try PlayerPage.load()
    let session = self.session
    await server.appendRoute("GET /") { _ in
      PreviewServer.response(Array(page.html.utf8), type: "text/html; charset=utf-8")
    }
    await server.appendRoute("GET /player.js") { _ in
      PreviewServer.response(Array(page.script.utf8), type: "text/javascript; charset=utf-8")
    }
    await server.appendRoute("GET /player.css") { _ in
      PreviewServer.response(Array(page.style.utf8), type: "text/css; charset=utf-8")
    }
    await server.appendRoute("GET /spec.js") { _ in
      PreviewServer.response(Array(page.specScript.utf8), type: "text/javascript; charset=utf-8")
    }
    await server.appendRoute("GET /spec.css") { _ in
      PreviewServer.response(Array(page.specStyle.utf8), type: "text/css; charset=utf-8")
    }
    await server.appendRoute("GET /state") { _ in
      var r = PreviewServer.response(Array(session.stateJSON().utf8), type: "application/json")
      r.headers[HTTPHeader("Cache-Control")] = "no-store"
      return r
    }
    await server.appendRoute("GET /frame/:g/:v/:n") { request in
      let name = request.routeParameters["n"] ?? ""
      guard let g = Int(request.routeParameters["g"] ?? ""), let v = Int(request.routeParameters["v"] ?? ""),
        name.hasSuffix(".png"), let n = Int(name.dropLast(4)),
        let png = session.framePNG(generation: g, variant: v, frame: n)
      else { return HTTPResponse(statusCode: .notFound) }
      return PreviewServer.response(png, type: "image/png", immutable: true)
    }
    await server.appendRoute("GET /chart/:name") { request in
      let name = request.routeParameters["name"] ?? ""
      guard name.hasSuffix(".png"), let g = Int(name.dropLast(4)), let png = session.chartPNG(generation: g) else {
        return HTTPResponse(statusCode: .notFound)
      }
      return PreviewServer.response(png, type: "image/png", immutable: true)
    }
    await server.appendRoute("GET /live", to: .webSocket(LiveMessages(session: session)))
    try await server.run()
  }

  /// The port the server listens on, once it does.
  public func port() async throws -> Int {
    try await server.waitUntilListening()
    switch await server.listeningAddress {
    case .ip4(_, let port)?, .ip6(_, let port)?: return Int(port)
    default: return 0
    }
  }

  /// Closes every connection and stops listening.
  public func stop() async { await server.stop(timeout: 0.5) }

  static func response(_ bytes: [UInt8], type: String, immutable: Bool = false) -> HTTPResponse {
    let headers: HTTPHeaders = [
      .contentType: type, HTTPHeader("Cache-Control"): immutable ? "max-age=31536000, immutable" : "no-cache",
    ]
    return HTTPResponse(statusCode: .ok, headers: headers, body: Data(bytes))
  }
}

/// The WebSocket side: each page gets the session's messages as text frames until it
/// goes away.
struct LiveMessages: WSMessageHandler {
  let session: PreviewSession

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
    let id = session.subscribe { continuation.yield(.text($0)) }
    let session = self.session
    Task {
      for await _ in client {}
      session.unsubscribe(id)
      continuation.finish()
    }
    return stream
  }
}
