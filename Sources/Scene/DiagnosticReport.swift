/// Every diagnostic of one load, with the texts they point into, so they can be printed the
/// way a compiler prints errors:
///
/// ```
/// Scenes/t1.yaml:12:21: error: dampingRatio must be > 0 (got -0.2)
///       dampingRatio: -0.2
///                     ^
/// ```
///
/// Thrown by `SceneLoader` and `TimingSpec.parse` when anything is wrong. Printing costs time
/// linear in the text shown: at most `maxShown` diagnostics are printed in full, then one
/// `... and N more errors` line; control characters from the scene are shown as visible
/// symbols, never sent to the terminal.
public struct DiagnosticReport: Error, Sendable, CustomStringConvertible {
  /// The most diagnostics `description` prints in full.
  public static let maxShown = SceneLimits.maxDiagnosticsShown

  /// Sorted by location (file first, then `--set` options, each by line and column).
  public let diagnostics: [SceneDiagnostic]
  /// The text of each origin, for the snippet under each message.
  public let sources: [SourceLocation.Origin: String]

  public init(_ diagnostics: [SceneDiagnostic], sources: [SourceLocation.Origin: String]) {
    self.diagnostics = diagnostics.sorted { a, b in
      switch (a.location, b.location) {
      case (nil, nil): return false
      case (nil, _): return true
      case (_, nil): return false
      case (let x?, let y?): return x < y
      }
    }
    self.sources = sources
  }

  /// The first `maxShown` diagnostics, each as `location: error: message`, the source line, a
  /// caret under the column, and its notes, then `... and N more errors` if there are more;
  /// separated by newlines and ending with one.
  public var description: String {
    var lines = LineIndex(sources)
    var text = diagnostics.prefix(Self.maxShown).map { render($0, lines: &lines) }.joined()
    let more = diagnostics.count - Self.maxShown
    if more > 0 { text += "... and \(more) more error\(more == 1 ? "" : "s")\n" }
    return text
  }

  /// Every diagnostic in full, in order, sharing one index of the source lines (rendering
  /// each alone splits the source again: quadratic for a file with thousands of errors).
  public func renderedEach() -> [String] {
    var lines = LineIndex(sources)
    return diagnostics.map { render($0, lines: &lines) }
  }

  /// One diagnostic in full.
  public func render(_ diagnostic: SceneDiagnostic) -> String {
    var lines = LineIndex(sources)
    return render(diagnostic, lines: &lines)
  }

  private func render(_ diagnostic: SceneDiagnostic, lines: inout LineIndex) -> String {
    var text = diagnostic.description.visibleControls + "\n"
    if let location = diagnostic.location, let content = lines.line(location.line, of: location.origin) {
      text += snippet(content, column: location.column)
    }
    for note in diagnostic.notes { text += "note: \(note.visibleControls)\n" }
    return text
  }

  func snippet(_ line: Substring, column: Int) -> String {
    var content = line
    if content.hasSuffix("\r") { content.removeLast() }
    // Keep long lines readable: at most 160 scalars of context.
    let scalars = content.unicodeScalars
    let count = scalars.count
    let caret = min(max(column - 1, 0), count)
    var start = 0
    if count > 160 { start = max(0, min(caret - 80, count - 160)) }
    let end = min(count, start + 160)
    let from = scalars.index(scalars.startIndex, offsetBy: start)
    let to = scalars.index(from, offsetBy: end - start)
    var shown = String.UnicodeScalarView()
    for s in scalars[from..<to] { shown.append(s == "\t" ? " " : s) }
    return String(shown).visibleControls + "\n" + String(repeating: " ", count: caret - start) + "^\n"
  }
}

/// The lines of each source text, split once (on first use) and shared by every diagnostic
/// (and by `Reader`, which places problems inside strings).
struct LineIndex {
  let sources: [SourceLocation.Origin: String]
  var split: [SourceLocation.Origin: [Substring]] = [:]

  init(_ sources: [SourceLocation.Origin: String]) { self.sources = sources }

  mutating func line(_ number: Int, of origin: SourceLocation.Origin) -> Substring? {
    if split[origin] == nil, let text = sources[origin] {
      split[origin] = text.split(separator: "\n", omittingEmptySubsequences: false)
    }
    guard let lines = split[origin], number >= 1, number <= lines.count else { return nil }
    return lines[number - 1]
  }
}

extension String {
  /// The text with every control character replaced by a visible symbol of one column, so
  /// that text from a scene cannot move the cursor, change colours or retitle the terminal:
  /// U+0000...U+001F become their Control Pictures (U+2400...U+241F, ESC is "␛"), DEL
  /// becomes "␡", and the C1 controls U+0080...U+009F become "�". The bidirectional
  /// controls (U+200E, U+200F, U+202A...U+202E, U+2066...U+2069), which would reorder the
  /// rest of the terminal line (a "Trojan Source" message), become "�" too.
  public var visibleControls: String {
    guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.isBidiControl }) else { return self }
    var out = String.UnicodeScalarView()
    for s in unicodeScalars {
      switch s.value {
      case 0x00...0x1F: out.append(Unicode.Scalar(0x2400 + s.value)!)
      case 0x7F: out.append("\u{2421}")
      case 0x80...0x9F: out.append("\u{FFFD}")
      case _ where s.isBidiControl: out.append("\u{FFFD}")
      default: out.append(s)
      }
    }
    return String(out)
  }

  /// `visibleControls` applied to each line: the line breaks stay.
  public var visibleControlsPerLine: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { String($0).visibleControls }.joined(separator: "\n")
  }
}

extension Unicode.Scalar {
  /// LRM, RLM and the embedding, override and isolate controls of the Unicode
  /// bidirectional algorithm (UAX #9).
  var isBidiControl: Bool {
    switch value {
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
