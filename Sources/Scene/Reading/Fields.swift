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
