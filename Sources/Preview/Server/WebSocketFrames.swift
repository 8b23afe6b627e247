import Foundation

/// The WebSocket protocol (RFC 6455) as the preview needs it: the handshake's accept value,
/// the server's unmasked frames (text, ping, pong, close), and client frames read with a cap
/// on their size, checked from the frame's header before its payload is read.
enum WebSocketFrames {
  /// Frame kinds (RFC 6455 section 5.2).
  enum Opcode: UInt8, Sendable {
    case continuation = 0, text = 1, binary = 2, close = 8, ping = 9, pong = 10
  }

  /// Close codes the server sends (RFC 6455 section 7.4.1).
  enum CloseCode: UInt16, Sendable {
    case normal = 1000, protocolError = 1002, tooBig = 1009
  }

  /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`.
  static func acceptValue(key: String) -> String {
    Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
  }

  /// A server frame: FIN set, never masked.
  static func frame(_ opcode: Opcode, _ payload: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x80 | opcode.rawValue]
    switch payload.count {
    case ..<126: out.append(UInt8(payload.count))
    case ..<65536: out += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      out.append(127)
      for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((UInt64(payload.count) >> UInt64(shift)) & 0xFF)) }
    }
    return out + payload
  }

  static func close(_ code: CloseCode) -> [UInt8] {
    frame(.close, [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)])
  }

  /// What the bytes of `buffer` from `start` hold.
  enum Parse: Equatable {
    case incomplete
    /// A frame, its payload unmasked, and the bytes it took.
    case frame(Opcode, fin: Bool, payload: [UInt8], length: Int)
    /// The frame says its payload is longer than the cap: answered with close 1009.
    case tooBig
    /// Not a valid client frame (unmasked, reserved bits or opcode, a long or fragmented
    /// control frame): answered with close 1002.
    case protocolError
  }

  /// Reads one client frame whose payload is at most `maxPayload` bytes.
  static func parse(_ buffer: [UInt8], from start: Int, maxPayload: Int) -> Parse {
    let available = buffer.count - start
    guard available >= 2 else { return .incomplete }
    let b0 = buffer[start], b1 = buffer[start + 1]
    guard b0 & 0x70 == 0, let opcode = Opcode(rawValue: b0 & 0x0F), b1 & 0x80 != 0 else { return .protocolError }
    let fin = b0 & 0x80 != 0
    var length = UInt64(b1 & 0x7F)
    var header = 2
    if length == 126 {
      guard available >= 4 else { return .incomplete }
      length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
      header = 4
    } else if length == 127 {
      guard available >= 10 else { return .incomplete }
      length = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
      header = 10
    }
    if opcode.rawValue >= 8, !fin || length > 125 { return .protocolError }
    guard length <= UInt64(maxPayload) else { return .tooBig }
    let total = header + 4 + Int(length)
    guard available >= total else { return .incomplete }
    let mask = Array(buffer[(start + header)..<(start + header + 4)])
    var payload = Array(buffer[(start + header + 4)..<(start + total)])
    for i in payload.indices { payload[i] ^= mask[i & 3] }
    return .frame(opcode, fin: fin, payload: payload, length: total)
  }
}

/// SHA-1 (FIPS 180-4), for the WebSocket handshake only (RFC 6455 fixes the hash).
enum SHA1 {
  static func digest(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var data = message
    let bitLength = UInt64(message.count) * 8
    data.append(0x80)
    while data.count % 64 != 56 { data.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8((bitLength >> UInt64(shift)) & 0xFF)) }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: data.count, by: 64) {
      for i in 0..<16 {
        w[i] = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[chunk + 4 * i + $1]) }
      }
      for i in 16..<80 {
        let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
        w[i] = x << 1 | x >> 31
      }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for i in 0..<80 {
        let (f, k): (UInt32, UInt32)
        switch i {
        case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, t)
      }
      h[0] = h[0] &+ a; h[1] = h[1] &+ b; h[2] = h[2] &+ c; h[3] = h[3] &+ d; h[4] = h[4] &+ e
    }
    return h.flatMap { v in (0..<4).map { UInt8((v >> UInt32(24 - 8 * $0)) & 0xFF) } }
  }
}
