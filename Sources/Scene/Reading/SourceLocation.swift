/// Where a value came from: a line and column (1-based, columns counted in Unicode
/// scalars, as libyaml counts them) in the scene file, or in the text of one `--set`
/// option on the command line.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The text a location points into.
  public enum Origin: Hashable, Sendable {
    /// A scene file, by the path the user gave.
    case file(String)
    /// One `--set PATH=VALUE` option (the whole option text, without `--set`).
    case setOption(String)
    /// One cell's value of a `--vary PATH=V1,V2,...` option (`PATH=V2`: the path and the one
    /// value the cell gets).
    case varyOption(String)
    /// A standalone snippet, such as a timing given as a command-line argument.
    case snippet(String)

    fileprivate var rank: Int {
      switch self {
      case .file: 0
      case .setOption: 1
      case .varyOption: 2
      case .snippet: 3
      }
    }

    /// How the origin is named at the start of a diagnostic.
    public var displayName: String {
      switch self {
      case .file(let path): path
      case .setOption(let text): "--set \(text)"
      case .varyOption(let text): "--vary \(text)"
      case .snippet(let name): name
      }
    }

    /// A command-line override (`--set` or `--vary`): one line, the last word on a value.
    public var isOption: Bool {
      switch self {
      case .setOption, .varyOption: true
      case .file, .snippet: false
      }
    }
  }

  public var origin: Origin
  public var line: Int
  public var column: Int

  public init(origin: Origin, line: Int, column: Int) {
    self.origin = origin
    self.line = line
    self.column = column
  }

  /// `path:line:column`, or just the option for a `--set` or `--vary` value (its text is one line).
  public var description: String {
    switch origin {
    case .setOption, .varyOption: origin.displayName
    default: "\(origin.displayName):\(line):\(column)"
    }
  }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    if a.origin.rank != b.origin.rank { return a.origin.rank < b.origin.rank }
    if a.origin != b.origin { return a.origin.displayName < b.origin.displayName }
    if a.line != b.line { return a.line < b.line }
    return a.column < b.column
  }
}
