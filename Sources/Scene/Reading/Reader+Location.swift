import Yams

extension Reader {
  /// Where the character `offset` (in Unicode scalars) of a string scalar is in its source:
  /// found by walking the source text from the scalar's start, matching the string's
  /// characters in order (quotes, escapes, indentation and folded line breaks are skipped).
  /// Without the source text, the column is counted on the scalar's first line.
  func location(in node: SourceNode, atScalar offset: Int) -> SourceLocation {
    guard case .scalar(let scalar, let start) = node else { return node.location }
    let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
    guard sources[start.origin] != nil else {
      var l = start
      l.column += offset + (quoted ? 1 : 0)
      return l
    }
    guard let first = sourceLines.line(start.line, of: start.origin) else { return start }
    let wanted = Array(scalar.string.unicodeScalars)
    // The source from the scalar's start, with each scalar's line and column.
    var line = start.line, column = start.column
    var source = Array(first.unicodeScalars).dropFirst(column - 1)
    var k = 0
    let block = scalar.style == .literal || scalar.style == .folded
    if block { source = [] }  // the content starts on the next line
    if quoted { source = source.dropFirst(); column += 1 }
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
    while true {
      if k == offset && k == wanted.count { return SourceLocation(origin: start.origin, line: line, column: column) }
      if let c = source.first {
        if k < wanted.count && (c == wanted[k] || (isSpace(c) && isSpace(wanted[k]))) {
          if k == offset { return SourceLocation(origin: start.origin, line: line, column: column) }
          k += 1
        } else if k < wanted.count && isSpace(wanted[k]) {
          // Spaces the source's indentation stripping took (a more-indented block line).
          if k == offset { return SourceLocation(origin: start.origin, line: line, column: column) }
          k += 1
          continue
        }
        source = source.dropFirst()
        column += 1
        continue
      }
      // End of a source line: a line break in the string (or a folded space) matches it.
      if k < wanted.count, isSpace(wanted[k]), !block || k > 0 {
        if k == offset { return SourceLocation(origin: start.origin, line: line, column: column) }
        k += 1
      }
      if k >= wanted.count { return SourceLocation(origin: start.origin, line: line, column: column) }
      line += 1
      guard let next = sourceLines.line(line, of: start.origin) else {
        return SourceLocation(origin: start.origin, line: line - 1, column: column)
      }
      source = Array(next.unicodeScalars)[...]
      column = 1
      // Indentation belongs to the YAML, not the string.
      while let c = source.first, c == " " || c == "\t" {
        source = source.dropFirst(); column += 1
      }
    }
  }
}
