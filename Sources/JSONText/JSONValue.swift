import OrderedCollections

/// A JSON object: its fields in the order they were added. `canonicalText` prints them sorted
/// by key; `text(indent:)` in this order.
public typealias JSONObject = OrderedDictionary<String, JSONValue>

/// A JSON value: the one type for every JSON Flipbook writes or reads (manifest.json, shard
/// manifests, metrics, page data, the JSON Schema). Two printers share it: `canonicalText`
/// (sorted keys, one value a line: the same value always gives the same bytes) and
/// `text(indent:)` (fields in order, short arrays on one line: the schema).
public enum JSONValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  case null
  case bool(Bool)
  /// A number written as an integer.
  case int(Int)
  /// Non-finite numbers print as `null` (JSON has no NaN or infinity).
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  public init(stringLiteral value: String) { self = .string(value) }
  /// An integer literal is a number (`.number`), as the scene format's defaults write them.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .ordered(elements) }

  /// An object with `pairs` in their order; a key given twice keeps its first place and its
  /// last value.
  public static func ordered(_ pairs: [(String, JSONValue)]) -> JSONValue {
    var fields = JSONObject()
    for (key, value) in pairs { fields[key] = value }
    return .object(fields)
  }

  /// The field `key` of an object, else nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let fields) = self { return fields[key] }
    return nil
  }

  public var intValue: Int? {
    if case .int(let i) = self { return i }
    return nil
  }

  public var doubleValue: Double? {
    switch self {
    case .int(let i): return Double(i)
    case .number(let d): return d
    default: return nil
    }
  }

  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}

extension JSONObject {
  /// No fields (for default arguments in modules that do not import OrderedCollections).
  public static var empty: JSONObject { [:] }
}
