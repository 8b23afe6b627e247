/// A colour written without quotes, `color: #FF2D55`: YAML reads a space then `#` as the start
/// of a comment, so the value is lost (`color` is empty), and inside a flow mapping
/// (`{color: #FF2D55}`) the closing `}` goes with it and the parser fails a line or more
/// later. Found from the source text so the error can point at the `#` and say to quote it.
struct UnquotedHash: Hashable, Sendable {
  /// The key as written before the colon (`color`), or nil when the line shows none (a
  /// `--set` value).
  var key: String?
  /// The lost value, `#FF2D55`.
  var text: String
  /// 1-based line and column (Unicode scalars) of the `#`.
  var line: Int
  var column: Int

  /// A lost colour in the value that starts at `column` of `content`, the text of line
  /// `line`: spaces, then `#` and 3, 4, 6 or 8 hex digits ending the word.
  static func value(inLine content: Substring, line: Int, column: Int) -> UnquotedHash? {
    let scalars = Array(content.unicodeScalars)
    var i = max(column - 1, 0)
    while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
    guard i < scalars.count, scalars[i] == "#", let text = hexWord(scalars, at: i) else { return nil }
    return UnquotedHash(key: key(before: i, in: scalars), text: text, line: line, column: i + 1)
  }

  /// The last `KEY: #HEX` (a key, a colon, spaces, a hex colour) on lines `lines` of `source`.
  static func last(in source: String, lines: ClosedRange<Int>) -> UnquotedHash? {
    var found: UnquotedHash?
    for n in lines {
      guard let content = lineText(source, n) else { continue }
      let scalars = Array(content.unicodeScalars)
      for i in scalars.indices where scalars[i] == "#" && i > 0 && (scalars[i - 1] == " " || scalars[i - 1] == "\t") {
        guard let text = hexWord(scalars, at: i), let key = key(before: i, in: scalars) else { continue }
        found = UnquotedHash(key: key, text: text, line: n, column: i + 1)
      }
    }
    return found
  }

  /// The diagnostic for this lost value; `parserProblem` is libyaml's complaint when the
  /// comment made the document unparsable.
  func diagnostic(origin: SourceLocation.Origin, key fallback: String, parserProblem: String? = nil) -> SceneDiagnostic {
    SceneDiagnostic(
      .unquotedHash(key: key ?? fallback, text: text, parserProblem: parserProblem),
      at: SourceLocation(origin: origin, line: line, column: column))
  }

  private static func lineText(_ source: String, _ line: Int) -> Substring? {
    guard line >= 1 else { return nil }
    var n = 1
    var start = source.startIndex
    while n < line {
      guard let newline = source[start...].firstIndex(of: "\n") else { return nil }
      start = source.index(after: newline)
      n += 1
    }
    let end = source[start...].firstIndex(of: "\n") ?? source.endIndex
    return source[start..<end]
  }

  /// `#` + 3, 4, 6 or 8 hex digits at `i`, followed by the end, a space, `,`, `}` or `]`.
  private static func hexWord(_ s: [Unicode.Scalar], at i: Int) -> String? {
    var j = i + 1
    while j < s.count, s[j].properties.isASCIIHexDigit { j += 1 }
    let digits = j - i - 1
    guard [3, 4, 6, 8].contains(digits) else { return nil }
    guard j == s.count || [" ", "\t", ",", "}", "]", "\r"].contains(s[j]) else { return nil }
    var text = ""
    text.unicodeScalars.append(contentsOf: s[i..<j])
    return text
  }

  /// The key of `key: #...` whose `#` is at `i`: the name before the colon before the spaces.
  private static func key(before i: Int, in s: [Unicode.Scalar]) -> String? {
    var j = i - 1
    while j >= 0, s[j] == " " || s[j] == "\t" { j -= 1 }
    guard j >= 0, s[j] == ":" else { return nil }
    let end = j
    j -= 1
    while j >= 0, !" \t{,[".unicodeScalars.contains(s[j]) { j -= 1 }
    guard end - j - 1 > 0 else { return nil }
    var key = ""
    key.unicodeScalars.append(contentsOf: s[(j + 1)..<end])
    return key.trimmingQuotes
  }
}

extension String {
  fileprivate var trimmingQuotes: String {
    guard count >= 2, let f = first, f == "\"" || f == "'", last == f else { return self }
    return String(dropFirst().dropLast())
  }
}
