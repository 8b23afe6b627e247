import JSONText

/// The scene format's tables as a JSON Schema (draft 2020-12): what `flipbook schema` prints
/// and docs/scene.schema.json holds, for editors (yaml-language-server) to complete and explain
/// keys. Every mapping is a `$defs` entry named after its table; numbers carry their ranges,
/// words their `enum`, keys their defaults and descriptions (with units).
extension SceneFormat {
  /// The schema as pretty-printed JSON text, ending in a newline.
  public static func jsonSchema() -> String { SchemaBuilder().document().text() + "\n" }
}

/// Builds the schema, collecting each table once under `$defs`.
private final class SchemaBuilder {
  private var definitions: [(String, JSONValue)] = []
  private var defined: Set<String> = []

  func document() -> JSONValue {
    let top = SceneFormat.top
    var root: [(String, JSONValue)] = [
      ("$schema", "https://json-schema.org/draft/2020-12/schema"),
      ("title", "Flipbook scene"),
    ]
    root += table(top)
    // The named types that tables refer to.
    define("screen", SceneFormat.screen)
    define("subview", .ordered(subview()))
    define("timing", SceneFormat.timing)
    define("settleTiming", SceneFormat.settleTiming)
    define("color", .ordered(color()))
    define("layoutExpression", .ordered(layoutExpression()))
    root.append(("$defs", .ordered(definitions.sorted { $0.0 < $1.0 })))
    return .ordered(root)
  }

  // MARK: Tables

  private func define(_ name: String, _ table: FormatTable) {
    guard !defined.contains(name) else { return }
    defined.insert(name)
    definitions.append((name, .placeholder))
    let body = JSONValue.ordered(self.table(table))
    definitions[definitions.firstIndex { $0.0 == name }!] = (name, body)
  }

  private func define(_ name: String, _ body: @autoclosure () -> JSONValue) {
    guard !defined.contains(name) else { return }
    defined.insert(name)
    definitions.append((name, body()))
  }

  /// A table's schema: its keys as properties, nothing else allowed.
  private func table(_ t: FormatTable) -> [(String, JSONValue)] {
    var out: [(String, JSONValue)] = [
      ("type", t.allowsNull ? ["object", "null"] : "object"),
      ("description", .string(t.doc)),
      ("properties", .ordered(t.keys.map { ($0.name, .ordered(key($0))) })),
      ("additionalProperties", false),
    ]
    let required = t.keys.filter(\.isRequired).map { JSONValue.string($0.name) }
    if !required.isEmpty { out.append(("required", .array(required))) }
    if !t.alternatives.isEmpty {
      out.append(("anyOf", .array(t.alternatives.map { group in ["required": .array(group.map { .string($0) })] })))
    }
    if t.keys.contains(where: { if case .propertyValue = $0.type { true } else { false } }), t.keyNames.contains("property") {
      out.append(("allOf", .array(trackValueRules())))
    }
    return out
  }

  /// The name a table is defined under: its title in camel case ("label view" -> "labelView").
  private func definitionName(_ t: FormatTable) -> String {
    let words = t.title.split(separator: " ")
    return words.enumerated().map { i, w in i == 0 ? String(w) : w.prefix(1).uppercased() + w.dropFirst() }.joined()
  }

  private func key(_ k: FormatKey) -> [(String, JSONValue)] {
    var out = type(k.type)
    var doc = k.doc
    if let note = note(k.type) { doc += " (" + note + ")" }
    out.append(("description", .string(doc)))
    if let d = k.defaultValue { out.append(("default", d)) }
    return out
  }

  /// Units and ranges said in words, for hover texts.
  private func note(_ type: FormatType) -> String? {
    switch type {
    case .number(let r, let unit): return (unit.isEmpty ? "" : unit + ", ") + r.description
    case .integer(let r): return "a whole number " + r.description
    case .numbers(let items, let unit):
      let names = "[" + items.map(\.name).joined(separator: ", ") + "]"
      let ranges = Set(items.map(\.requirement.description))
      return names + (unit.isEmpty ? "" : " " + unit) + ", " + (ranges.count == 1 ? "each " + ranges.first! : items.map { "\($0.name) \($0.requirement.description)" }.joined(separator: ", "))
    default: return nil
    }
  }

  // MARK: Types

  private func type(_ t: FormatType) -> [(String, JSONValue)] {
    switch t {
    case .number(let r, _): return number("number", r)
    case .integer(let r): return number("integer", r)
    case .bool: return [("type", "boolean")]
    case .text: return [("type", ["string", "number", "boolean"]), ("maxLength", .number(Double(SceneLimits.maxTextLength)))]
    case .name: return [("type", "string"), ("maxLength", .number(Double(SceneLimits.maxTextLength)))]
    case .color: return [("$ref", "#/$defs/color")]
    case .word(let words): return words.count == 1 ? [("const", .string(words[0]))] : [("enum", .array(words.map { .string($0) }))]
    case .numbers(let items, _):
      return [
        ("type", "array"),
        ("prefixItems", .array(items.map { .ordered(number("number", $0.requirement) + [("description", .string($0.name))]) })),
        ("minItems", .number(Double(items.count))), ("maxItems", .number(Double(items.count))),
      ]
    case .list(let item, let min, let max):
      var out: [(String, JSONValue)] = [("type", ["array", "null"]), ("items", .ordered(type(item)))]
      if let min { out.append(("minItems", .number(Double(min)))) }
      if let max { out.append(("maxItems", .number(Double(max)))) }
      return out
    case .table(let t):
      let name = definitionName(t)
      define(name, t)
      return [("$ref", .string("#/$defs/" + name))]
    case .dictionary(let value):
      return [("type", "object"), ("additionalProperties", .ordered(type(value)))]
    case .either(let types): return [("anyOf", .array(types.map { .ordered(type($0)) }))]
    case .reference(let name): return [("$ref", .string("#/$defs/" + name))]
    case .anything: return []
    case .propertyValue:
      let kinds: [FormatType] = [.number(.coordinate, unit: ""), SceneFormat.point(), SceneFormat.size, SceneFormat.rect, .color]
      return [("anyOf", .array(kinds.map { .ordered(type($0).filter { $0.0 != "minimum" && $0.0 != "maximum" }) }))]
    case .comparison:
      return [("type", "string"), ("pattern", #"^\s*(>=|<=|>|<)\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$"#)]
    }
  }

  /// A number (or whole number) in `r`, or a layout expression's text: the bounds apply to
  /// numbers only (JSON Schema's `minimum` ignores strings); the reader checks an
  /// expression's value against them.
  private func number(_ kind: JSONValue, _ r: Requirement) -> [(String, JSONValue)] {
    [("anyOf", [["type": kind], ["$ref": "#/$defs/layoutExpression"]])] + bounds(r)
  }

  private func bounds(_ r: Requirement) -> [(String, JSONValue)] {
    switch r {
    case .range(let c): [("minimum", .number(c.lowerBound)), ("maximum", .number(c.upperBound))]
    case .halfOpen(let lo, let hi): [("exclusiveMinimum", .number(lo)), ("maximum", .number(hi))]
    case .open(let lo, let hi): [("exclusiveMinimum", .number(lo)), ("exclusiveMaximum", .number(hi))]
    }
  }

  /// A track's `from`, `to` and keyframe values by its property: the same value kinds and
  /// ranges the reader reads them with (`AnimatedProperty.valueKind`, `.requirement`).
  private func trackValueRules() -> [JSONValue] {
    var groups: [(schema: [(String, JSONValue)], properties: [String])] = []
    for p in AnimatedProperty.allCases {
      let value: FormatType
      switch p.valueKind {
      case .number: value = .number(p.requirement, unit: "")
      case .point: value = SceneFormat.point()
      case .size: value = SceneFormat.size
      case .rect: value = SceneFormat.rect
      case .color: value = .color
      }
      let schema = type(value)
      if let i = groups.firstIndex(where: { JSONValue.ordered($0.schema) == .ordered(schema) }) {
        groups[i].properties.append(p.rawValue)
      } else {
        groups.append((schema, [p.rawValue]))
      }
    }
    return groups.map { group in
      let value = JSONValue.ordered(group.schema)
      return [
        "if": ["properties": ["property": ["enum": .array(group.properties.map { .string($0) })]], "required": ["property"]],
        "then": [
          "properties": [
            "from": value, "to": value,
            "keyframes": ["items": ["properties": ["value": value]]],
          ],
        ],
      ]
    }
  }

  // MARK: Special shapes

  /// A subview entry: one view kind or component and its properties.
  private func subview() -> [(String, JSONValue)] {
    var kinds: [(String, JSONValue)] = []
    for (kind, t) in SceneFormat.viewKinds {
      kinds.append((kind, .ordered(type(.table(t)))))
    }
    for c in BuiltInComponent.all {
      kinds.append((c.kind, .ordered(type(.table(c.format)))))
    }
    return [
      ("type", "object"),
      ("description", "One view: its kind (view, image, label, gradient, path, symbol, a built-in component or one of the scene's components) and its properties."),
      ("minProperties", 1), ("maxProperties", 1),
      ("properties", .ordered(kinds)),
      ("additionalProperties", ["type": ["object", "null"], "description": "A component the scene defines under `components`, with its arguments."]),
    ]
  }

  /// A layout expression (`width - 32`): its characters and names (`LayoutExpression`).
  private func layoutExpression() -> [(String, JSONValue)] {
    [
      ("type", "string"),
      ("description", .string("Arithmetic on the screen's layout names, evaluated for the scene's device: + - * / ( ), sqrt, min, max, numbers and " + LayoutExpression.names.joined(separator: ", ") + " (docs/scene-format.md, \"Layout expressions\").")),
      ("pattern", .string(LayoutExpression.schemaPattern)),
    ]
  }

  /// A colour: hex or a name.
  private func color() -> [(String, JSONValue)] {
    [
      ("description", "\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" (quoted: # starts a YAML comment) or a UIKit colour name (light mode)."),
      ("anyOf", [
        ["type": "string", "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"],
        ["enum": .array(namedColorNames.map { .string($0) })],
      ]),
    ]
  }
}

extension JSONValue {
  /// A slot reserved for a definition being built (definitions may refer to themselves).
  fileprivate static let placeholder = JSONValue.null
}
