extension JSONValue {
  /// The canonical text, ending in a newline: object keys sorted by their UTF-8 bytes,
  /// two-space indentation, one value a line, numbers in Swift's shortest round-trip form
  /// (an integral double below 1e15 as an integer). The same value always prints the same
  /// bytes, which is what makes `manifest.json` deterministic.
  public var canonicalText: String {
    var out = ""
    writeCanonical(into: &out, indent: "")
    out += "\n"
    return out
  }

  private func writeCanonical(into out: inout String, indent: String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .number(let d):
      if !d.isFinite { out += "null" } else if d == d.rounded(), abs(d) < 1e15 {
        out += String(Int(d))
      } else {
        out += "\(d)"
      }
    case .string(let s): out += jsonStringLiteral(s)
    case .array(let items):
      if items.isEmpty { out += "[]"; return }
      let inner = indent + "  "
      out += "[\n"
      for (i, item) in items.enumerated() {
        out += inner
        item.writeCanonical(into: &out, indent: inner)
        out += i + 1 < items.count ? ",\n" : "\n"
      }
      out += indent + "]"
    case .object(let fields):
      if fields.isEmpty { out += "{}"; return }
      let inner = indent + "  "
      out += "{\n"
      let keys = fields.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      for (i, key) in keys.enumerated() {
        out += inner
        out += jsonStringLiteral(key)
        out += ": "
        fields[key]!.writeCanonical(into: &out, indent: inner)
        out += i + 1 < keys.count ? ",\n" : "\n"
      }
      out += indent + "}"
    }
  }
}
