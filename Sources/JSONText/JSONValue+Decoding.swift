import Foundation

/// Reading JSON back (shard manifests), through Foundation's `JSONDecoder`. A number written
/// as an integer reads as `.int`, any other as `.number`; `canonicalText` prints an integral
/// double below 1e15 as an integer, so a canonical file read and printed again gives its own
/// bytes (shard manifests also carry the SHA-256 of what they embed, which assembly checks).
/// Object fields come back sorted by key (JSONDecoder keeps no order).
extension JSONValue: Decodable {
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let i = try? c.decode(Int.self) {
      self = .int(i)
    } else if let d = try? c.decode(Double.self) {
      self = .number(d)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([JSONValue].self) {
      self = .array(a)
    } else {
      let fields = try c.decode([String: JSONValue].self)
      self = .object(JSONObject(uniqueKeysWithValues: fields.sorted { $0.key < $1.key }))
    }
  }

  /// Parses JSON text; nil when it is not JSON.
  public static func parse(_ bytes: [UInt8]) -> JSONValue? {
    try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
  }
}
