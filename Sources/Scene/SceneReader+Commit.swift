extension Reader {
  /// `interactive.commit`: a mapping of conditions (all must hold) or a list of them (any
  /// one), in `completeIf`'s syntax, checked while the finger is down.
  func commitRule(_ node: SourceNode) -> [[ReleaseSpec.Condition]]? {
    let groups: [SourceNode]
    if case .sequence(let list, _) = node { groups = list } else { groups = [node] }
    var anyOf: [[ReleaseSpec.Condition]] = []
    var ok = true
    for g in groups {
      guard case .mapping(let entries, _) = g, !entries.isEmpty else {
        report(.wrongType(key: "commit", expected: "a mapping like {progress: \"> 0.6\"} or a list of them", got: g.summary), at: g.location)
        ok = false
        continue
      }
      var all: [ReleaseSpec.Condition] = []
      for e in entries {
        guard let q = ReleaseSpec.Condition.Quantity(rawValue: e.key) else {
          report(.unknownKey(e.key, context: "commit", known: ReleaseSpec.Condition.Quantity.allCases.map(\.rawValue)), at: e.keyLocation)
          ok = false
          continue
        }
        if let c = condition(e.value, q) { all.append(c) } else { ok = false }
      }
      anyOf.append(all)
    }
    return ok ? anyOf : nil
  }
}
