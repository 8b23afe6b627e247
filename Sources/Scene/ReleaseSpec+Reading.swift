import Foundation

extension ReleaseSpec {
  /// `{completeIf: {quantity: "> value", ...} or [ {...}, {...} ], decelerationRate: r}`.
  static func read(_ node: SourceNode, in reader: Reader) -> ReleaseSpec? {
    guard let f = reader.fields(node, "release", allowed: SceneFormat.release.keyNames) else { return nil }
    var rule = ReleaseSpec(anyOf: [[.init(.progress, .greater, 0.5)]])
    if let n = f["decelerationRate"] { rule.decelerationRate = reader.number(n, "decelerationRate", SceneFormat.release.range("decelerationRate")) ?? 0.998 }
    if let n = f["completeIf"] {
      let groups: [SourceNode]
      if case .sequence(let list, _) = n { groups = list } else { groups = [n] }
      var anyOf: [[ReleaseSpec.Condition]] = []
      for g in groups {
        guard case .mapping(let entries, _) = g else {
          reader.report(.wrongType(key: "completeIf", expected: "a mapping like {progress: \"> 0.5\"} or a list of them", got: g.summary), at: g.location)
          continue
        }
        var all: [ReleaseSpec.Condition] = []
        for e in entries {
          guard let q = ReleaseSpec.Condition.Quantity(rawValue: e.key) else {
            reader.report(.unknownKey(e.key, context: "completeIf", known: ReleaseSpec.Condition.Quantity.allCases.map(\.rawValue)), at: e.keyLocation)
            continue
          }
          if let c = condition(e.value, q, in: reader) { all.append(c) }
        }
        anyOf.append(all)
      }
      rule.anyOf = anyOf
    }
    return rule
  }

  /// `"> 0.1"`, `">= -300"`, `"< 0.5"`.
  static func condition(_ node: SourceNode, _ quantity: ReleaseSpec.Condition.Quantity, in reader: Reader) -> ReleaseSpec.Condition? {
    guard let text = reader.string(node, quantity.rawValue) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    for op in [">=", "<=", ">", "<"] where trimmed.hasPrefix(op) {
      let rest = trimmed.dropFirst(op.count).trimmingCharacters(in: .whitespaces)
      if let v = Double(rest), v.isFinite {
        guard quantity.requirement.admits(v) else {
          reader.report(.outOfRange(key: "the \(quantity.rawValue) threshold", requirement: quantity.requirement.description, value: v), at: node.location)
          return nil
        }
        return ReleaseSpec.Condition(quantity, ReleaseSpec.Condition.Comparison(rawValue: op)!, v)
      }
    }
    reader.report(.malformed(key: quantity.rawValue, expected: "a comparison like \"> 0.1\" or \">= -300\"", got: "'\(text)'"), at: node.location)
    return nil
  }

  /// `interactive.commit`: a mapping of conditions (all must hold) or a list of them (any
  /// one), in `completeIf`'s syntax, checked while the finger is down.
  static func readCommit(_ node: SourceNode, in reader: Reader) -> [[ReleaseSpec.Condition]]? {
    let groups: [SourceNode]
    if case .sequence(let list, _) = node { groups = list } else { groups = [node] }
    var anyOf: [[ReleaseSpec.Condition]] = []
    var ok = true
    for g in groups {
      guard case .mapping(let entries, _) = g, !entries.isEmpty else {
        reader.report(.wrongType(key: "commit", expected: "a mapping like {progress: \"> 0.6\"} or a list of them", got: g.summary), at: g.location)
        ok = false
        continue
      }
      var all: [ReleaseSpec.Condition] = []
      for e in entries {
        guard let q = ReleaseSpec.Condition.Quantity(rawValue: e.key) else {
          reader.report(.unknownKey(e.key, context: "commit", known: ReleaseSpec.Condition.Quantity.allCases.map(\.rawValue)), at: e.keyLocation)
          ok = false
          continue
        }
        if let c = condition(e.value, q, in: reader) { all.append(c) } else { ok = false }
      }
      anyOf.append(all)
    }
    return ok ? anyOf : nil
  }
}

extension ReleaseSpec.Condition.Quantity {
  /// The range of a threshold on this quantity.
  var requirement: Requirement {
    switch self {
    case .progress, .projectedProgress: .progress
    case .velocityX, .velocityY: .velocity
    case .translationX, .translationY: .coordinate
    }
  }
}
