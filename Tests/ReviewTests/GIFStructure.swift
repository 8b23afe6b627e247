import Foundation

/// A minimal, independent reader of a GIF's block structure (GIF89a spec, sections 17-26):
/// it walks the header, colour tables, extensions and image descriptors and collects each
/// frame's delay from its Graphic Control Extension. It never decodes pixels. Used to check
/// scripts/make-gif's output without trusting ffmpeg's own account of it.
struct GIFStructure {
  struct Malformed: Error, CustomStringConvertible {
    let offset: Int, reason: String
    var description: String { "GIF malformed at byte \(offset): \(reason)" }
  }

  var width = 0, height = 0
  /// Delay before the next frame, in centiseconds, one per image (0 when it had no GCE).
  var delays: [Int] = []
  /// The NETSCAPE2.0 loop count, if present (0 = forever).
  var loopCount: Int?

  init(_ d: [UInt8]) throws {
    var i = 0
    func need(_ n: Int) throws { if i + n > d.count { throw Malformed(offset: i, reason: "truncated") } }
    func u16(_ at: Int) -> Int { Int(d[at]) | Int(d[at + 1]) << 8 }
    func skipSubBlocks() throws {
      while true {
        try need(1)
        let n = Int(d[i]); i += 1
        if n == 0 { return }
        try need(n); i += n
      }
    }
    try need(13)
    guard d[0..<6].elementsEqual(Array("GIF89a".utf8)) || d[0..<6].elementsEqual(Array("GIF87a".utf8))
    else { throw Malformed(offset: 0, reason: "no GIF signature") }
    width = u16(6); height = u16(8)
    let flags = d[10]; i = 13
    if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
    var pendingDelay: Int?
    while true {
      try need(1)
      switch d[i] {
      case 0x21:
        try need(2)
        let label = d[i + 1]; i += 2
        if label == 0xF9 {
          try need(6)
          guard d[i] == 4 else { throw Malformed(offset: i, reason: "GCE block size \(d[i])") }
          pendingDelay = u16(i + 2)
          i += 5
          try skipSubBlocks()
        } else if label == 0xFF {
          try need(12)
          let isNetscape = d[i] == 11 && d[(i + 1)..<(i + 12)].elementsEqual(Array("NETSCAPE2.0".utf8))
          i += 1 + Int(d[i])
          if isNetscape, i + 4 <= d.count, d[i] == 3, d[i + 1] == 1 { loopCount = u16(i + 2) }
          try skipSubBlocks()
        } else {
          try skipSubBlocks()
        }
      case 0x2C:
        try need(10)
        let lflags = d[i + 9]; i += 10
        if lflags & 0x80 != 0 { i += 3 << (Int(lflags & 7) + 1) }
        try need(1); i += 1  // LZW minimum code size
        try skipSubBlocks()
        delays.append(pendingDelay ?? 0)
        pendingDelay = nil
      case 0x3B:
        return
      default:
        throw Malformed(offset: i, reason: String(format: "unexpected block 0x%02X", d[i]))
      }
    }
  }
}
