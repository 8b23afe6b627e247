/// A size given on the command line: `8MB` (10^6 bytes), `500KB` or `500kB` (10^3), `2MiB`
/// (2^20), `64KiB` (2^10), or plain bytes; a decimal number is allowed (`1.5MB`).
enum ByteSize {
  /// The size in bytes (at least 1), or nil when `text` is not a size.
  static func parse(_ text: String) -> Int? {
    let digits = text.prefix { $0.isNumber || $0 == "." }
    guard !digits.isEmpty, let number = Double(digits), number.isFinite else { return nil }
    let unit: Double
    switch text.dropFirst(digits.count).uppercased() {
    case "", "B": unit = 1
    case "KB": unit = 1000
    case "MB": unit = 1_000_000
    case "KIB": unit = 1024
    case "MIB": unit = 1_048_576
    default: return nil
    }
    let bytes = (number * unit).rounded(.down)
    guard bytes >= 1, bytes < 1e15 else { return nil }
    return Int(bytes)
  }
}
