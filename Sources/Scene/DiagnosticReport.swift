/// Every diagnostic of one load, with the texts they point into, so they can be printed the
/// way a compiler prints errors:
///
/// ```
/// Scenes/t1.yaml:12:21: error: dampingRatio must be > 0 (got -0.2)
///       dampingRatio: -0.2
///                     ^
/// ```
///
/// Thrown by `SceneLoader` and `TimingSpec.parse` when anything is wrong.
public struct DiagnosticReport: Error, Sendable, CustomStringConvertible {
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

  /// All diagnostics, each as `location: error: message`, the source line, a caret under
  /// the column, and its notes; separated by newlines and ending with one.
  public var description: String {
    diagnostics.map(render).joined()
  }

  /// One diagnostic in full.
  public func render(_ diagnostic: SceneDiagnostic) -> String {
    var text = diagnostic.description + "\n"
    if let location = diagnostic.location, let source = sources[location.origin] {
      text += snippet(source, line: location.line, column: location.column)
    }
    for note in diagnostic.notes { text += "note: \(note)\n" }
    return text
  }

  private func snippet(_ source: String, line: Int, column: Int) -> String {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return "" }
    var content = String(lines[line - 1])
    if content.hasSuffix("\r") { content.removeLast() }
    // Keep long lines readable: at most 160 scalars of context.
    let scalars = Array(content.unicodeScalars)
    let caret = min(max(column - 1, 0), scalars.count)
    var start = 0
    if scalars.count > 160 { start = max(0, min(caret - 80, scalars.count - 160)) }
    let end = min(scalars.count, start + 160)
    var shown = String(String.UnicodeScalarView(scalars[start..<end]))
    shown = String(shown.map { $0 == "\t" ? " " : $0 })
    return shown + "\n" + String(repeating: " ", count: caret - start) + "^\n"
  }
}
