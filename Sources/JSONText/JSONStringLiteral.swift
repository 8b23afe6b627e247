/// `text` as a JSON string literal, quotes included: `"` and `\` escaped, newline, carriage
/// return and tab as `\n`, `\r`, `\t`, other control characters (below U+0020) as `\u00XX`
/// (lowercase hex), everything else as is (UTF-8 when written out). RFC 8259 section 7.
///
/// The one place that spells JSON strings: Stage's canonical JSON (manifest.json, metrics)
/// and Charts' curve tables both use it.
public func jsonStringLiteral(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
      if scalar.value < 0x20 {
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}
