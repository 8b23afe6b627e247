import Foundation

/// An HTTP/1.1 request's head (request line and header fields), read from the bytes a client
/// sent, within fixed limits checked before anything else is read: a client that sends a
/// longer line or head gets 431 and is closed. The preview serves only bodiless GETs.
struct RequestHead: Equatable, Sendable {
  var method: String
  /// The request target as sent (`/frame/1/0/3.png`, with any `?query`).
  var target: String
  var version: String
  /// Field names lower-cased; a repeated field keeps its first value.
  var fields: [String: String]

  /// The target's path, without its query.
  var path: String { String(target.prefix { $0 != "?" && $0 != "#" }) }

  func field(_ name: String) -> String? { fields[name] }

  /// Whether the connection stays open after the response (HTTP/1.1 unless `Connection: close`;
  /// HTTP/1.0 only with `Connection: keep-alive`).
  var keepsAlive: Bool {
    let tokens = (fields["connection"] ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
    return !tokens.contains("close")
  }

  /// Limits on what a client may send before its request is answered.
  struct Limits: Sendable {
    /// Bytes in the request line or in any one header line (CRLF included).
    var line = 8 * 1024
    /// Bytes in the whole head, request line and the blank line included.
    var head = 16 * 1024
    /// Header lines.
    var fields = 100
  }

  /// What the first bytes of `buffer` hold.
  enum Scan: Equatable {
    /// No complete head yet, and nothing over the limits: read on.
    case incomplete
    /// A head, and the number of bytes it took (the next request starts there).
    case complete(RequestHead, length: Int)
    /// A line or the head is over the limits (answered 431).
    case tooLarge
    /// Not an HTTP request head (answered 400).
    case malformed
  }

  /// How far `scan` has looked into a buffer that is still growing.
  struct Progress: Equatable, Sendable {
    /// Bytes looked at.
    var scanned = 0
    /// Where the line being read starts.
    var lineStart = 0
    /// Whether a request line has started (blank lines before one are skipped).
    var started = false
  }

  /// Reads a head from `buffer`. Linear in the bytes looked at: `progress` remembers where the
  /// last call stopped, so bytes arriving a few at a time cost O(1) each; reset it (to
  /// `Progress()`) after consuming a complete head.
  static func scan(_ buffer: [UInt8], progress: inout Progress, limits: Limits = Limits()) -> Scan {
    var i = progress.scanned
    var end: Int?
    while i < buffer.count {
      if buffer[i] == 0x0A {
        let start = progress.lineStart
        let content = i - start - (i > start && buffer[i - 1] == 0x0D ? 1 : 0)
        progress.lineStart = i + 1
        if content == 0 {
          if progress.started { end = i + 1; break }
        } else {
          progress.started = true
        }
      } else if i + 1 - progress.lineStart > limits.line {
        return .tooLarge
      }
      if i + 1 > limits.head { return .tooLarge }
      i += 1
    }
    progress.scanned = i
    guard let end else { return .incomplete }
    // Lines as bytes (a String would hold CR LF as one Character), CR dropped, then text.
    var lines: [String] = []
    for raw in buffer[..<end].split(separator: 0x0A, omittingEmptySubsequences: false) {
      let bytes = raw.last == 0x0D ? raw.dropLast() : raw
      guard let line = String(validating: bytes, as: UTF8.self) else { return .malformed }
      lines.append(line)
    }
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    guard let requestLine = lines.first else { return .malformed }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/") || parts[1] == "*", parts[2].hasPrefix("HTTP/1.") else {
      return .malformed
    }
    var fields: [String: String] = [:]
    var count = 0
    for line in lines.dropFirst() where !line.isEmpty {
      count += 1
      if count > limits.fields { return .tooLarge }
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line[..<colon].contains(" ") else { return .malformed }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if fields[name] == nil { fields[name] = value }
    }
    return .complete(RequestHead(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), fields: fields), length: end)
  }
}
