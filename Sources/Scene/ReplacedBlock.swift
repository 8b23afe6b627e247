/// A key missing from a block that an override (a variant's, or `--set`'s) replaced as a whole,
/// while the scene as written has it: overrides set values, they do not merge blocks, so a
/// variant that writes `transition.interactive: {gesture: ...}` loses the base's `progress`.
/// Found after reading so the error can say so and name the narrower path to write instead.
enum ReplacedBlock {
  /// `diagnostics` with each such `missingKey` rewritten as `missingKeyInReplacedBlock`.
  /// `original` is the tree before any override.
  static func explain(_ diagnostics: [SceneDiagnostic], overrides: [(override: Override, source: String)], original: SourceNode)
    -> [SceneDiagnostic]
  {
    diagnostics.map { d in
      guard case .missingKey(let key, let context) = d.kind, let location = d.location else { return d }
      for (o, source) in overrides.reversed() {
        guard let relative = path(to: location, in: o.value), let steps = OverridePath.steps(o.path),
          let written = lookup(original, steps: steps + relative), written[key] != nil
        else { continue }
        var block = o.path
        for step in relative {
          switch step {
          case .key(let k): block += "." + k
          case .index(let n): block += "[\(n)]"
          }
        }
        guard case .mapping(let entries, _) = lookup(o.value, steps: relative) else { continue }
        var out = d
        out.kind = .missingKeyInReplacedBlock(key, context: context, source: source, block: block, written: entries.map(\.key))
        return out
      }
      return d
    }
  }

  /// The steps from `node` to the mapping that starts at `location`, or nil when none does.
  private static func path(to location: SourceLocation, in node: SourceNode) -> [OverridePath.Step]? {
    if case .mapping = node, node.location == location { return [] }
    switch node {
    case .mapping(let entries, _):
      for e in entries { if let rest = path(to: location, in: e.value) { return [.key(e.key)] + rest } }
    case .sequence(let items, _):
      for (i, item) in items.enumerated() { if let rest = path(to: location, in: item) { return [.index(i)] + rest } }
    case .scalar:
      break
    }
    return nil
  }

  /// The node at `steps` below `node` (a key may contain dots, `velocity.y`, as overrides
  /// allow), or nil.
  private static func lookup(_ node: SourceNode, steps: [OverridePath.Step]) -> SourceNode? {
    var node = node
    var i = 0
    while i < steps.count {
      switch (steps[i], node) {
      case (.index(let n), .sequence(let items, _)):
        guard n < items.count else { return nil }
        node = items[n]
        i += 1
      case (.key, .mapping(let entries, _)):
        // The entry spelling the longest run of key steps, as `OverridePath.apply` picks it.
        var best: (value: SourceNode, steps: Int)?
        for e in entries {
          var n = 0
          for part in e.key.split(separator: ".", omittingEmptySubsequences: false) {
            guard i + n < steps.count, case .key(let k) = steps[i + n], k == part else { n = 0; break }
            n += 1
          }
          if n > 0, n >= (best?.steps ?? 1) { best = (e.value, n) }
        }
        guard let best else { return nil }
        node = best.value
        i += best.steps
      default:
        return nil
      }
    }
    return node
  }
}
