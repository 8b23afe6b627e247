import JSONText

/// The scene format as data: every mapping's keys with their types, ranges, defaults, words
/// and descriptions. `Reader` takes each mapping's allowed keys and each number's range from
/// these tables, and `SceneFormat.jsonSchema()` prints them as a JSON Schema (`flipbook
/// schema`), so what `check` accepts and what an editor suggests cannot drift apart.
/// What the tables cannot say (a view path that names no view, keys that conflict, times
/// that go backwards) is checked by the reader's code alone.
indirect enum FormatType: Sendable {
  /// A finite number in `requirement`, in `unit` ("pt", "s", "" for a plain number).
  case number(Requirement, unit: String)
  /// A whole number in `requirement`.
  case integer(Requirement)
  case bool
  /// Any scalar's text (a title may be `2024`), at most `SceneLimits.maxTextLength` characters.
  case text
  /// A name of letters, digits, `_` and `-` (an id, a screen, an asset).
  case name
  /// `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"` or a colour name (`namedColorNames`).
  case color
  /// One of these words.
  case word([String])
  /// A list of exactly these numbers (`[x, y]`, `[x, y, width, height]`), each named and ranged.
  case numbers([(name: String, requirement: Requirement)], unit: String)
  /// A list of items, optionally bounded in length.
  case list(FormatType, min: Int? = nil, max: Int? = nil)
  /// A mapping with the keys of a table.
  case table(FormatTable)
  /// A mapping of names the scene chooses to values of one type (`assets`, `screens`).
  case dictionary(FormatType)
  /// Any of these types.
  case either([FormatType])
  /// A type defined once under this name (`$defs` in the schema): views, timings, tracks.
  case reference(String)
  /// Any value (a variant's override, a component's argument), described.
  case anything
  /// A track's value, of the type its `property` says (`AnimatedProperty.valueKind`).
  case propertyValue
  /// A release condition, `"OP value"` with OP one of `>`, `>=`, `<`, `<=` and the value in
  /// `requirement`.
  case comparison(Requirement)
}

/// One key of a mapping.
struct FormatKey: Sendable {
  let name: String
  let type: FormatType
  var isRequired = false
  /// The value used when the key is absent (nil: none, or one computed from elsewhere, as
  /// `doc` then says).
  var defaultValue: JSONValue?
  /// What the key means, with its unit.
  let doc: String

  init(_ name: String, _ type: FormatType, required: Bool = false, default defaultValue: JSONValue? = nil, _ doc: String) {
    self.name = name; self.type = type; self.isRequired = required; self.defaultValue = defaultValue; self.doc = doc
  }
}

/// The keys of one kind of mapping (the canvas, a label view, a spring).
struct FormatTable: Sendable {
  /// How messages and the schema name the mapping ("canvas", "label view").
  let title: String
  let doc: String
  let keys: [FormatKey]
  /// Whether a null value (`statusBar:` with nothing after it) reads as an empty mapping.
  var allowsNull = true
  /// Groups of keys of which the mapping must have one group complete (a view's `frame`, or
  /// `position` and `bounds`); empty when any will do. The reader checks it in code.
  var alternatives: [[String]] = []

  init(_ title: String, _ doc: String, _ keys: [FormatKey], allowsNull: Bool = true, alternatives: [[String]] = []) {
    self.title = title; self.doc = doc; self.keys = keys; self.allowsNull = allowsNull; self.alternatives = alternatives
  }

  /// The key names in the order the docs list them: what `Reader.fields` allows.
  var keyNames: [String] { keys.map(\.name) }

  /// The key `name`; a name missing from the table is a programming error.
  subscript(name: String) -> FormatKey {
    guard let key = keys.first(where: { $0.name == name }) else { fatalError("no key '\(name)' in the \(title) table") }
    return key
  }

  /// The range of the number (or whole number, or each number of a list) at `name`.
  func range(_ name: String) -> Requirement {
    func find(_ type: FormatType) -> Requirement? {
      switch type {
      case .number(let r, _), .integer(let r): return r
      case .numbers(let items, _): return items.first?.requirement
      case .list(let item, _, _): return find(item)
      case .either(let types): return types.lazy.compactMap(find).first
      default: return nil
      }
    }
    guard let r = find(self[name].type) else { fatalError("key '\(name)' of the \(title) table holds no number") }
    return r
  }

  /// The same table with more keys (a view kind's keys after every view's).
  func adding(_ title: String, _ doc: String, _ more: [FormatKey], removing: [String] = [], alternatives: [[String]]? = nil) -> FormatTable {
    FormatTable(title, doc, keys.filter { !removing.contains($0.name) } + more, allowsNull: allowsNull, alternatives: alternatives ?? self.alternatives)
  }
}
