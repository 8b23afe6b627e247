import JSONText

/// A JSON value with its object keys in the order written: what the scene format's tables
/// give as defaults and what `SceneFormat.jsonSchema` builds.
enum JSONValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .number(Double(value)) }
  init(floatLiteral value: Double) { self = .number(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }

  static func == (a: JSONValue, b: JSONValue) -> Bool { a.text(indent: nil) == b.text(indent: nil) }

  /// The value as JSON text: pretty-printed with `indent` spaces a level, or on one line
  /// when `indent` is nil. Whole numbers below 2^53 print without a fraction.
  func text(indent: Int? = 2) -> String {
    var out = ""
    write(to: &out, indent: indent, level: 0)
    return out
  }

  private func write(to out: inout String, indent: Int?, level: Int) {
    func newline(_ level: Int) {
      guard let indent else { return }
      out += "\n" + String(repeating: " ", count: indent * level)
    }
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let x):
      if x == x.rounded(), abs(x) < 9_007_199_254_740_992 { out += String(Int64(x)) } else { out += "\(x)" }
    case .string(let s): out += jsonStringLiteral(s)
    case .array(let items):
      // Short arrays of scalars stay on one line (enums, ranges, defaults).
      let flat = items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
      if items.isEmpty || (flat && items.count <= 8) {
        out += "[" + items.map { $0.text(indent: nil) }.joined(separator: indent == nil ? "," : ", ") + "]"
        return
      }
      out += "["
      for (i, item) in items.enumerated() {
        newline(level + 1)
        item.write(to: &out, indent: indent, level: level + 1)
        if i < items.count - 1 { out += "," }
      }
      newline(level)
      out += "]"
    case .object(let entries):
      if entries.isEmpty { out += "{}"; return }
      out += "{"
      for (i, (key, value)) in entries.enumerated() {
        newline(level + 1)
        out += jsonStringLiteral(key) + (indent == nil ? ":" : ": ")
        value.write(to: &out, indent: indent, level: level + 1)
        if i < entries.count - 1 { out += "," }
      }
      newline(level)
      out += "}"
    }
  }
}
