import Motion

extension RestingPointsSpec {
  /// `transition.restingPoints`: `{progress: {name: p, ...}}` or `{positions: {name: points, ...}}`
  /// (coordinates on the gesture's axis, layout expressions allowed: p = 0 at the first and 1 at
  /// the last), with `start`, `end` and `decelerationRate`.
  static func read(_ node: SourceNode, interaction: InteractionSpec?, interactionNode: SourceNode?, in reader: Reader) -> RestingPointsSpec? {
    let table = SceneFormat.restingPoints
    guard let f = reader.fields(node, "restingPoints", allowed: table.keyNames) else { return nil }
    if f.has("progress") && f.has("positions") {
      reader.report(.conflictingKeys(["progress", "positions"], context: "restingPoints"), at: f.keyLocation("positions"))
      return nil
    }
    guard let key = f.has("progress") ? "progress" : (f.has("positions") ? "positions" : nil), let list = f[key] else {
      reader.report(.missingKey("progress' or 'positions", context: "restingPoints"), at: f.location)
      return nil
    }
    guard case .mapping(let entries, let listLocation) = list else {
      reader.report(.wrongType(key: key, expected: "a mapping of names to \(key == "progress" ? "progress values" : "points"), like {small: height - 120, large: safeTop + 10}", got: list.summary), at: list.location)
      return nil
    }
    var values: [(name: String, value: Double, location: SourceLocation?)] = []
    for e in entries {
      let requirement: Requirement = key == "progress" ? .progress : .coordinate
      if let v = reader.number(e.value, "resting point '\(e.key)'", requirement) { values.append((e.key, v, e.value.location)) }
    }
    guard values.count == entries.count else { return nil }
    guard values.count >= 2 else {
      reader.report(.malformed(key: key, expected: "at least two resting points", got: "\(values.count)"), at: listLocation)
      return nil
    }
    // Positions become progress: p = 0 at the first, 1 at the last, linear between.
    var progress = values.map(\.value)
    if key == "positions" {
      let first = values[0].value, last = values[values.count - 1].value
      guard first != last else {
        reader.report(.malformed(key: "positions", expected: "a last point other than the first (they give p = 0 and p = 1)", got: "both \(formatNumber(first))"), at: values[values.count - 1].location)
        return nil
      }
      progress = values.map { ($0.value - first) / (last - first) }
    }
    for i in values.indices.dropFirst() where progress[i] <= progress[i - 1] {
      let order = key == "progress" ? "increasing progress" : "order along the axis, from the first point to the last"
      reader.report(.malformed(key: "resting point '\(values[i].name)'", expected: "points listed in \(order)", got: "\(formatNumber(values[i].value)) after '\(values[i - 1].name)' at \(formatNumber(values[i - 1].value))"), at: values[i].location)
      return nil
    }
    let rate = f["decelerationRate"].flatMap { reader.number($0, "decelerationRate", table.range("decelerationRate")) } ?? GesturePhysics.normalDecelerationRate
    func index(_ k: String, default d: Int) -> Int? {
      guard let n = f[k] else { return d }
      guard let name = reader.string(n, k) else { return nil }
      guard let i = values.firstIndex(where: { $0.name == name }) else {
        reader.report(.unknownReference(kind: "resting point", name: name, known: values.map(\.name)), at: n.location)
        return nil
      }
      return i
    }
    let start = index("start", default: 0), end = index("end", default: values.count - 1)
    if let interaction, f.has("end") {
      reader.report(.malformed(key: "end", expected: "no 'end' with 'interactive' (the release picks the point)", got: "'end'"), at: f.keyLocation("end"))
    }
    guard let start, let end else { return nil }
    let points: RestingPoints
    do {
      points = try RestingPoints(zip(values, progress).map { RestingPoints.Point(name: $0.0.name, progress: $0.1) }, decelerationRate: rate)
    } catch {
      reader.report(.malformed(key: "restingPoints", expected: "valid resting points", got: "\(error)"), at: f.location)
      return nil
    }
    if let interaction { checkSettles(interaction, positions: key == "positions" ? values.map(\.value) : nil, node: interactionNode, at: f.location, in: reader) }
    return RestingPointsSpec(points: points, start: start, end: end, location: node.location)
  }

  /// What an interactive transition with resting points cannot have: a `remaining` complete
  /// (it runs only to 0 or 1), `perAxis` hand-off or a background animator (both settle to the
  /// ends); and positions that run against `progress.direction`.
  static func checkSettles(_ spec: InteractionSpec, positions: [Double]?, node: SourceNode?, at location: SourceLocation, in reader: Reader) {
    let fields = node.flatMap { n -> Fields? in
      guard case .mapping(let entries, let l) = n else { return nil }
      return Fields(context: "interactive", location: l, entries: Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { $1 }), order: [])
    }
    func at(_ key: String) -> SourceLocation { fields?.keyLocation(key) ?? location }
    if case .remaining = spec.complete {
      reader.report(.malformed(key: "complete", expected: "a timing with resting points, like {spring: {duration: 0.5, dampingRatio: 1}, handOffVelocity: true} ('remaining' runs only to p = 0 or 1)", got: fields?.has("complete") == true ? "'remaining'" : "none (default 'remaining')"), at: at("complete"))
    }
    for (key, settle) in [("complete", spec.complete), ("cancel", spec.cancel)] {
      if case .timing(_, .perAxis) = settle {
        reader.report(.malformed(key: "handOffVelocity", expected: "true or false with resting points (perAxis settles the followers to the ends)", got: "perAxis"), at: at(key))
      }
    }
    if spec.background != nil {
      reader.report(.malformed(key: "background", expected: "no background animator with resting points (it continues only to p = 0 or 1)", got: "one"), at: at("background"))
    }
    if let positions, let first = positions.first, let last = positions.last {
      let grows = last > first
      let expected: [ProgressSpec.Direction]
      switch spec.progress.direction {
      case .down, .right: expected = grows ? [] : [.up, .left]
      case .up, .left: expected = grows ? [.down, .right] : []
      case .horizontal, .vertical: expected = []
      }
      if !expected.isEmpty {
        reader.report(.malformed(
          key: "progress.direction",
          expected: "\(expected.map(\.rawValue).joined(separator: " or ")): the resting positions run from \(formatNumber(first)) to \(formatNumber(last)), so p grows as the coordinate \(grows ? "grows" : "falls")",
          got: "'\(spec.progress.direction.rawValue)'"), at: at("progress"))
      }
    }
  }
}
