import Geometry
import Yams

/// Walks `SourceNode`s into typed values, collecting every problem instead of stopping at
/// the first. Each `read…` returns `nil` after reporting when the value is unusable.
final class Reader {
  private(set) var diagnostics: [SceneDiagnostic] = []
  /// Subview entries read so far, components expanded (bounds exponential templates).
  var subviewEntries = 0

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

  /// A finite number satisfying `requirement`.
  func number(_ node: SourceNode, _ key: String, _ requirement: Requirement = .any) -> Double? {
    guard case .scalar(let scalar, let location) = node, scalar.style == .plain || scalar.style == .any,
      !node.isNull, Bool.construct(from: scalar) == nil
    else {
      report(.wrongType(key: key, expected: "a number", got: node.summary), at: node.location)
      return nil
    }
    guard let value = Double.construct(from: scalar) ?? Double(scalar.string) else {
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
  func integer(_ node: SourceNode, _ key: String, _ requirement: Requirement = .any) -> Int? {
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

  /// Any scalar's text (numbers too: a title may be `2024`). Not a mapping or list.
  func string(_ node: SourceNode, _ key: String) -> String? {
    guard case .scalar(let scalar, _) = node, !node.isNull else {
      report(.wrongType(key: key, expected: "a string", got: node.summary), at: node.location)
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

  /// A list; a single non-list value is reported.
  func list(_ node: SourceNode, _ key: String) -> [SourceNode]? {
    if case .sequence(let items, _) = node { return items }
    if node.isNull { return [] }
    report(.wrongType(key: key, expected: "a list", got: node.summary), at: node.location)
    return nil
  }

  /// Exactly `count` numbers in a list, e.g. `[390, 844]`.
  func numbers(_ node: SourceNode, _ key: String, count: Int, shape: String, _ requirement: Requirement = .any) -> [Double]? {
    guard case .sequence(let items, let location) = node else {
      report(.wrongType(key: key, expected: shape, got: node.summary), at: node.location)
      return nil
    }
    guard items.count == count else {
      report(.malformed(key: key, expected: shape, got: "\(items.count) number\(items.count == 1 ? "" : "s")"), at: location)
      return nil
    }
    let values = items.map { number($0, key, requirement) }
    if values.contains(where: { $0 == nil }) { return nil }
    return values.map { $0! }
  }

  func point(_ node: SourceNode, _ key: String) -> Point? {
    numbers(node, key, count: 2, shape: "[x, y]").map { Point($0[0], $0[1]) }
  }

  func size(_ node: SourceNode, _ key: String, _ requirement: Requirement = .nonNegative) -> Size? {
    numbers(node, key, count: 2, shape: "[width, height]", requirement).map { Size($0[0], $0[1]) }
  }

  /// `[x, y, width, height]` with a non-negative size.
  func rect(_ node: SourceNode, _ key: String) -> Rect? {
    guard let v = numbers(node, key, count: 4, shape: "[x, y, width, height]") else { return nil }
    guard v[2] >= 0, v[3] >= 0 else {
      report(.outOfRange(key: "\(key) width and height", requirement: ">= 0", value: min(v[2], v[3])), at: node.location)
      return nil
    }
    return Rect(v[0], v[1], v[2], v[3])
  }

  /// `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"`, or a name from `namedColors`.
  func color(_ node: SourceNode, _ key: String) -> Color? {
    guard case .scalar(let scalar, let location) = node, !node.isNull else {
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
    if let c = namedColors[text] { return c }
    report(.notOneOf(key: key, value: text, allowed: namedColors.keys.sorted() + ["#RRGGBB", "#RRGGBBAA"]), at: location)
    return nil
  }
}

/// The keys present in one mapping, each at most once (the last one wins, as in YAML tools
/// that allow duplicates; Yams itself rejects them first).
struct Fields {
  let context: String
  let location: SourceLocation
  let entries: [String: SourceNode.Entry]
  /// Keys in the order they were written.
  let order: [String]

  subscript(key: String) -> SourceNode? { entries[key]?.value }

  func keyLocation(_ key: String) -> SourceLocation { entries[key]?.keyLocation ?? location }

  func has(_ key: String) -> Bool { entries[key] != nil }
}

/// What a number must satisfy, phrased for messages: "> 0", ">= 0", "in 0...1".
enum Requirement: CustomStringConvertible {
  case any
  case positive
  case nonNegative
  case atLeast(Double)
  case range(ClosedRange<Double>)
  case halfOpen(lower: Double, upper: Double)  // lower < x <= upper

  func admits(_ x: Double) -> Bool {
    switch self {
    case .any: true
    case .positive: x > 0
    case .nonNegative: x >= 0
    case .atLeast(let lo): x >= lo
    case .range(let r): r.contains(x)
    case .halfOpen(let lo, let hi): x > lo && x <= hi
    }
  }

  var description: String {
    switch self {
    case .any: "a number"
    case .positive: "> 0"
    case .nonNegative: ">= 0"
    case .atLeast(let lo): ">= \(formatNumber(lo))"
    case .range(let r): "in \(formatNumber(r.lowerBound))...\(formatNumber(r.upperBound))"
    case .halfOpen(let lo, let hi): "> \(formatNumber(lo)) and <= \(formatNumber(hi))"
    }
  }
}

/// Colour names a scene may use instead of hex: UIKit's system colours (light mode).
let namedColors: [String: Color] = [
  "clear": .clear, "black": .black, "white": .white,
  "systemBlue": Color(hex: "#007AFF")!, "systemRed": Color(hex: "#FF3B30")!,
  "systemGreen": Color(hex: "#34C759")!, "systemOrange": Color(hex: "#FF9500")!,
  "systemYellow": Color(hex: "#FFCC00")!, "systemPink": Color(hex: "#FF2D55")!,
  "systemGray": Color(hex: "#8E8E93")!, "systemGray2": Color(hex: "#AEAEB2")!,
  "systemGray3": Color(hex: "#C7C7CC")!, "systemGray4": Color(hex: "#D1D1D6")!,
  "systemGray5": Color(hex: "#E5E5EA")!, "systemGray6": Color(hex: "#F2F2F7")!,
  "label": .black, "secondaryLabel": Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6),
  "systemBackground": .white, "secondarySystemBackground": Color(hex: "#F2F2F7")!,
  "separator": Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29),
]
