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

  /// Applies one override to `root`, or says why it cannot. Time is linear in the path's
  /// length and the sizes of the mappings it walks through.
  static func apply(_ override: Override, to root: inout SourceNode) -> SceneDiagnostic? {
    guard let steps = steps(override.path) else {
      return SceneDiagnostic(.badOverride(path: override.path, problem: "write a path like 'transition.timing.spring.duration' or 'transition.interactive.gesture[3].point'"), at: override.location)
    }
    guard steps.count <= SceneLimits.maxOverrideSteps else {
      return SceneDiagnostic(.limit(what: "the override path's number of steps", value: Double(steps.count), limit: Double(SceneLimits.maxOverrideSteps), unit: ""), at: override.location)
    }
    var problem: String?
    root = set(root, steps, 0, override.value, keyLocation: override.location, problem: &problem)
    return problem.map { SceneDiagnostic(.badOverride(path: override.path, problem: $0), at: override.location) }
  }

  /// How many of the key steps from `steps[i]` on spell `key` when joined with dots (keys may
  /// contain dots, like "velocity.y"), or nil.
  private static func stepsSpelling(_ key: String, _ steps: [Step], from i: Int) -> Int? {
    var n = 0
    for part in key.split(separator: ".", omittingEmptySubsequences: false) {
      guard i + n < steps.count, case .key(let k) = steps[i + n], k == part else { return nil }
      n += 1
    }
    return n
  }

  /// The path walked before `steps[i]`, for messages: `transition.gesture[3]`.
  private static func walked(_ steps: [Step], _ i: Int) -> String {
    var text = ""
    for step in steps[..<i] {
      switch step {
      case .key(let k): text += text.isEmpty ? k : "." + k
      case .index(let n): text += "[\(n)]"
      }
    }
    return text
  }

  private static func set(_ node: SourceNode, _ steps: [Step], _ i: Int, _ value: SourceNode, keyLocation: SourceLocation, problem: inout String?) -> SourceNode {
    guard i < steps.count else { return value }
    switch (steps[i], node) {
    case (.key(let first), .mapping(var entries, let location)):
      // The entry naming the longest run of steps (the last one written among equals).
      var best: (index: Int, steps: Int)?
      for (j, entry) in entries.enumerated() {
        if let n = stepsSpelling(entry.key, steps, from: i), n >= (best?.steps ?? 1) { best = (j, n) }
      }
      if let (j, n) = best {
        entries[j].value = set(entries[j].value, steps, i + n, value, keyLocation: keyLocation, problem: &problem)
        return .mapping(entries, location)
      }
      // A new key: the rest of the path is built as mappings.
      let built = i + 1 == steps.count ? value : set(.mapping([], value.location), steps, i + 1, value, keyLocation: keyLocation, problem: &problem)
      entries.append(.init(key: first, keyLocation: keyLocation, value: built))
      return .mapping(entries, location)
    case (.key, _) where node.isNull:
      return set(.mapping([], node.location), steps, i, value, keyLocation: keyLocation, problem: &problem)
    case (.index(let k), .sequence(var items, let location)):
      if k < items.count {
        items[k] = set(items[k], steps, i + 1, value, keyLocation: keyLocation, problem: &problem)
      } else if k == items.count {
        items.append(set(.mapping([], value.location), steps, i + 1, value, keyLocation: keyLocation, problem: &problem))
      } else {
        problem = "'\(walked(steps, i))' has \(items.count) item\(items.count == 1 ? "" : "s") (indices 0...\(items.count - 1))"
      }
      return .sequence(items, location)
    case (.key(let k), _):
      problem = "'\(walked(steps, i))' is \(node.summary), which has no key '\(k)'"
      return node
    case (.index, _):
      problem = "'\(walked(steps, i))' is \(node.summary), not a list"
      return node
    }
  }
}
