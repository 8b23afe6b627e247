/// The scalars inside a YAML value written as text (an override's value), each with the dotted
/// path that leads to it inside the value: `{spring: {duration: 0.3, dampingRatio: 0.8}}` ->
/// `spring.duration 0.3`, `spring.dampingRatio 0.8`; `[1, 2]` -> `[0] 1`, `[1] 2`; a scalar is
/// one leaf with an empty path. Used to label comparison cells by the part of a value that
/// differs between them.
public enum ValueLeaves {
  public struct Leaf: Hashable, Sendable {
    /// Steps inside the value, `spring.duration` or `[1]`; empty for a plain scalar.
    public var path: String
    /// The scalar as written.
    public var text: String
  }

  /// The leaves in document order; nil when `yaml` does not parse.
  public static func of(_ yaml: String) -> [Leaf]? {
    guard case .success(let node) = SourceParser.parse(yaml, origin: .snippet("value")) else { return nil }
    guard let node else { return [Leaf(path: "", text: "")] }
    var leaves: [Leaf] = []
    collect(node, path: "", into: &leaves)
    return leaves
  }

  private static func collect(_ node: SourceNode, path: String, into leaves: inout [Leaf]) {
    switch node {
    case .scalar(let s, _):
      leaves.append(Leaf(path: path, text: s.string))
    case .mapping(let entries, _):
      for e in entries { collect(e.value, path: path.isEmpty ? e.key : path + "." + e.key, into: &leaves) }
    case .sequence(let items, _):
      for (i, item) in items.enumerated() { collect(item, path: path + "[\(i)]", into: &leaves) }
    }
  }
}
