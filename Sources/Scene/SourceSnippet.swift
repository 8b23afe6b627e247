/// Prints something other than an error (a warning) the way `DiagnosticReport` prints errors:
/// `location: warning: message`, the source line with a caret under the column, then each
/// note as `note: ...`, control characters made visible.
public enum SourceSnippet {
  /// - Parameters:
  ///   - severity: the word after the location, e.g. "warning".
  ///   - location: where it is; a scene file's line is read from the file, a `--set` or
  ///     `--vary` value's from the option.
  public static func render(severity: String, message: String, notes: [String], at location: SourceLocation?) -> String {
    var text = ((location.map { "\($0): " } ?? "") + "\(severity): " + message).visibleControls + "\n"
    if let location {
      var sources: [SourceLocation.Origin: String] = [:]
      switch location.origin {
      case .file(let path):
        if case .success(let t) = SceneLoader.sceneText(path: path) { sources[location.origin] = t }
      case .setOption(let option), .varyOption(let option):
        if let eq = option.firstIndex(of: "=") { sources[location.origin] = String(option[option.index(after: eq)...]) }
      case .snippet:
        break
      }
      var lines = LineIndex(sources)
      if let content = lines.line(location.line, of: location.origin) {
        text += DiagnosticReport([], sources: sources).snippet(content, column: location.column)
      }
    }
    for note in notes { text += "note: \(note.visibleControls)\n" }
    return text
  }
}
