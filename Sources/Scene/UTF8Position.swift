/// Where the first byte that is not UTF-8 sits in a file's bytes, as a line and column
/// (columns in Unicode scalars, as every other location counts them).
struct UTF8Position {
  /// The bad byte's offset from the start of the file.
  var offset: Int
  var byte: UInt8
  var line: Int
  var column: Int

  /// "0xFF at offset 1234".
  var description: String {
    "0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) + " at offset \(offset)"
  }

  func location(_ origin: SourceLocation.Origin) -> SourceLocation {
    SourceLocation(origin: origin, line: line, column: column)
  }

  /// The first byte of `bytes` that does not start a valid UTF-8 sequence, or nil.
  static func firstInvalid(_ bytes: [UInt8]) -> UTF8Position? {
    // The standard library's validation first (fast at any size); the scalar-by-scalar walk
    // below only for a file that has an invalid byte, to find it.
    if String(validating: bytes, as: UTF8.self) != nil { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0, line = 1, column = 1
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        offset += encoded.count
      case .error:
        return UTF8Position(offset: offset, byte: bytes[offset], line: line, column: column)
      case .emptyInput:
        return nil
      }
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
