import Yams

/// A YAML value with the location of every node, in whichever text it came from (the scene
/// file or a `--set` option). Built once from Yams' tree, which only knows line and column,
/// so that overrides from several texts can be spliced into one tree and still point home.
indirect enum SourceNode {
  struct Entry {
    var key: String
    var keyLocation: SourceLocation
    var value: SourceNode
  }

  case scalar(Node.Scalar, SourceLocation)
  case mapping([Entry], SourceLocation)
  case sequence([SourceNode], SourceLocation)

  var location: SourceLocation {
    switch self {
    case .scalar(_, let l), .mapping(_, let l), .sequence(_, let l): l
    }
  }

  /// A few words for "got ..." in a diagnostic: the scalar's text, "a mapping", "a list".
  var summary: String {
    switch self {
    case .scalar(let s, _):
      if s.style == .plain || s.style == .any {
        if isNull { return "nothing" }
        let text = s.string.count > 40 ? String(s.string.prefix(40)) + "…" : s.string
        return text
      }
      let text = s.string.count > 40 ? String(s.string.prefix(40)) + "…" : s.string
      return "'\(text)'"
    case .mapping: return "a mapping"
    case .sequence: return "a list"
    }
  }

  var isNull: Bool {
    if case .scalar(let s, _) = self, s.style == .plain || s.style == .any {
      return ["", "~", "null", "Null", "NULL"].contains(s.string)
    }
    return false
  }

  subscript(key: String) -> SourceNode? {
    if case .mapping(let entries, _) = self {
      return entries.last(where: { $0.key == key })?.value
    }
    return nil
  }
}

/// Converts YAML text into `SourceNode`s, or diagnostics.
enum SourceParser {
  /// The most nodes one document may expand to (aliases count each time they are used),
  /// which keeps "billion laughs" documents from exhausting memory or time.
  static let nodeBudget = SceneLimits.maxYAMLNodes
  /// The largest scene file accepted, in bytes.
  static let maxBytes = SceneLimits.maxSceneFileBytes

  /// An unquoted `key: #RRGGBB` that made the document unparsable: inside a flow mapping the
  /// comment takes the closing `}` with it, and libyaml complains at a later line. Searched
  /// from the flow collection's first line (libyaml names it: "(line N)") to the error's line;
  /// when libyaml names the line after (a `- ` item following the one whose `}` was lost: "while
  /// parsing a flow node (line N)", N the error's line), the nearest of the
  /// `maxLinesBack` lines before it that has one.
  static func lostColour(_ text: String, problem: String, errorLine: Int) -> UnquotedHash? {
    var first = max(1, errorLine - 1)
    if let open = problem.range(of: "(line "), let close = problem[open.upperBound...].firstIndex(of: ")"),
      let n = Int(problem[open.upperBound..<close]), n >= 1, n <= errorLine
    {
      first = n
    }
    if let found = UnquotedHash.last(in: text, lines: first...max(first, errorLine)) { return found }
    guard problem.contains("flow"), first > 1 else { return nil }
    for n in stride(from: first - 1, through: max(1, first - maxLinesBack), by: -1) {
      if let found = UnquotedHash.last(in: text, lines: n...n) { return found }
    }
    return nil
  }

  /// How far back `lostColour` looks for the colour when libyaml names a later line.
  static let maxLinesBack = 20

  static func parse(_ text: String, origin: SourceLocation.Origin) -> Result<SourceNode?, SceneDiagnostic> {
    let start = SourceLocation(origin: origin, line: 1, column: 1)
    if text.utf8.count > maxBytes {
      return .failure(SceneDiagnostic(
        .limit(what: "the file", value: Double(text.utf8.count), limit: Double(maxBytes), unit: " bytes"),
        at: start))
    }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      var d = diagnostic(for: error, origin: origin)
      // libyaml puts "end of input" on the line after the last; point at the end instead.
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      if var l = d.location, l.line > lines.count || (l.line == lines.count && lines.last!.isEmpty && lines.count > 1) {
        var last = lines.count
        while last > 1 && lines[last - 1].trimmingCharacters(in: .whitespaces).isEmpty { last -= 1 }
        l.line = last
        l.column = lines[last - 1].unicodeScalars.count + 1
        d.location = l
      }
      if case .syntax(let problem) = d.kind, let l = d.location, l.line >= 1, l.line <= lines.count,
        Array(lines[l.line - 1].unicodeScalars).dropFirst(max(l.column - 1, 0)).first == "\t"
      {
        d.kind = .syntax(problem + " (a tab; YAML indents with spaces only)")
      }
      if case .syntax(let problem) = d.kind, let l = d.location, let lost = lostColour(text, problem: problem, errorLine: l.line) {
        d = lost.diagnostic(origin: origin, key: "", parserProblem: problem)
      }
      return .failure(d)
    } catch {
      return .failure(SceneDiagnostic(.syntax("\(error)"), at: start))
    }
    guard let root else { return .success(nil) }
    var budget = nodeBudget
    do {
      return .success(try convert(root, origin: origin, budget: &budget))
    } catch {
      return .failure(error)
    }
  }

  private static func location(_ mark: Mark?, _ origin: SourceLocation.Origin) -> SourceLocation {
    SourceLocation(origin: origin, line: mark?.line ?? 1, column: mark?.column ?? 1)
  }

  private static func convert(_ node: Node, origin: SourceLocation.Origin, budget: inout Int) throws(SceneDiagnostic) -> SourceNode {
    budget -= 1
    if budget < 0 {
      throw SceneDiagnostic(
        .tooComplex("it expands to more than \(nodeBudget) YAML nodes (aliases count each time they are used)"),
        at: location(node.mark, origin))
    }
    switch node {
    case .scalar(let s):
      return .scalar(s, location(s.mark, origin))
    case .sequence(let seq):
      var items: [SourceNode] = []
      items.reserveCapacity(seq.count)
      for item in seq { items.append(try convert(item, origin: origin, budget: &budget)) }
      return .sequence(items, location(seq.mark, origin))
    case .mapping(let map):
      var entries: [SourceNode.Entry] = []
      for (key, value) in map {
        let keyLocation = location(key.mark, origin)
        guard case .scalar(let keyScalar) = key else {
          throw SceneDiagnostic(.wrongType(key: "key", expected: "a plain name", got: "a \(key.mapping != nil ? "mapping" : "list")"), at: keyLocation)
        }
        entries.append(.init(key: keyScalar.string, keyLocation: keyLocation, value: try convert(value, origin: origin, budget: &budget)))
      }
      return .mapping(entries, location(map.mark, origin))
    case .alias(let alias):
      return .scalar(Node.Scalar(""), location(alias.mark, origin))
    }
  }

  /// Where `key` is written again in the same mapping as its occurrence at `first`: a line
  /// indented exactly as far that starts with the key and a colon (block style, before the
  /// mapping's indentation ends), or the same key after a comma on the same line (flow style).
  static func secondOccurrence(of key: String, after first: SourceLocation, in text: String) -> SourceLocation? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard first.line >= 1, first.line <= lines.count else { return nil }
    let indent = first.column - 1
    func startsWithKey(_ rest: Substring.UnicodeScalarView.SubSequence) -> Bool {
      for quote in ["", "\"", "'"] {
        let spelled = quote + key + quote
        guard rest.starts(with: spelled.unicodeScalars) else { continue }
        let after = rest.dropFirst(spelled.unicodeScalars.count).drop { $0 == " " }
        if after.first == ":" { return true }
      }
      return false
    }
    // Flow style: `{a: 1, a: 2}` on the first occurrence's line.
    let firstLine = Array(lines[first.line - 1].unicodeScalars)
    var i = indent + 1
    while i < firstLine.count {
      if firstLine[i] == "," || firstLine[i] == "{" {
        let rest = String.UnicodeScalarView(firstLine[(i + 1)...]).drop { $0 == " " }
        if startsWithKey(rest[...]) {
          return SourceLocation(origin: first.origin, line: first.line, column: firstLine.count - rest.count + 1)
        }
      }
      i += 1
    }
    // Block style: a later line at the same indentation.
    for n in first.line..<lines.count {
      let scalars = lines[n].unicodeScalars
      let content = scalars.drop { $0 == " " }
      if content.isEmpty || content.first == "#" { continue }
      let column = scalars.count - content.count
      if column < indent { return nil }
      if column == indent, startsWithKey(content) {
        return SourceLocation(origin: first.origin, line: n + 1, column: column + 1)
      }
    }
    return nil
  }

  private static func diagnostic(for error: YamlError, origin: SourceLocation.Origin) -> SceneDiagnostic {
    func clean(_ context: YamlError.Context?, _ problem: String) -> String {
      if let context { return "\(context.text) (line \(context.mark.line)): \(problem)" }
      return problem
    }
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      return SceneDiagnostic(.syntax(clean(context, problem)), at: location(mark, origin))
    case .reader(let problem, let offset, _, let yaml):
      var line = 1, column = 1
      if let offset {
        for ch in yaml.prefix(offset) {
          if ch == "\n" { line += 1; column = 1 } else { column += ch.unicodeScalars.count }
        }
      }
      return SceneDiagnostic(.syntax(problem), at: SourceLocation(origin: origin, line: line, column: column))
    case .duplicatedKeysInMapping(let duplicates, let context):
      // Yams gives the first occurrence of the (alphabetically) first duplicated key; point at
      // its second occurrence, the one to delete, and name the first in the message.
      let first = location(context.mark, origin)
      let second = duplicates.first.flatMap { secondOccurrence(of: $0, after: first, in: context.text) }
      return SceneDiagnostic(
        .syntax("duplicate key " + duplicates.map { "'\($0)'" }.joined(separator: ", ")
          + (second != nil ? " (first at line \(first.line), column \(first.column))" : "")),
        at: second ?? first)
    default:
      return SceneDiagnostic(.syntax("\(error)"), at: SourceLocation(origin: origin, line: 1, column: 1))
    }
  }
}
