import Foundation

/// A TCP client on a raw POSIX socket, for driving the preview server the way a hostile client
/// would: loopback only, every wait bounded.
final class RawClient: @unchecked Sendable {
  let fd: Int32

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// Connects to 127.0.0.1:`port`.
  init(port: Int) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw Failed(description: "socket: \(String(cString: strerror(errno)))") }
    var a = sockaddr_in()
    a.sin_family = sa_family_t(AF_INET)
    a.sin_port = UInt16(port).bigEndian
    a.sin_addr.s_addr = inet_addr("127.0.0.1")
    let r = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    guard r == 0 else {
      let why = String(cString: strerror(errno))
      close(fd)
      throw Failed(description: "connect to 127.0.0.1:\(port): \(why)")
    }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(fd) }

  /// Sends every byte; false once the server has closed (or stopped reading for 5 s).
  @discardableResult func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return false }
      offset += n
    }
    return true
  }

  @discardableResult func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// What the server sends within `timeout` seconds, until `enough` says so or it closes
  /// (`closed`: an orderly close or a reset).
  func receive(timeout: Double, until enough: ([UInt8]) -> Bool = { _ in false }) -> (bytes: [UInt8], closed: Bool) {
    var got: [UInt8] = []
    let deadline = Date().addingTimeInterval(timeout)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while !enough(got) {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return (got, false) }
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&p, 1, Int32(max(1, left * 1000)))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return (got, false) }
      let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return (got, true) }
      got += chunk[..<n]
    }
    return (got, false)
  }

  /// Sends a request and reads one response (its head and `Content-Length` bytes of body).
  func request(_ text: String, timeout: Double = 5) -> (status: Int?, head: String, body: [UInt8]) {
    guard send(text) else { return (nil, "", []) }
    let (bytes, _) = receive(timeout: timeout) { RawClient.responseLength($0) != nil }
    guard let end = RawClient.headEnd(bytes) else { return (nil, String(decoding: bytes, as: UTF8.self), []) }
    let head = String(decoding: bytes[..<end], as: UTF8.self)
    let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    return (status, head, Array(bytes[end...]))
  }

  static func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 3..<bytes.count where bytes[i - 3] == 13 && bytes[i - 2] == 10 && bytes[i - 1] == 13 && bytes[i] == 10 {
      return i + 1
    }
    return nil
  }

  /// The length of a complete response at the start of `bytes` (101 and bodiless ones too).
  static func responseLength(_ bytes: [UInt8]) -> Int? {
    guard let end = headEnd(bytes) else { return nil }
    let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
    if head.hasPrefix("http/1.1 101") { return end }
    let length = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
      .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
    return bytes.count >= end + length ? end + length : nil
  }

  /// A WebSocket upgrade request for /live.
  static func upgrade(host: String, origin: String?) -> String {
    "GET /live HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
      + (origin.map { "Origin: \($0)\r\n" } ?? "") + "\r\n"
  }
}
