import Geometry
import Yams

/// The general reader: walks `SourceNode`s into typed values (mappings, scalars, words,
/// lists, points, colours), collecting every problem instead of stopping at the first. Each
/// `read…` returns `nil` after reporting when the value is unusable. It knows YAML nodes,
/// source locations and diagnostics, nothing about scenes: each scene type reads itself
/// with one (`SceneView.read`, `Transition.read`, ...; `SceneReader` adds what a whole
/// scene needs).
class Reader {
  private(set) var diagnostics: [SceneDiagnostic] = []
  /// The texts the nodes came from, to place a problem inside a string (path data).
  var sources: [SourceLocation.Origin: String] = [:] { didSet { sourceLines = LineIndex(sources) } }
  /// `sources` split into lines once per text (see `location(in:atScalar:)`).
  var sourceLines = LineIndex([:])
  /// The values of the names layout expressions may use (the canvas's `layoutNames`); empty
  /// until the canvas is read.
  var layoutNames: [String: Double] = [:]
  /// The scene's appearance (`appearance:` or `--appearance`), read before any colour:
  /// system colours, adaptive materials, bars and the status bar's default ink follow it.
  var appearance: Appearance = .light
  /// The screen a sheet presents (`Transition.elevatedScreen(_:)`), and whether the views being read are
  /// on it: its system backgrounds take their elevated values.
  var elevatedScreen: String?
  var elevated = false

  func report(_ kind: SceneDiagnostic.Kind, at location: SourceLocation?) {
    diagnostics.append(SceneDiagnostic(kind, at: location))
  }

  func report(_ diagnostic: SceneDiagnostic) { diagnostics.append(diagnostic) }

  // MARK: Mappings

  /// The keys of a mapping. Unknown keys are reported at once, with a did-you-mean among
  /// `allowed`; reports a wrong type and returns `nil` when `node` is not a mapping.
  func fields(_ node: SourceNode, _ context: String, key: String? = nil, allowed: [String]) -> Fields? {
    guard case .mapping(let entries, let location) = node else {
      if node.isNull, case .scalar(_, let location) = node {
        return Fields(context: context, location: location, entries: [:], order: [])
      }
      report(.wrongType(key: key ?? context, expected: "a mapping", got: node.summary), at: node.location)
      return nil
    }
    var byKey: [String: SourceNode.Entry] = [:]
    var order: [String] = []
    for entry in entries {
      guard allowed.contains(entry.key) else {
        report(.unknownKey(entry.key, context: context, known: allowed), at: entry.keyLocation)
        continue
      }
      if byKey[entry.key] == nil { order.append(entry.key) }
      byKey[entry.key] = entry
    }
    return Fields(context: context, location: location, entries: byKey, order: order)
  }

  /// Requires `key` in `fields`, reporting it as missing (at the mapping) when absent.
  func require(_ fields: Fields, _ key: String) -> SourceNode? {
    if let node = fields[key] { return node }
    report(.missingKey(key, context: fields.context), at: fields.location)
    return nil
  }

  // MARK: Scalars

  /// A finite number satisfying `requirement` (every requirement is bounded: see
  /// `ValueLimits.swift`).
  func number(_ node: SourceNode, _ key: String, _ requirement: Requirement) -> Double? {
    guard case .scalar(let scalar, let location) = node, !node.isNull, Bool.construct(from: scalar) == nil else {
      report(.wrongType(key: key, expected: "a number", got: node.summary), at: node.location)
      return nil
    }
    // A number or a layout expression is short: longer text is refused before it is parsed
    // or compared with the layout names (cost linear in the scene, not in its square).
    guard scalar.string.utf8.count <= SceneLimits.maxNumberText else {
      report(.wrongType(key: key, expected: "a number", got: node.summary), at: location)
      return nil
    }
    let plain = scalar.style == .plain || scalar.style == .any
    let value: Double
    if plain, let v = Double.construct(from: scalar) ?? Double(scalar.string) {
      value = v
    } else if LayoutExpression.isCandidate(scalar.string) {
      // `width - 32`: arithmetic on the screen's layout names (docs/scene-format.md, "Layout expressions").
      switch LayoutExpression.evaluate(scalar.string, names: layoutNames) {
      case .success(let v): value = v
      case .failure(let f):
        report(.expression(key: key, problem: f.problem, suggestion: f.suggestion), at: self.location(in: node, atScalar: f.offset))
        return nil
      }
    } else {
      report(.wrongType(key: key, expected: "a number", got: node.summary), at: location)
      return nil
    }
    guard value.isFinite else {
      report(.notFinite(key: key, text: scalar.string), at: location)
      return nil
    }
    guard requirement.admits(value) else {
      report(.outOfRange(key: key, requirement: requirement.description, value: value), at: location)
      return nil
    }
    return value
  }

  /// A whole number satisfying `requirement`.
  func integer(_ node: SourceNode, _ key: String, _ requirement: Requirement) -> Int? {
    guard let value = number(node, key, requirement) else { return nil }
    guard value == value.rounded(), abs(value) < 1e9 else {
      report(.wrongType(key: key, expected: "a whole number", got: node.summary), at: node.location)
      return nil
    }
    return Int(value)
  }

  func bool(_ node: SourceNode, _ key: String) -> Bool? {
    if case .scalar(let scalar, _) = node, scalar.style == .plain || scalar.style == .any,
      let value = Bool.construct(from: scalar)
    {
      return value
    }
    report(.wrongType(key: key, expected: "true or false", got: node.summary), at: node.location)
    return nil
  }

  /// Any scalar's text (numbers too: a title may be `2024`). Not a mapping or list, and at
  /// most `SceneLimits.maxTextLength` Unicode scalars (label text, titles, names, paths).
  func string(_ node: SourceNode, _ key: String) -> String? {
    guard case .scalar(let scalar, _) = node, !node.isNull else {
      report(.wrongType(key: key, expected: "a string", got: node.summary), at: node.location)
      return nil
    }
    let length = scalar.string.unicodeScalars.count
    guard length <= SceneLimits.maxTextLength else {
      report(.limit(what: "the length of '\(key)'", value: Double(length), limit: Double(SceneLimits.maxTextLength), unit: " characters"), at: node.location)
      return nil
    }
    return scalar.string
  }

  /// One of the cases of `E`, by raw value.
  func word<E: RawRepresentable & CaseIterable>(_ node: SourceNode, _ key: String, as type: E.Type = E.self) -> E?
  where E.RawValue == String {
    guard let text = string(node, key) else { return nil }
    if let value = E(rawValue: text) { return value }
    report(.notOneOf(key: key, value: text, allowed: E.allCases.map(\.rawValue)), at: node.location)
    return nil
  }

  /// An id: letters, digits, `_` and `-`, starting with a letter or `_`.
  func identifier(_ node: SourceNode, _ key: String) -> String? {
    guard let s = string(node, key) else { return nil }
    let ok = s.first.map { $0.isLetter || $0 == "_" } == true
      && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    guard ok else {
      report(.malformed(key: key, expected: "a name of letters, digits, '_' and '-' starting with a letter", got: "'\(s)'"), at: node.location)
      return nil
    }
    return s
  }

  /// A list; a single non-list value is reported.
  func list(_ node: SourceNode, _ key: String) -> [SourceNode]? {
    if case .sequence(let items, _) = node { return items }
    if node.isNull { return [] }
    report(.wrongType(key: key, expected: "a list", got: node.summary), at: node.location)
    return nil
  }

  /// Exactly `count` numbers in a list, e.g. `[390, 844]`, each satisfying `requirement`.
  func numbers(_ node: SourceNode, _ key: String, count: Int, shape: String, _ requirement: Requirement) -> [Double]? {
    numbers(node, key, shape: shape, Array(repeating: (key, requirement), count: count))
  }

  /// One number per entry of `items` (its key for messages, its requirement), in a list
  /// `key` written as `shape`. Each number out of range is reported at its own column.
  func numbers(_ node: SourceNode, _ key: String, shape: String, _ items: [(key: String, requirement: Requirement)]) -> [Double]? {
    guard case .sequence(let nodes, let location) = node else {
      report(.wrongType(key: key, expected: shape, got: node.summary), at: node.location)
      return nil
    }
    guard nodes.count == items.count else {
      report(.malformed(key: key, expected: shape, got: "\(nodes.count) number\(nodes.count == 1 ? "" : "s")"), at: location)
      return nil
    }
    let values = zip(nodes, items).map { number($0, $1.key, $1.requirement) }
    if values.contains(where: { $0 == nil }) { return nil }
    return values.map { $0! }
  }

  /// `[x, y]`, each coordinate satisfying `requirement` (points by default).
  func point(_ node: SourceNode, _ key: String, _ requirement: Requirement = .coordinate) -> Point? {
    numbers(node, key, count: 2, shape: "[x, y]", requirement).map { Point($0[0], $0[1]) }
  }

  /// `[width, height]`, each side satisfying `requirement` (a length by default).
  func size(_ node: SourceNode, _ key: String, _ requirement: Requirement = .length) -> Size? {
    numbers(node, key, shape: "[width, height]", [("\(key) width", requirement), ("\(key) height", requirement)])
      .map { Size($0[0], $0[1]) }
  }

  /// `[x, y, width, height]`: coordinates and lengths in points.
  func rect(_ node: SourceNode, _ key: String) -> Rect? {
    numbers(node, key, shape: "[x, y, width, height]", [
      ("\(key) x", .coordinate), ("\(key) y", .coordinate), ("\(key) width", .length), ("\(key) height", .length),
    ]).map { Rect($0[0], $0[1], $0[2], $0[3]) }
  }

  /// `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"`, or a name from `namedColorNames` (system colours in the scene's appearance).
  func color(_ node: SourceNode, _ key: String) -> Color? {
    guard case .scalar(let scalar, let location) = node, !node.isNull else {
      if node.isNull, case let at = node.location, let content = sourceLines.line(at.line, of: at.origin),
        let lost = UnquotedHash.value(inLine: content, line: at.line, column: at.column)
      {
        report(lost.diagnostic(origin: at.origin, key: key))
        return nil
      }
      report(.wrongType(key: key, expected: "a colour (\"#RRGGBB\", \"#RRGGBBAA\" or a name)", got: node.summary), at: node.location)
      return nil
    }
    let text = scalar.string
    if text.hasPrefix("#") {
      let digits = text.utf8.dropFirst()
      let ascii = digits.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
      if ascii, let c = Color(hex: text) { return c }
      report(.malformed(key: key, expected: "\"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\"", got: "'\(text)'"), at: location)
      return nil
    }
    if let c = namedColor(text) { return c }
    report(.notOneOf(key: key, value: text, allowed: namedColorNames + ["#RRGGBB", "#RRGGBBAA"]), at: location)
    return nil
  }
}

/// Colour names a scene may use instead of hex: `clear`, `black`, `white` (the same in
/// both appearances) and UIKit's system colours (`SystemColor`), which resolve to the
/// scene's appearance (`Reader.appearance`).
let fixedColors: [String: Color] = ["clear": .clear, "black": .black, "white": .white]

/// Every colour name, sorted (messages, the JSON Schema).
let namedColorNames: [String] = (Array(fixedColors.keys) + SystemColor.allCases.map(\.rawValue)).sorted()

extension Reader {
  /// The colour a name stands for in the scene's appearance, or nil.
  func namedColor(_ name: String) -> Color? {
    fixedColors[name] ?? SystemColor(rawValue: name)?.color(appearance, elevated: elevated)
  }

  /// A system colour in the scene's appearance.
  func system(_ color: SystemColor) -> Color { color.color(appearance, elevated: elevated) }
}
