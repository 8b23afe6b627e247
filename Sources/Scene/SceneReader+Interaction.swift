import Geometry

extension Reader {
  static var interactionKeys: [String] { SceneFormat.interaction.keyNames }

  /// - Parameter defaultProgress: the mapping when the scene gives no `progress` (a sheet
  ///   presentation's); nil: `progress` is required.
  func interaction(_ node: SourceNode, screens: [Screen], canvas: Canvas, matchedCount: Int, defaultProgress: ProgressSpec? = nil) -> InteractionSpec? {
    guard let f = fields(node, "interactive", allowed: Self.interactionKeys) else { return nil }
    let gesture = require(f, "gesture").flatMap(gesture) ?? []
    let progress = defaultProgress != nil && !f.has("progress")
      ? defaultProgress : require(f, "progress").flatMap { progressMapping($0, canvas: canvas) }
    var follow: [Follow] = []
    if let n = f["follow"] {
      let items: [SourceNode]
      if case .sequence(let list, _) = n { items = list } else { items = [n] }
      follow = items.compactMap { self.follow($0, screens: screens, matchedCount: matchedCount) }
    }
    var release = ReleaseSpec(anyOf: [[.init(.progress, .greater, 0.5)]])
    if let n = f["release"] { release = releaseRule(n) ?? release }
    let complete = f["complete"].map { settle($0, "complete") } ?? .remaining
    let cancel = f["cancel"].map { settle($0, "cancel") } ?? .remaining
    var background: BackgroundAnimator?
    if let n = f["background"] { background = backgroundAnimator(n, screens: screens) }
    let scrollView = f["scrollView"].flatMap { viewPath($0, "scrollView", screens: screens) }
    let slop = f["slop"].map { number($0, "slop", SceneFormat.interaction.range("slop")) } ?? InteractionSpec.defaultSlop
    let commit = f["commit"].map(commitRule)
    guard let progress, let complete, let cancel, let slop, commit != .some(nil) else { return nil }
    var spec = InteractionSpec(
      gesture: gesture, progress: progress, follow: follow, release: release, complete: complete,
      cancel: cancel, background: background, scrollView: scrollView, slop: slop, location: node.location)
    spec.commit = commit ?? nil
    return spec
  }

  /// `[{at: s, touch: down|move|up|cancel, point: [x, y]}]`, touch defaulting to move.
  private func gesture(_ node: SourceNode) -> [GestureEvent]? {
    guard let items = list(node, "gesture") else { return nil }
    if items.count > SceneLimits.maxGesturePoints {
      report(.limit(what: "the number of gesture points", value: Double(items.count), limit: Double(SceneLimits.maxGesturePoints), unit: ""), at: node.location)
      return nil
    }
    var events: [GestureEvent] = []
    var previous: Double?
    var touching = false
    // A point whose touch phase cannot be read leaves the finger's state unknown: the order
    // checks after it would only guess, so they stop.
    var orderKnown = true
    var last: (phase: GestureEvent.Phase, time: Double?, location: SourceLocation)?
    for item in items {
      guard let f = fields(item, "gesture point", allowed: SceneFormat.gesturePoint.keyNames) else { orderKnown = false; continue }
      let at = require(f, "at").flatMap { number($0, "at", SceneFormat.gesturePoint.range("at")) }
      let phase: GestureEvent.Phase? = f["touch"].map { word($0, "touch") } ?? .move
      let point = require(f, "point").flatMap { self.point($0, "point", SceneFormat.gesturePoint.range("point")) }
      guard let phase else { orderKnown = false; continue }
      if let at, let previous, at <= previous {
        if at < previous {
          report(.timeGoesBackwards(key: "gesture time", time: at, previous: previous), at: f["at"]!.location)
        } else {
          report(.gestureOrder(event: phase.rawValue, time: at, problem: "has the same time as the point before it (times must increase)"), at: f["at"]!.location)
        }
        continue
      }
      if let at { previous = at }
      if orderKnown, let at {
        switch phase {
        case .down:
          if touching {
            report(.gestureOrder(event: "down", time: at, problem: "comes while the finger is already down (lift it with 'touch: up' first)"), at: item.location)
          }
        case .move, .up, .cancel:
          if !touching {
            report(.gestureOrder(event: phase.rawValue, time: at, problem: "comes with no finger down (start with 'touch: down')"), at: item.location)
          }
        }
      }
      touching = phase == .down || phase == .move
      last = (phase, at, item.location)
      if let at, let point { events.append(GestureEvent(time: at, phase: phase, point: point, location: item.location)) }
    }
    if orderKnown, touching, let last, let time = last.time {
      report(.gestureOrder(event: last.phase.rawValue, time: time, problem: "is the last point and the finger never lifts (end with 'touch: up')"), at: last.location)
    }
    if events.isEmpty && diagnostics.isEmpty {
      report(.malformed(key: "gesture", expected: "at least a touch down and a touch up", got: "no points"), at: node.location)
    }
    return events
  }

  private func progressMapping(_ node: SourceNode, canvas: Canvas) -> ProgressSpec? {
    guard let f = fields(node, "progress", allowed: SceneFormat.progress.keyNames) else { return nil }
    let direction: ProgressSpec.Direction? = require(f, "direction").flatMap { word($0, "direction") }
    /// Points, or the canvas's `width` or `height`, or a layout expression (`width / 2`).
    func extent(_ n: SourceNode, _ key: String) -> Double? {
      let words = ["width", "height"]
      if case .scalar(let s, _) = n, words.contains(s.string) {
        return s.string == "width" ? canvas.size.width : canvas.size.height
      }
      if case .scalar(let s, let location) = n, !n.isNull,
        !(s.style == .plain || s.style == .any) || (Double.construct(from: s) ?? Double(s.string)) == nil,
        !LayoutExpression.isArithmetic(s.string)
      {
        report(.notNumberOrWord(key: key, got: n.summary, unit: "points", words: words, meaning: "the canvas's"), at: location)
        return nil
      }
      return number(n, key, SceneFormat.progress.range(key))
    }
    let distance = require(f, "distance").flatMap { extent($0, "distance") }
    let rubberBand = f["rubberBand"].map { extent($0, "rubberBand") }
    var clamp = 0.0...1.0
    if let n = f["clamp"], let v = numbers(n, "clamp", count: 2, shape: "[lower, upper]", SceneFormat.progress.range("clamp")) {
      if v[0] <= v[1] { clamp = v[0]...v[1] } else {
        report(.malformed(key: "clamp", expected: "[lower, upper] with lower <= upper", got: "[\(formatNumber(v[0])), \(formatNumber(v[1]))]"), at: n.location)
      }
    }
    let negative: ProgressSpec.Negative = f["negative"].flatMap { word($0, "negative") } ?? .clamp
    guard let direction, let distance, rubberBand != .some(nil) else { return nil }
    return ProgressSpec(direction: direction, distance: distance, clamp: clamp, negative: negative, rubberBand: rubberBand ?? nil)
  }

  private func follow(_ node: SourceNode, screens: [Screen], matchedCount: Int) -> Follow? {
    guard let f = fields(node, "follow", allowed: SceneFormat.follow.keyNames) else { return nil }
    var target: Follow.Target?
    if let n = require(f, "view"), let text = string(n, "view") {
      if text == "matched" || text.hasPrefix("matched[") {
        let index = text == "matched" ? 0 : Int(text.dropFirst("matched[".count).dropLast())
        if let index, text == "matched" || text.hasSuffix("]"), index >= 0, index < matchedCount {
          target = .matched(index)
        } else if matchedCount == 0 {
          report(.unknownReference(kind: "matched view", name: text, known: []), at: n.location)
        } else {
          report(.unknownReference(kind: "matched view", name: text, known: (0..<matchedCount).map { "matched[\($0)]" }), at: n.location)
        }
      } else if let path = viewPath(n, "view", screens: screens) {
        target = .view(path)
      }
    }
    let axes: Follow.Axes = f["axes"].flatMap { word($0, "axes") } ?? .xy
    var scaleFrom = 1.0, scaleTo = 1.0
    if let n = f["scale"], let g = fields(n, "follow scale", allowed: SceneFormat.followScale.keyNames) {
      if let a = g["from"] { scaleFrom = number(a, "scale from", SceneFormat.followScale.range("from")) ?? 1 }
      if let b = g["to"] { scaleTo = number(b, "scale to", SceneFormat.followScale.range("to")) ?? 1 }
    }
    let space: Follow.TranslationSpace = f["translation"].flatMap { word($0, "translation") } ?? .parent
    guard let target else { return nil }
    return Follow(target: target, axes: axes, scaleFrom: scaleFrom, scaleTo: scaleTo, translationSpace: space)
  }

  /// `{completeIf: {quantity: "> value", ...} or [ {...}, {...} ], decelerationRate: r}`.
  private func releaseRule(_ node: SourceNode) -> ReleaseSpec? {
    guard let f = fields(node, "release", allowed: SceneFormat.release.keyNames) else { return nil }
    var rule = ReleaseSpec(anyOf: [[.init(.progress, .greater, 0.5)]])
    if let n = f["decelerationRate"] { rule.decelerationRate = number(n, "decelerationRate", SceneFormat.release.range("decelerationRate")) ?? 0.998 }
    if let n = f["completeIf"] {
      let groups: [SourceNode]
      if case .sequence(let list, _) = n { groups = list } else { groups = [n] }
      var anyOf: [[ReleaseSpec.Condition]] = []
      for g in groups {
        guard case .mapping(let entries, _) = g else {
          report(.wrongType(key: "completeIf", expected: "a mapping like {progress: \"> 0.5\"} or a list of them", got: g.summary), at: g.location)
          continue
        }
        var all: [ReleaseSpec.Condition] = []
        for e in entries {
          guard let q = ReleaseSpec.Condition.Quantity(rawValue: e.key) else {
            report(.unknownKey(e.key, context: "completeIf", known: ReleaseSpec.Condition.Quantity.allCases.map(\.rawValue)), at: e.keyLocation)
            continue
          }
          if let c = condition(e.value, q) { all.append(c) }
        }
        anyOf.append(all)
      }
      rule.anyOf = anyOf
    }
    return rule
  }

  /// `"> 0.1"`, `">= -300"`, `"< 0.5"`.
  func condition(_ node: SourceNode, _ quantity: ReleaseSpec.Condition.Quantity) -> ReleaseSpec.Condition? {
    guard let text = string(node, quantity.rawValue) else { return nil }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    for op in [">=", "<=", ">", "<"] where trimmed.hasPrefix(op) {
      let rest = trimmed.dropFirst(op.count).trimmingCharacters(in: .whitespaces)
      if let v = Double(rest), v.isFinite {
        guard quantity.requirement.admits(v) else {
          report(.outOfRange(key: "the \(quantity.rawValue) threshold", requirement: quantity.requirement.description, value: v), at: node.location)
          return nil
        }
        return ReleaseSpec.Condition(quantity, ReleaseSpec.Condition.Comparison(rawValue: op)!, v)
      }
    }
    report(.malformed(key: quantity.rawValue, expected: "a comparison like \"> 0.1\" or \">= -300\"", got: "'\(text)'"), at: node.location)
    return nil
  }

  /// `remaining`, or a timing plus optional `handOffVelocity: true | false | perAxis`.
  private func settle(_ node: SourceNode, _ key: String) -> Settle? {
    if case .scalar(let s, _) = node, s.string == "remaining" { return .remaining }
    guard case .mapping(let entries, let location) = node else {
      report(.wrongType(key: key, expected: "'remaining' or a timing like {spring: {duration: 0.5, dampingRatio: 1}}", got: node.summary), at: node.location)
      return nil
    }
    var handOff = VelocityHandOff.none
    if let e = entries.last(where: { $0.key == "handOffVelocity" }) {
      if case .scalar(let s, _) = e.value, s.string == "perAxis" {
        handOff = .perAxis
      } else if case .scalar(let s, _) = e.value, s.style == .plain || s.style == .any, let b = Bool.construct(from: s) {
        handOff = b ? .progress : .none
      } else {
        report(.wrongType(key: "handOffVelocity", expected: "true, false or perAxis", got: e.value.summary), at: e.value.location)
      }
    }
    let rest = SourceNode.mapping(entries.filter { $0.key != "handOffVelocity" }, location)
    guard let timing = timing(rest, key) else { return nil }
    if handOff == .perAxis, case .curve = timing.kind,
       let e = entries.last(where: { $0.key == "handOffVelocity" }) {
      report(.malformed(key: "handOffVelocity", expected: "a spring for perAxis (a curve cannot start at a velocity)", got: "a curve"), at: e.value.location)
      return nil
    }
    return .timing(timing, handOffVelocity: handOff)
  }

  private func backgroundAnimator(_ node: SourceNode, screens: [Screen]) -> BackgroundAnimator? {
    guard let f = fields(node, "background", allowed: SceneFormat.background.keyNames) else { return nil }
    let timing = require(f, "timing").flatMap { self.timing($0, "timing") }
    var tracks: [Track] = []
    if let n = require(f, "tracks"), let items = list(n, "tracks") { tracks = items.compactMap { track($0, screens: screens) } }
    let continuation: BackgroundAnimator.Continuation = f["continue"].flatMap { word($0, "continue") } ?? .matchForeground
    guard let timing else { return nil }
    return BackgroundAnimator(timing: timing, tracks: tracks, continuation: continuation)
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
