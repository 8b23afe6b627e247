import Yams

/// One override: a path into the scene's tree (`transition.interactive.gesture[3].point`)
/// and the value to put there. Variants and `--set` options are both lists of these,
/// applied to the tree before it is read, so every value keeps its own location.
struct Override {
  var path: String
  var value: SourceNode
  /// Where to point when the path itself is wrong.
  var location: SourceLocation
}

enum OverridePath {
  enum Step: Equatable { case key(String), index(Int) }

  /// `a.b[2].c` -> key a, key b, index 2, key c; nil if malformed.
  static func steps(_ path: String) -> [Step]? {
    var steps: [Step] = []
    var name = ""
    var chars = Array(path)[...]
    while let c = chars.first {
      chars = chars.dropFirst()
      switch c {
      case ".":
        if !name.isEmpty { steps.append(.key(name)); name = "" } else if steps.last.map({ if case .index = $0 { true } else { false } }) != true { return nil }
      case "[":
        if !name.isEmpty { steps.append(.key(name)); name = "" }
        guard let close = chars.firstIndex(of: "]"), let n = Int(String(chars[chars.startIndex..<close])), n >= 0 else { return nil }
        steps.append(.index(n))
        chars = chars[(close + 1)...]
      default:
        name.append(c)
      }
    }
    if !name.isEmpty { steps.append(.key(name)) }
    return steps.isEmpty ? nil : steps
  }

  /// Applies one override to `root`, or says why it cannot.
  static func apply(_ override: Override, to root: inout SourceNode) -> SceneDiagnostic? {
    guard let steps = steps(override.path) else {
      return SceneDiagnostic(.badOverride(path: override.path, problem: "write a path like 'transition.timing.spring.duration' or 'transition.interactive.gesture[3].point'"), at: override.location)
    }
    var problem: String?
    root = set(root, steps[...], override.value, keyLocation: override.location, walked: "", problem: &problem)
    return problem.map { SceneDiagnostic(.badOverride(path: override.path, problem: $0), at: override.location) }
  }

  private static func set(_ node: SourceNode, _ steps: ArraySlice<Step>, _ value: SourceNode, keyLocation: SourceLocation, walked: String, problem: inout String?) -> SourceNode {
    guard let step = steps.first else { return value }
    switch (step, node) {
    case (.key, .mapping(var entries, let location)):
      // Keys may contain dots ("velocity.y"): try the longest run of steps that names a key.
      var keys: [String] = []
      for s in steps { if case .key(let k) = s { keys.append(k) } else { break } }
      for n in stride(from: keys.count, through: 1, by: -1) {
        let key = keys[0..<n].joined(separator: ".")
        if let i = entries.lastIndex(where: { $0.key == key }) {
          entries[i].value = set(entries[i].value, steps.dropFirst(n), value, keyLocation: keyLocation, walked: join(walked, key), problem: &problem)
          return .mapping(entries, location)
        }
      }
      // A new key: the rest of the path is built as mappings.
      let key = keys[0]
      let built = set(.mapping([], value.location), steps.dropFirst(), value, keyLocation: keyLocation, walked: join(walked, key), problem: &problem)
      entries.append(.init(key: key, keyLocation: keyLocation, value: steps.count == 1 ? value : built))
      return .mapping(entries, location)
    case (.key, _) where node.isNull:
      return set(.mapping([], node.location), steps, value, keyLocation: keyLocation, walked: walked, problem: &problem)
    case (.index(let i), .sequence(var items, let location)):
      if i < items.count {
        items[i] = set(items[i], steps.dropFirst(), value, keyLocation: keyLocation, walked: walked + "[\(i)]", problem: &problem)
      } else if i == items.count {
        items.append(set(.mapping([], value.location), steps.dropFirst(), value, keyLocation: keyLocation, walked: walked + "[\(i)]", problem: &problem))
      } else {
        problem = "'\(walked)' has \(items.count) item\(items.count == 1 ? "" : "s") (indices 0...\(items.count - 1))"
      }
      return .sequence(items, location)
    case (.key(let k), _):
      problem = "'\(walked)' is \(node.summary), which has no key '\(k)'"
      return node
    case (.index, _):
      problem = "'\(walked)' is \(node.summary), not a list"
      return node
    }
  }

  private static func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : a + "." + b }
}
