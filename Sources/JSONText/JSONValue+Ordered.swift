extension JSONValue {
  /// The value as JSON text with object fields in their order: pretty-printed with `indent`
  /// spaces a level, or on one line when `indent` is nil. Arrays of at most 8 scalars stay on
  /// one line; whole numbers below 2^53 print without a fraction. The JSON Schema's printer.
  public func text(indent: Int? = 2) -> String {
    var out = ""
    writeOrdered(to: &out, indent: indent, level: 0)
    return out
  }

  private func writeOrdered(to out: inout String, indent: Int?, level: Int) {
    func newline(_ level: Int) {
      guard let indent else { return }
      out += "\n" + String(repeating: " ", count: indent * level)
    }
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .int(let i): out += String(i)
    case .number(let x):
      if !x.isFinite { out += "null" } else if x == x.rounded(), abs(x) < 9_007_199_254_740_992 {
        out += String(Int64(x))
      } else {
        out += "\(x)"
      }
    case .string(let s): out += jsonStringLiteral(s)
    case .array(let items):
      let flat = items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
      if items.isEmpty || (flat && items.count <= 8) {
        out += "[" + items.map { $0.text(indent: nil) }.joined(separator: indent == nil ? "," : ", ") + "]"
        return
      }
      out += "["
      for (i, item) in items.enumerated() {
        newline(level + 1)
        item.writeOrdered(to: &out, indent: indent, level: level + 1)
        if i < items.count - 1 { out += "," }
      }
      newline(level)
      out += "]"
    case .object(let fields):
      if fields.isEmpty { out += "{}"; return }
      out += "{"
      for (i, (key, value)) in fields.enumerated() {
        newline(level + 1)
        out += jsonStringLiteral(key) + (indent == nil ? ":" : ": ")
        value.writeOrdered(to: &out, indent: indent, level: level + 1)
        if i < fields.count - 1 { out += "," }
      }
      newline(level)
      out += "}"
    }
  }
}
