import Geometry
import Motion
import Scene

/// The transition simulated once for the whole clip: the gesture, each release decision and
/// the animations that follow, resolved into segments so that `state(at:)` is a pure
/// function of time (frame n never depends on frame n − 1, and any frame renders alone).
public struct Simulation: Sendable {
  /// The matched views' geometry at both ends, in canvas points.
  public struct MatchedEnds: Hashable, Sendable {
    public var from: Rect, to: Rect
    public var fromCornerRadius: Double, toCornerRadius: Double
    public init(from: Rect, to: Rect, fromCornerRadius: Double = 0, toCornerRadius: Double = 0) {
      self.from = from; self.to = to; self.fromCornerRadius = fromCornerRadius; self.toCornerRadius = toCornerRadius
    }
  }

  /// What the simulation says about one moment.
  public struct Moment: Sendable {
    public var phase: InteractionPhase
    /// The transition's progress p.
    public var progress: Double
    /// The background animator's progress (equals p when there is none).
    public var background: Double
    public var gesture: GestureSample?
    /// One per matched view while it is lifted.
    public var matched: [MatchedState]?
    /// Views that follow the finger: their transform components.
    public var follow: [TrackKey: PropertyValue]
    /// Once the transition is over: whether it completed.
    public var completed: Bool? = nil
  }

  struct Tracking: Sendable {
    var stroke: PanScript.Stroke
    var start: Double
    var end: Double
    var base: Double
    /// The scroll view's content offset (`bounds.origin.y`) when the touch came down.
    var scrollOffset: Double?
  }

  /// A scroll view takes a downward pan first: its content scrolls toward the top, and only
  /// the finger's movement beyond that moves the transition (T3). Returns the translation that
  /// drives progress and the scroll view's offset.
  static func scrolled(_ translation: Point, offset: Double?) -> (Point, Double?) {
    guard let o0 = offset else { return (translation, nil) }
    let scroll = max(0, o0 - translation.y)
    return (Point(translation.x, translation.y - (o0 - scroll)), scroll)
  }

  struct Settle: Sendable {
    var start: Double
    var end: Double
    var completes: Bool
    var from: Double
    var backgroundFrom: Double
    var target: Double { completes ? 1 : 0 }
    var progress: SettleCurve
    var background: SettleCurve?
    /// Follow transforms at release (matched index or view path → components).
    var matchedRelease: [Int: AffineTransform]
    var viewRelease: [ViewPath: (translation: Point, scale: Double)]
    /// The scroll view's offset at release (it stays there).
    var scrollOffset: Double?
  }

  enum Segment: Sendable {
    case tracking(Tracking)
    case settling(Settle)
  }

  public let transition: Transition
  /// When the transition starts: `hold.before`, or the first touch-down.
  public let start: Double
  /// When everything driven by p has settled.
  public let end: Double
  public let matchedEnds: [MatchedEnds]
  public let events: [SimulationEvent]
  let timing: Timing
  let backgroundTiming: Timing?
  let script: PanScript?
  let segments: [Segment]

  /// The scroll view that takes the pan first, and its content offset at rest.
  public let scrollView: (path: ViewPath, offset: Double)?

  /// - Parameter scrollOffset: the content offset (points) of `interaction.scrollView` at rest.
  public init(transition: Transition, hold: Hold, matchedEnds: [MatchedEnds] = [], scrollOffset: Double? = nil) throws(StageError) {
    self.transition = transition
    if let path = transition.interaction?.scrollView { scrollView = (path, scrollOffset ?? 0) } else { scrollView = nil }
    self.matchedEnds = matchedEnds
    timing = try transition.timing.resolvedTiming()
    backgroundTiming = try transition.interaction?.background?.timing.resolvedTiming()
    guard let interaction = transition.interaction else {
      script = nil
      segments = []
      start = hold.before
      end = start + timing.endTime
      events = [
        SimulationEvent(kind: "transitionStart", time: start),
        SimulationEvent(kind: "settle", time: end, details: ["decision": .string("complete")]),
      ]
      return
    }
    let script = PanScript(events: interaction.gesture)
    self.script = script
    guard let first = script.strokes.first else {
      throw .invalidSetting("the interactive transition's gesture has no touch down")
    }
    start = first.downTime
    var segments: [Segment] = []
    var events: [SimulationEvent] = []
    var base = 0.0
    var done = false
    var scroll: Double? = transition.interaction?.scrollView == nil ? nil : (scrollOffset ?? 0)
    for (k, stroke) in script.strokes.enumerated() where !done {
      let down = stroke.downTime
      if case .settling(var s)? = segments.last, down < s.end {
        // A second touch grabs the transition where it is.
        base = s.progress.value(elapsed: down - s.start, start: s.from, target: s.target)
        s.end = down
        segments[segments.count - 1] = .settling(s)
        events.append(SimulationEvent(kind: "catch", time: down, details: ["progress": .number(base)]))
      }
      let nextDown = k + 1 < script.strokes.count ? script.strokes[k + 1].downTime : Double.infinity
      let tracking = Tracking(stroke: stroke, start: down, end: stroke.endTime ?? nextDown, base: base, scrollOffset: scroll)
      segments.append(.tracking(tracking))
      events.append(SimulationEvent(kind: "touchDown", time: down, details: ["x": .number(stroke.start.x), "y": .number(stroke.start.y)]))
      guard let up = stroke.endTime else { break }
      let settle = try Self.release(
        tracking, at: up, interaction: interaction, transition: transition, timing: timing,
        backgroundTiming: backgroundTiming, rate: script.eventRate, events: &events)
      segments.append(.settling(settle))
      scroll = settle.scrollOffset
      if nextDown >= settle.end {
        done = true
        events.append(SimulationEvent(kind: "settle", time: settle.end, details: ["decision": .string(settle.completes ? "complete" : "cancel")]))
      }
    }
    self.segments = segments
    self.events = events
    switch segments.last {
    case .settling(let s)?: end = s.end
    case .tracking(let t)?: end = t.stroke.times.last!
    case nil: end = start
    }
  }

  private static func release(
    _ tracking: Tracking, at up: Double, interaction: InteractionSpec, transition: Transition, timing: Timing,
    backgroundTiming: Timing?, rate: Double, events: inout [SimulationEvent]
  ) throws(StageError) -> Settle {
    let mapping = interaction.progress
    var sample = tracking.stroke.sample(at: up, rate: rate, resetBelowZero: resetRule(mapping, base: tracking.base))
    let (translation, scrollOffset) = scrolled(sample.translation, offset: tracking.scrollOffset)
    sample.translation = translation
    let p = progress(mapping, base: tracking.base, translation: sample.translation)
    // The transition's travel along its axis, in points: where a caught transition was plus
    // the new touch's translation (the rules' translation.x / translation.y).
    var travel = sample.translation
    switch mapping.direction {
    case .down, .vertical: travel.y += tracking.base * mapping.distance
    case .up: travel.y -= tracking.base * mapping.distance
    case .right, .horizontal: travel.x += tracking.base * mapping.distance
    case .left: travel.x -= tracking.base * mapping.distance
    }
    let v = velocityComponent(mapping, sample)
    let completes: Bool
    if tracking.stroke.cancelled {
      completes = false
    } else {
      let r = interaction.release.decelerationRate
      let projected = r > 0 && r < 1 ? v / 1000 * r / (1 - r) : 0
      completes = interaction.release.completes { q in
        switch q {
        case .progress: return p
        case .projectedProgress: return clamp(p + projected / mapping.distance, mapping.clamp.lowerBound, mapping.clamp.upperBound)
        case .velocityX: return sample.velocity.x
        case .velocityY: return sample.velocity.y
        case .translationX: return travel.x
        case .translationY: return travel.y
        }
      }
    }
    let target = completes ? 1.0 : 0.0
    events.append(SimulationEvent(kind: tracking.stroke.cancelled ? "touchCancel" : "touchUp", time: up, details: [
      "x": .number(sample.location.x), "y": .number(sample.location.y),
      "velocityX": .number(sample.velocity.x), "velocityY": .number(sample.velocity.y),
      "translationX": .number(sample.translation.x), "translationY": .number(sample.translation.y),
      "progress": .number(p),
    ]))
    events.append(SimulationEvent(kind: "decision", time: up, details: [
      "decision": .string(completes ? "complete" : "cancel"), "progress": .number(p), "velocity": .number(v),
    ]))

    let curve: SettleCurve
    switch completes ? interaction.complete : interaction.cancel {
    case .timing(let spec, let handOff):
      let distanceLeft = (target - p) * mapping.distance
      let v0: Double? = handOff ? (distanceLeft != 0 ? v / distanceLeft : 0) : nil
      curve = .timing(try spec.resolvedTiming(initialVelocity: v0))
    case .remaining:
      curve = try remaining(transition.timing, timing: timing, from: p, forward: completes)
    }
    // The background animator is continued, not restarted (T2).
    var background: SettleCurve?
    if let bg = interaction.background, let bgTiming = backgroundTiming {
      let own = bgTiming.duration
      let duration: Double
      switch bg.continuation {
      case .matchForeground: duration = curve.duration
      case .ownTiming: duration = own * (completes ? 1 - p : p)
      }
      if let c = bg.timing.cubic {
        // The curve resumes at its time fraction u and covers what is left (1 − u, or u
        // backwards) in `duration` seconds.
        let u = c.timeFraction(forProgress: p)
        let left = completes ? 1 - u : u
        background = .resumed(c, from: u, forward: completes, duration: left > 0 ? duration / left : duration)
      } else {
        background = .timing(try bg.timing.continuation(duration: duration))
      }
    }
    var matchedRelease: [Int: AffineTransform] = [:]
    var viewRelease: [ViewPath: (Point, Double)] = [:]
    for f in interaction.follow {
      let (t, s) = followComponents(f, p: p, translation: sample.translation)
      switch f.target {
      case .matched(let i): matchedRelease[i] = followAffine(f, p: p, translation: sample.translation)
      case .view(let path): viewRelease[path] = (t, s)
      }
    }
    return Settle(
      start: up, end: up + max(curve.duration, background?.duration ?? 0), completes: completes, from: p,
      backgroundFrom: p, progress: curve, background: background, matchedRelease: matchedRelease, viewRelease: viewRelease,
      scrollOffset: scrollOffset)
  }

  /// The transition's own timing resumed from progress `p` (`settle: remaining`).
  private static func remaining(_ spec: TimingSpec, timing: Timing, from p: Double, forward: Bool) throws(StageError) -> SettleCurve {
    if let c = spec.cubic {
      return .resumed(c, from: c.timeFraction(forProgress: p), forward: forward, duration: timing.duration)
    }
    // A spring continues as a new spring over the remaining share of its duration.
    return .timing(try spec.continuation(duration: timing.duration * (forward ? 1 - p : p)))
  }

  // MARK: mapping the finger

  static func component(_ m: ProgressSpec, _ t: Point) -> Double {
    switch m.direction {
    case .down: return t.y
    case .up: return -t.y
    case .right: return t.x
    case .left: return -t.x
    case .horizontal: return abs(t.x)
    case .vertical: return abs(t.y)
    }
  }

  static func velocityComponent(_ m: ProgressSpec, _ s: GestureSample) -> Double {
    switch m.direction {
    case .down: return s.velocity.y
    case .up: return -s.velocity.y
    case .right: return s.velocity.x
    case .left: return -s.velocity.x
    case .horizontal: return s.translation.x < 0 ? -s.velocity.x : s.velocity.x
    case .vertical: return s.translation.y < 0 ? -s.velocity.y : s.velocity.y
    }
  }

  static func progress(_ m: ProgressSpec, base: Double, translation: Point) -> Double {
    clamp(base + component(m, translation) / m.distance, m.clamp.lowerBound, m.clamp.upperBound)
  }

  static func resetRule(_ m: ProgressSpec, base: Double) -> ((Point) -> Double)? {
    guard m.negative == .reset else { return nil }
    return { t in base * m.distance + component(m, t) }
  }

  static func followComponents(_ f: Follow, p: Double, translation: Point) -> (Point, Double) {
    let s = f.scale(at: p)
    var t = translation
    if f.axes == .x { t.y = 0 }
    if f.axes == .y { t.x = 0 }
    return (f.translationSpace == .scaled ? t * s : t, s)
  }

  /// `identity.scaledBy(s, s).translatedBy(tx, ty)` (scaled space) or
  /// `identity.translatedBy(tx, ty).scaledBy(s, s)` (parent space).
  static func followAffine(_ f: Follow, p: Double, translation: Point) -> AffineTransform {
    let s = f.scale(at: p)
    var t = translation
    if f.axes == .x { t.y = 0 }
    if f.axes == .y { t.x = 0 }
    switch f.translationSpace {
    case .scaled: return AffineTransform.identity.scaledBy(x: s, y: s).translatedBy(x: t.x, y: t.y)
    case .parent: return AffineTransform.identity.translatedBy(x: t.x, y: t.y).scaledBy(x: s, y: s)
    }
  }

  // MARK: evaluation

  /// The state at clip time `t` (seconds).
  public func moment(at t: Double) -> Moment {
    guard let interaction = transition.interaction, let script else {
      let local = t - start
      let p = timing.progress(at: local)
      let phase: InteractionPhase = local < 0 ? .idle : (local >= timing.endTime ? .done : .animating)
      let bg = backgroundTiming?.progress(at: local) ?? p
      var matched: [MatchedState]?
      if phase == .animating {
        matched = transition.matched.indices.compactMap { i -> MatchedState? in
          guard i < matchedEnds.count else { return nil }
          let own: Timing? = transition.matched[i].timing.flatMap { try? $0.resolvedTiming() }
          let f = own?.progress(at: local) ?? p
          return Self.between(matchedEnds[i], f)
        }
      }
      return Moment(phase: phase, progress: p, background: bg, gesture: nil, matched: matched, follow: [:], completed: phase == .done ? true : nil)
    }
    for segment in segments.reversed() {
      switch segment {
      case .tracking(let k):
        guard t >= k.start else { continue }
        var sample = k.stroke.sample(at: t, rate: script.eventRate, resetBelowZero: Self.resetRule(interaction.progress, base: k.base))
        let (translation, scroll) = Self.scrolled(sample.translation, offset: k.scrollOffset)
        sample.translation = translation
        let p = Self.progress(interaction.progress, base: k.base, translation: sample.translation)
        var matched = matchedEnds.map { Self.between($0, p) }
        var follow: [TrackKey: PropertyValue] = [:]
        for f in interaction.follow {
          switch f.target {
          case .matched(let i) where i < matched.count:
            matched[i] = MatchedState(frame: matchedEnds[i].from, transform: Self.followAffine(f, p: p, translation: sample.translation), cornerRadius: matchedEnds[i].fromCornerRadius)
          case .view(let path):
            let (tr, s) = Self.followComponents(f, p: p, translation: sample.translation)
            follow[TrackKey(path, .translation)] = .point(tr)
            follow[TrackKey(path, .scale)] = .number(s)
          default: break
          }
        }
        if let scroll, let path = scrollView?.path { follow[TrackKey(path, .contentOffsetY)] = .number(scroll) }
        return Moment(phase: .tracking, progress: p, background: p, gesture: sample, matched: matched, follow: follow)
      case .settling(let s):
        guard t >= s.start else { continue }
        var held: [TrackKey: PropertyValue] = [:]
        if let scroll = s.scrollOffset, let path = scrollView?.path { held[TrackKey(path, .contentOffsetY)] = .number(scroll) }
        if t >= s.end {
          return Moment(phase: .done, progress: s.target, background: s.target, gesture: nil, matched: nil, follow: held, completed: s.completes)
        }
        let e = t - s.start
        let p = s.progress.value(elapsed: e, start: s.from, target: s.target)
        let bg = s.background?.value(elapsed: e, start: s.backgroundFrom, target: s.target) ?? p
        // How far the settle has gone (0 at release, 1 at rest), for what follows the finger.
        let y = s.target == s.from ? 1 : (p - s.from) / (s.target - s.from)
        var matched = matchedEnds.map { Self.between($0, p) }
        for (i, release) in s.matchedRelease where i < matched.count {
          let ends = matchedEnds[i]
          matched[i] = MatchedState(
            frame: Rect.lerp(ends.from, s.completes ? ends.to : ends.from, y),
            transform: Self.lerpTransform(release, .identity, y),
            cornerRadius: Geometry.lerp(ends.fromCornerRadius, s.completes ? ends.toCornerRadius : ends.fromCornerRadius, y))
        }
        var follow = held
        for (path, release) in s.viewRelease {
          follow[TrackKey(path, .translation)] = .point(Point.lerp(release.translation, .zero, y))
          follow[TrackKey(path, .scale)] = .number(Geometry.lerp(release.scale, 1, y))
        }
        return Moment(phase: .settling, progress: p, background: bg, gesture: nil, matched: matched, follow: follow)
      }
    }
    return Moment(phase: .idle, progress: 0, background: 0, gesture: nil, matched: nil, follow: [:])
  }

  static func between(_ ends: MatchedEnds, _ f: Double) -> MatchedState {
    MatchedState(frame: Rect.lerp(ends.from, ends.to, f), cornerRadius: Geometry.lerp(ends.fromCornerRadius, ends.toCornerRadius, f))
  }

  /// Component-wise interpolation of two transforms (Core Animation's decomposed
  /// interpolation, for scale-and-translate transforms).
  static func lerpTransform(_ a: AffineTransform, _ b: AffineTransform, _ t: Double) -> AffineTransform {
    AffineTransform(
      a: Geometry.lerp(a.a, b.a, t), b: Geometry.lerp(a.b, b.b, t), c: Geometry.lerp(a.c, b.c, t),
      d: Geometry.lerp(a.d, b.d, t), tx: Geometry.lerp(a.tx, b.tx, t), ty: Geometry.lerp(a.ty, b.ty, t))
  }
}

/// Something the simulation noticed, before frame numbers are attached.
public struct SimulationEvent: Hashable, Sendable {
  public var kind: String
  public var time: Double
  public var details: [String: JSONValue]
  public init(kind: String, time: Double, details: [String: JSONValue] = [:]) {
    self.kind = kind; self.time = time; self.details = details
  }
}
