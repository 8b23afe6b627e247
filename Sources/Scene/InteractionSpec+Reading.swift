import Geometry

extension InteractionSpec {
  static var keys: [String] { SceneFormat.interaction.keyNames }

  /// - Parameter defaultProgress: the mapping when the scene gives no `progress` (a sheet
  ///   presentation's); nil: `progress` is required.
  static func read(
    _ node: SourceNode, screens: [Screen], canvas: Canvas, matchedCount: Int, defaultProgress: ProgressSpec? = nil, in reader: SceneReader
  ) -> InteractionSpec? {
    guard let f = reader.fields(node, "interactive", allowed: Self.keys) else { return nil }
    let gesture = reader.require(f, "gesture").flatMap { Self.gesture($0, in: reader) } ?? []
    let progress = defaultProgress != nil && !f.has("progress")
      ? defaultProgress : reader.require(f, "progress").flatMap { ProgressSpec.read($0, canvas: canvas, in: reader) }
    var follow: [Follow] = []
    if let n = f["follow"] {
      let items: [SourceNode]
      if case .sequence(let list, _) = n { items = list } else { items = [n] }
      follow = items.compactMap { Follow.read($0, screens: screens, matchedCount: matchedCount, in: reader) }
    }
    var release = ReleaseSpec(anyOf: [[.init(.progress, .greater, 0.5)]])
    if let n = f["release"] { release = ReleaseSpec.read(n, in: reader) ?? release }
    let complete = f["complete"].map { Settle.read($0, "complete", in: reader) } ?? .remaining
    let cancel = f["cancel"].map { Settle.read($0, "cancel", in: reader) } ?? .remaining
    var background: BackgroundAnimator?
    if let n = f["background"] { background = BackgroundAnimator.read(n, screens: screens, in: reader) }
    let scrollView = f["scrollView"].flatMap { ViewPath.read($0, "scrollView", screens: screens, in: reader) }
    let slop = f["slop"].map { reader.number($0, "slop", SceneFormat.interaction.range("slop")) } ?? InteractionSpec.defaultSlop
    let commit = f["commit"].map { ReleaseSpec.readCommit($0, in: reader) }
    guard let progress, let complete, let cancel, let slop, commit != .some(nil) else { return nil }
    var spec = InteractionSpec(
      gesture: gesture, progress: progress, follow: follow, release: release, complete: complete,
      cancel: cancel, background: background, scrollView: scrollView, slop: slop, location: node.location)
    spec.commit = commit ?? nil
    return spec
  }

  /// `[{at: s, touch: down|move|up|cancel, point: [x, y]}]`, touch defaulting to move.
  private static func gesture(_ node: SourceNode, in reader: Reader) -> [GestureEvent]? {
    guard let items = reader.list(node, "gesture") else { return nil }
    if items.count > SceneLimits.maxGesturePoints {
      reader.report(.limit(what: "the number of gesture points", value: Double(items.count), limit: Double(SceneLimits.maxGesturePoints), unit: ""), at: node.location)
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
      guard let f = reader.fields(item, "gesture point", allowed: SceneFormat.gesturePoint.keyNames) else { orderKnown = false; continue }
      let at = reader.require(f, "at").flatMap { reader.number($0, "at", SceneFormat.gesturePoint.range("at")) }
      let phase: GestureEvent.Phase? = f["touch"].map { reader.word($0, "touch") } ?? .move
      let point = reader.require(f, "point").flatMap { reader.point($0, "point", SceneFormat.gesturePoint.range("point")) }
      guard let phase else { orderKnown = false; continue }
      if let at, let previous, at <= previous {
        if at < previous {
          reader.report(.timeGoesBackwards(key: "gesture time", time: at, previous: previous), at: f["at"]!.location)
        } else {
          reader.report(.gestureOrder(event: phase.rawValue, time: at, problem: "has the same time as the point before it (times must increase)"), at: f["at"]!.location)
        }
        continue
      }
      if let at { previous = at }
      if orderKnown, let at {
        switch phase {
        case .down:
          if touching {
            reader.report(.gestureOrder(event: "down", time: at, problem: "comes while the finger is already down (lift it with 'touch: up' first)"), at: item.location)
          }
        case .move, .up, .cancel:
          if !touching {
            reader.report(.gestureOrder(event: phase.rawValue, time: at, problem: "comes with no finger down (start with 'touch: down')"), at: item.location)
          }
        }
      }
      touching = phase == .down || phase == .move
      last = (phase, at, item.location)
      if let at, let point { events.append(GestureEvent(time: at, phase: phase, point: point, location: item.location)) }
    }
    if orderKnown, touching, let last, let time = last.time {
      reader.report(.gestureOrder(event: last.phase.rawValue, time: time, problem: "is the last point and the finger never lifts (end with 'touch: up')"), at: last.location)
    }
    if events.isEmpty && reader.diagnostics.isEmpty {
      reader.report(.malformed(key: "gesture", expected: "at least a touch down and a touch up", got: "no points"), at: node.location)
    }
    return events
  }

}

extension ProgressSpec {
  /// `interactive.progress`: how the finger's travel maps to the transition's progress.
  static func read(_ node: SourceNode, canvas: Canvas, in reader: Reader) -> ProgressSpec? {
    guard let f = reader.fields(node, "progress", allowed: SceneFormat.progress.keyNames) else { return nil }
    let direction: ProgressSpec.Direction? = reader.require(f, "direction").flatMap { reader.word($0, "direction") }
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
        reader.report(.notNumberOrWord(key: key, got: n.summary, unit: "points", words: words, meaning: "the canvas's"), at: location)
        return nil
      }
      return reader.number(n, key, SceneFormat.progress.range(key))
    }
    let distance = reader.require(f, "distance").flatMap { extent($0, "distance") }
    let rubberBand = f["rubberBand"].map { extent($0, "rubberBand") }
    var clamp = 0.0...1.0
    if let n = f["clamp"], let v = reader.numbers(n, "clamp", count: 2, shape: "[lower, upper]", SceneFormat.progress.range("clamp")) {
      if v[0] <= v[1] { clamp = v[0]...v[1] } else {
        reader.report(.malformed(key: "clamp", expected: "[lower, upper] with lower <= upper", got: "[\(formatNumber(v[0])), \(formatNumber(v[1]))]"), at: n.location)
      }
    }
    let negative: ProgressSpec.Negative = f["negative"].flatMap { reader.word($0, "negative") } ?? .clamp
    guard let direction, let distance, rubberBand != .some(nil) else { return nil }
    return ProgressSpec(direction: direction, distance: distance, clamp: clamp, negative: negative, rubberBand: rubberBand ?? nil)
  }

}

extension Follow {
  /// One of `interactive.follow`: a view (or a matched view) that tracks the finger.
  static func read(_ node: SourceNode, screens: [Screen], matchedCount: Int, in reader: SceneReader) -> Follow? {
    guard let f = reader.fields(node, "follow", allowed: SceneFormat.follow.keyNames) else { return nil }
    var target: Follow.Target?
    if let n = reader.require(f, "view"), let text = reader.string(n, "view") {
      if text == "matched" || text.hasPrefix("matched[") {
        let index = text == "matched" ? 0 : Int(text.dropFirst("matched[".count).dropLast())
        if let index, text == "matched" || text.hasSuffix("]"), index >= 0, index < matchedCount {
          target = .matched(index)
        } else if matchedCount == 0 {
          reader.report(.unknownReference(kind: "matched view", name: text, known: []), at: n.location)
        } else {
          reader.report(.unknownReference(kind: "matched view", name: text, known: (0..<matchedCount).map { "matched[\($0)]" }), at: n.location)
        }
      } else if let path = ViewPath.read(n, "view", screens: screens, in: reader) {
        target = .view(path)
      }
    }
    let axes: Follow.Axes = f["axes"].flatMap { reader.word($0, "axes") } ?? .xy
    var scaleFrom = 1.0, scaleTo = 1.0
    if let n = f["scale"], let g = reader.fields(n, "follow scale", allowed: SceneFormat.followScale.keyNames) {
      if let a = g["from"] { scaleFrom = reader.number(a, "scale from", SceneFormat.followScale.range("from")) ?? 1 }
      if let b = g["to"] { scaleTo = reader.number(b, "scale to", SceneFormat.followScale.range("to")) ?? 1 }
    }
    let space: Follow.TranslationSpace = f["translation"].flatMap { reader.word($0, "translation") } ?? .parent
    guard let target else { return nil }
    return Follow(target: target, axes: axes, scaleFrom: scaleFrom, scaleTo: scaleTo, translationSpace: space)
  }

}

extension Settle {
  /// `remaining`, or a timing plus optional `handOffVelocity: true | false | perAxis`.
  static func read(_ node: SourceNode, _ key: String, in reader: Reader) -> Settle? {
    if case .scalar(let s, _) = node, s.string == "remaining" { return .remaining }
    guard case .mapping(let entries, let location) = node else {
      reader.report(.wrongType(key: key, expected: "'remaining' or a timing like {spring: {duration: 0.5, dampingRatio: 1}}", got: node.summary), at: node.location)
      return nil
    }
    var handOff = VelocityHandOff.none
    if let e = entries.last(where: { $0.key == "handOffVelocity" }) {
      if case .scalar(let s, _) = e.value, s.string == "perAxis" {
        handOff = .perAxis
      } else if case .scalar(let s, _) = e.value, s.style == .plain || s.style == .any, let b = Bool.construct(from: s) {
        handOff = b ? .progress : .none
      } else {
        reader.report(.wrongType(key: "handOffVelocity", expected: "true, false or perAxis", got: e.value.summary), at: e.value.location)
      }
    }
    let rest = SourceNode.mapping(entries.filter { $0.key != "handOffVelocity" }, location)
    guard let timing = TimingSpec.read(rest, key, in: reader) else { return nil }
    if handOff == .perAxis, case .curve = timing.kind,
       let e = entries.last(where: { $0.key == "handOffVelocity" }) {
      reader.report(.malformed(key: "handOffVelocity", expected: "a spring for perAxis (a curve cannot start at a velocity)", got: "a curve"), at: e.value.location)
      return nil
    }
    return .timing(timing, handOffVelocity: handOff)
  }

}

extension BackgroundAnimator {
  /// `interactive.background`: tracks that run on their own timing beside the gesture.
  static func read(_ node: SourceNode, screens: [Screen], in reader: SceneReader) -> BackgroundAnimator? {
    guard let f = reader.fields(node, "background", allowed: SceneFormat.background.keyNames) else { return nil }
    let timing = reader.require(f, "timing").flatMap { TimingSpec.read($0, "timing", in: reader) }
    var tracks: [Track] = []
    if let n = reader.require(f, "tracks"), let items = reader.list(n, "tracks") { tracks = items.compactMap { Track.read($0, screens: screens, in: reader) } }
    let continuation: BackgroundAnimator.Continuation = f["continue"].flatMap { reader.word($0, "continue") } ?? .matchForeground
    guard let timing else { return nil }
    return BackgroundAnimator(timing: timing, tracks: tracks, continuation: continuation)
  }
}
