/// One problem found in a scene, with where it is. The facts are structured; the text is
/// written in one place (`message` and `notes` below, and `DiagnosticReport` for the
/// full compiler-style rendering with the source line and a caret).
public struct SceneDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// The YAML itself does not parse (libyaml's problem text).
    case syntax(String)
    /// The document holds no scene at all.
    case emptyDocument
    /// The scene file itself cannot be read.
    case unreadableFile(path: String, problem: String)
    /// `key` holds the wrong kind of value: `expected` ("a number"), `got` ("a list").
    case wrongType(key: String, expected: String, got: String)
    /// A key that `context` does not have.
    case unknownKey(String, context: String, known: [String])
    /// A key that `context` needs.
    case missingKey(String, context: String)
    /// A key that `context` needs, missing because an override (`source`: "variant 'slow'" or
    /// "--set") replaced the whole `block`, which as written had it; the override's block has
    /// only the keys `written`.
    case missingKeyInReplacedBlock(String, context: String, source: String, block: String, written: [String])
    /// A number outside its allowed range; `requirement` reads like "> 0" or "in 0...1".
    case outOfRange(key: String, requirement: String, value: Double)
    /// `.nan` or `.inf` where a finite number is needed.
    case notFinite(key: String, text: String)
    /// A value that is none of the allowed words.
    case notOneOf(key: String, value: String, allowed: [String])
    /// A value with the right type but the wrong shape (`expected` says what is accepted).
    case malformed(key: String, expected: String, got: String)
    /// A reference to a screen, view, asset, component or variant that does not exist.
    case unknownReference(kind: String, name: String, known: [String])
    /// A path that matches more than one view: `count` of them, the first few named by a path
    /// that picks each alone (`paths`).
    case ambiguousReference(name: String, count: Int, paths: [String])
    /// The same name defined twice where names must be unique.
    case duplicate(kind: String, name: String, first: SourceLocation)
    /// Keys that cannot be used together.
    case conflictingKeys([String], context: String)
    /// A time earlier than the one before it.
    case timeGoesBackwards(key: String, time: Double, previous: Double)
    /// A gesture event that cannot happen in that order (e.g. a move with no touch down).
    case gestureOrder(event: String, time: Double, problem: String)
    /// A missing, unreadable or corrupt asset file.
    case asset(name: String, path: String, problem: String)
    /// A value beyond one of Flipbook's limits (canvas size, frame count, duration...).
    case limit(what: String, value: Double, limit: Double, unit: String)
    /// A variant or `--set` path that does not lead anywhere.
    case badOverride(path: String, problem: String)
    /// Component templates that expand into themselves.
    case componentCycle([String])
    /// The document is too large or too deeply nested to be a scene.
    case tooComplex(String)
    /// SVG path data that does not parse (the parser's problem; the location is the bad
    /// character's).
    case pathData(String)
    /// Neither a number (in `unit`) nor one of the `words` (which mean `meaning`'s sizes) where
    /// either is accepted (`distance: width`).
    case notNumberOrWord(key: String, got: String, unit: String, words: [String], meaning: String)
    /// A colour written without quotes (`color: #FF2D55`): YAML read the `#` as a comment, so
    /// `key` is empty, or (with `parserProblem`, libyaml's complaint) the comment cut a flow
    /// mapping short. The location is the `#`'s.
    case unquotedHash(key: String, text: String, parserProblem: String?)
    /// A layout expression (`width - 32`) that does not evaluate; the location is the
    /// character at fault, `suggestion` a known name close to an unknown one.
    case expression(key: String, problem: String, suggestion: String?)
  }

  /// How many of an ambiguous path's views `ambiguousReference` names.
  public static let maxPathsNamed = 5

  public var kind: Kind
  /// Where the problem is; `nil` only for problems with no place (an unknown `--variant`).
  public var location: SourceLocation?

  public init(_ kind: Kind, at location: SourceLocation?) {
    self.kind = kind
    self.location = location
  }

  /// `location: error: message`, without the source snippet or notes.
  public var description: String {
    (location.map { "\($0): " } ?? "") + "error: " + message
  }
}

extension SceneDiagnostic {
  /// The one-line message after `error: `.
  public var message: String {
    switch kind {
    case .syntax(let problem):
      return "YAML syntax: \(problem)"
    case .emptyDocument:
      return "the file holds no scene (it is empty or only comments)"
    case .unreadableFile(let path, let problem):
      return "cannot read the scene file '\(path)': \(problem)"
    case .wrongType(let key, let expected, let got):
      return "'\(key)' must be \(expected) (got \(got))"
    case .unknownKey(let key, let context, _):
      return "unknown key '\(key)' in \(context)"
    case .missingKey(let key, let context), .missingKeyInReplacedBlock(let key, let context, _, _, _):
      return "\(context) needs '\(key)'"
    case .outOfRange(let key, let requirement, let value):
      return "\(key) must be \(requirement) (got \(formatNumber(value)))"
    case .notFinite(let key, let text):
      return "\(key) must be a finite number (got \(text))"
    case .notOneOf(let key, let value, let allowed):
      return "'\(value)' is not a valid \(key); use one of \(allowed.joined(separator: ", "))"
    case .malformed(let key, let expected, let got):
      return "\(key) must be \(expected) (got \(got))"
    case .unknownReference(let kind, let name, _):
      return "unknown \(kind) '\(name)'"
    case .ambiguousReference(let name, let count, let paths):
      let listed = paths.map { "'\($0)'" }
      let more = count - paths.count
      let names = more > 0 ? listed.joined(separator: ", ") + " and \(more) more"
        : listed.count > 1 ? listed.dropLast().joined(separator: ", ") + " and " + listed.last! : listed.joined()
      return "'\(name)' matches \(count) views: \(names); write the path of the one you mean"
    case .duplicate(let kind, let name, _):
      return "\(kind) '\(name)' is defined twice"
    case .conflictingKeys(let keys, let context):
      return "\(context) cannot have both " + keys.map { "'\($0)'" }.joined(separator: " and ")
    case .timeGoesBackwards(let key, let time, let previous):
      return "\(key) goes back in time: \(formatNumber(time)) comes after \(formatNumber(previous))"
    case .gestureOrder(let event, let time, let problem):
      return "gesture '\(event)' at \(formatNumber(time)) s \(problem)"
    case .asset(let name, let path, let problem):
      return "asset '\(name)' (\(path)): \(problem)"
    case .limit(let what, let value, let limit, let unit):
      return "\(what) is \(formatNumber(value))\(unit), more than Flipbook's limit of \(formatNumber(limit))\(unit)"
    case .badOverride(let path, let problem):
      return "cannot override '\(path)': \(problem)"
    case .componentCycle(let names):
      return "component '\(names[0])' expands into itself: " + names.joined(separator: " -> ")
    case .tooComplex(let problem):
      return "the scene is too complex: \(problem)"
    case .pathData(let problem):
      return "bad path data: \(problem)"
    case .notNumberOrWord(let key, let got, let unit, let words, let meaning):
      let listed = words.map { "'\($0)'" }
      let choice = listed.count > 1 ? listed.dropLast().joined(separator: ", ") + " or " + listed.last! : listed.joined()
      return "'\(key)' must be a number (\(unit)) or \(choice) (\(meaning)) (got \(got))"
    case .unquotedHash(let key, let text, nil):
      return "'\(key)' is empty: YAML reads a space then '#' as the start of a comment, so \(text) was dropped"
    case .unquotedHash(_, let text, let problem?):
      return "YAML syntax: \(problem); the cause is here: YAML reads a space then '#' as the start of a comment, so \(text) and the rest of the line were dropped"
    case .expression(let key, let problem, _):
      return "bad expression for '\(key)': \(problem)"
    }
  }

  /// Extra lines printed after the snippet, each starting `note: `.
  public var notes: [String] {
    switch kind {
    case .unknownKey(let key, _, let known):
      if let guess = closestMatch(to: key, in: known) { return ["did you mean '\(guess)'?"] }
      return known.isEmpty ? [] : ["known keys: " + known.joined(separator: ", ")]
    case .notOneOf(_, let value, let allowed):
      if let guess = closestMatch(to: value, in: allowed) { return ["did you mean '\(guess)'?"] }
      return []
    case .unknownReference(let kind, let name, let known):
      var notes: [String] = []
      if let guess = closestMatch(to: name, in: known) { notes.append("did you mean '\(guess)'?") }
      if known.isEmpty {
        notes.append("there are no \(kind)s to refer to")
      } else {
        let shown = known.prefix(12).joined(separator: ", ")
        notes.append("known \(kind)s: " + shown + (known.count > 12 ? ", and \(known.count - 12) more" : ""))
      }
      return notes
    case .duplicate(_, _, let first):
      return ["first defined at \(first)"]
    case .missingKeyInReplacedBlock(let key, _, let source, let block, let written):
      let narrower = written.map { "'\(block).\($0)'" }
      return [
        "\(source) replaces the whole '\(block)' of the scene as written, which has '\(key)': an override sets a value, it does not merge blocks",
        "to change only what differs, override \(narrower.count > 1 ? narrower.dropLast().joined(separator: ", ") + " and " + narrower.last! : narrower.joined()) instead",
      ]
    case .conflictingKeys(let keys, "spring"):
      return SpringFormNotes.notes(conflicting: keys)
    case .notNumberOrWord(_, let got, _, let words, _):
      if let guess = closestMatch(to: got, in: words) { return ["did you mean '\(guess)'?"] }
      return []
    case .unquotedHash(let key, let text, _):
      return ["quote it: \(key): \"\(text)\""]
    case .expression(_, _, let suggestion?):
      return ["did you mean '\(suggestion)'?"]
    default:
      return []
    }
  }
}

/// A number as a person writes it: `0.3`, `-0.2`, `200` (no trailing `.0`).
func formatNumber(_ value: Double) -> String {
  if value.isNaN { return ".nan" }
  if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
  if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return String(value)
}
