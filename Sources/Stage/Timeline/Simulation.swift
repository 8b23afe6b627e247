import Geometry
import Motion
import Scene

/// The transition simulated once for the whole clip, so that `moment(at:)` is a pure function
/// of time (frame n never depends on frame n − 1, and any frame renders alone).
///
/// An interactive transition is driven by Motion's `Interaction`: the scripted finger
/// sampled at 120 Hz along its smooth path, UIKit's pan recognizer and velocity blend, the
/// release rule, the settle spring (with the velocity hand-off) or curve, and a second touch
/// grabbing a settling transition. This type adds what the scene draws around it: views
/// following the finger (matched views included, also when caught mid-settle), the
/// background animator and the manifest's events.
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
    /// The drag phase's progress (`TrackPhase.drag`) and the settle phase's (`.settle`).
    public var drag = 0.0
    public var settle = 0.0
    /// The pressed view's highlight (a trigger's), from its touch down on.
    public var highlight: HighlightState? = nil
  }

  /// A take-hold of the transition by a stroke: the progress and where the followers were.
  struct Grab: Sendable {
    var time: Double
    var progress: Double
    /// Matched views following the finger: frame and corner radius stay, the transform follows.
    var matched: [Int: (frame: Rect, cornerRadius: Double, follow: FollowState)]
    var views: [ViewPath: FollowState]
  }

  /// A release and what settles after it.
  struct Release: Sendable {
    var time: Double
    var completes: Bool
    var progress: Double
    /// Where p settles: 1 or 0, or the chosen resting point's progress.
    var target: Double
    /// The chosen resting point's index, with resting points.
    var restingPoint: Int? = nil
    /// When the foreground and the background have both settled.
    var end: Double
    var background: SettleCurve?
    var matched: [Int: (frame: Rect, cornerRadius: Double, follow: FollowState)]
    var views: [ViewPath: FollowState]
    /// With `handOffVelocity: perAxis`: each follower's own springs (by matched index, by path).
    var matchedSettles: [Int: ComponentSettle] = [:]
    var viewSettles: [ViewPath: ComponentSettle] = [:]
  }

  public let transition: Transition
  /// When the transition starts: `hold.before`, the first touch-down, or a trigger's
  /// recognition (`.infinity` when the trigger fails: the transition never starts).
  public let start: Double
  /// When everything driven by p has settled.
  public let end: Double
  public let matchedEnds: [MatchedEnds]
  public let events: [SimulationEvent]
  let timing: Timing
  let backgroundTiming: Timing?
  /// Motion's simulation of the gesture and the transition's progress.
  let interaction: Motion.Interaction?
  let grabs: [Grab]
  let releases: [Release]

  /// The scroll view that takes the pan first, and its content offset at rest.
  public let scrollView: (path: ViewPath, offset: Double)?
  /// The tap or long press that starts the transition (`transition.trigger`).
  public let press: PressSimulation?

  /// - Parameter scrollOffset: the content offset (points) of `interaction.scrollView` at rest.
  /// - Parameter pressTarget: the frame (canvas points, at p = 0) of the view `transition.trigger` presses.
  public init(
    transition: Transition, hold: Hold, matchedEnds: [MatchedEnds] = [], scrollOffset: Double? = nil, pressTarget: Rect? = nil
  ) throws(StageError) {
    self.transition = transition
    if let path = transition.interaction?.scrollView { scrollView = (path, scrollOffset ?? 0) } else { scrollView = nil }
    self.matchedEnds = matchedEnds
    timing = try transition.timing.resolvedTiming()
    backgroundTiming = try transition.interaction?.background?.timing.resolvedTiming()
    guard let spec = transition.interaction else {
      interaction = nil
      grabs = []
      releases = []
      let press = try transition.trigger.map { t throws(StageError) in try PressSimulation(t, target: pressTarget) }
      self.press = press
      start = press.map { $0.recognition.recognized ?? .infinity } ?? hold.before
      end = max(start.isFinite ? start + timing.endTime : 0, press?.restTime ?? 0)
      var settle = ClipEvent.Settle(outcome: .complete)
      if let rest = transition.restingPoints {
        settle.restingPoint = rest.name(rest.end)
        settle.target = rest.endProgress
      }
      var own = start.isFinite ? [
        SimulationEvent(.transitionStart, time: start),
        SimulationEvent(.settle(settle), time: start + timing.endTime),
      ] : []
      if start.isFinite, let presented = Self.presentation(transition, timing: timing) {
        own.insert(SimulationEvent(.presentationStart(presented), time: start), at: 1)
        own.append(SimulationEvent(.presented(detent: presented.detent, progress: presented.target), time: start + timing.endTime))
      }
      // In time order; at one time the press's events come first (the tap, then the start).
      events = ((press?.events ?? []) + own).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
      return
    }
    let script = try spec.panGestureScript()
    guard let first = script.strokes.first else {
      throw .invalidSetting("the interactive transition's gesture has no touch down")
    }
    let interaction: Motion.Interaction
    let mapping = try spec.progressMapping(scrollOffset: scrollOffset)
    let presentTiming = timing
    var presentation: Motion.Interaction.Presentation?
    if let from = transition.sheetPresentation?.presentedFrom {
      presentation = Motion.Interaction.Presentation(start: hold.before, from: from, curve: .timing(presentTiming))
    }
    do {
      interaction = try Motion.Interaction(
        script: script, mapping: mapping, rule: spec.releaseRule,
        driver: try spec.driver(transitionTiming: timing, restingPoints: transition.restingPoints != nil), hysteresis: spec.slop,
        restingPoints: transition.restingPoints?.points, initialProgress: transition.restingPoints?.startProgress ?? 0,
        commit: spec.commitPredicate,
        presentation: presentation)
    } catch let error as StageError {
      throw error
    } catch {
      throw .invalidSetting("the interactive transition: \(error)")
    }
    self.interaction = interaction
    press = nil
    var grabs: [Grab] = [], releases: [Release] = [], events: [SimulationEvent] = []
    // A presented sheet slides up from `hold.before`; it is at rest at its detent unless a
    // stroke took hold of it first.
    if let p = interaction.presentation, let presented = Self.presentation(transition, timing: timing) {
      start = min(first.downTime, p.start)
      events.append(SimulationEvent(.presentationStart(presented), time: p.start))
      let grabbed = interaction.events.first { if case .began = $0 { return true } else { return false } }?.time
      if grabbed.map({ $0 > p.end }) ?? true {
        events.append(SimulationEvent(.presented(detent: presented.detent, progress: presented.target), time: p.end))
      }
    } else {
      start = first.downTime
    }
    for e in interaction.events {
      switch e {
      case .touchDown(let t, let location):
        events.append(SimulationEvent(.touchDown(location), time: t))
      case .began(let t, let p):
        var grab = Grab(time: t, progress: p, matched: [:], views: [:])
        let caught = releases.last.flatMap { r in t < r.end ? r : nil }
        if caught != nil {
          events.append(SimulationEvent(.caught(progress: p), time: t))
        }
        let here = caught.map { Self.settling($0, at: t, progress: p, ends: matchedEnds) }
        for f in spec.follow {
          switch f.target {
          case .matched(let i) where i < matchedEnds.count:
            grab.matched[i] = here?.matched[i]
              ?? (matchedEnds[i].from, matchedEnds[i].fromCornerRadius, FollowState(scale: f.scale(at: p), offset: .zero))
          case .view(let path):
            grab.views[path] = here?.views[path] ?? FollowState(scale: f.scale(at: p), offset: .zero)
          default: break
          }
        }
        grabs.append(grab)
      case .release(let r):
        let location = r.committed
          ? (script.location(at: r.time) ?? .zero)
          : (script.strokes.last { $0.lifts && $0.upTime <= r.time }?.locations.last ?? .zero)
        let cause: ClipEvent.ReleaseCause = r.committed ? .commit : (r.cancelled ? .touchCancel : .touchUp)
        events.append(SimulationEvent(.release(ClipEvent.Release(
          cause: cause, location: location, velocity: r.velocity, translation: r.drivingTranslation, progress: r.progress)),
          time: r.time))
        let completes = r.decision == .complete
        var decision = ClipEvent.Decision(
          outcome: completes ? .complete : .cancel, progress: r.progress, velocity: r.axisVelocity,
          initialVelocity: r.initialVelocity, settle: Self.settleMotion(driver: interaction.driver, release: r))
        if let rest = transition.restingPoints, let chosen = r.restingPoint {
          decision.restingPoint = rest.name(chosen)
          decision.target = r.target
          decision.projectedProgress = r.projectedProgress
        }
        events.append(SimulationEvent(.decision(decision), time: r.time))
        let background = try Self.background(spec, timing: backgroundTiming, from: r.progress, completes: completes,
                                             foregroundDuration: r.settleTime - r.time)
        var release = Release(
          time: r.time, completes: completes, progress: r.progress, target: r.target,
          end: max(r.settleTime, r.time + (background?.duration ?? 0)), background: background, matched: [:], views: [:])
        release.restingPoint = r.restingPoint
        if let grab = grabs.last {
          let held = Self.tracking(spec, grab: grab, p: r.progress, translation: r.drivingTranslation, ends: matchedEnds)
          release.matched = held.matched
          release.views = held.views
          if case .timing(let settle, .perAxis) = completes ? spec.complete : spec.cancel, case .spring(let spring) = settle.kind {
            do {
              (release.matchedSettles, release.viewSettles) = try Self.componentSettles(
                spec, grab: grab, mapping: mapping, release: r, ends: matchedEnds, spring: spring.parameters)
            } catch {
              throw .invalidSetting("the interactive transition's per-axis settle: \(error)")
            }
            let longest = (release.matchedSettles.values.map(\.duration) + release.viewSettles.values.map(\.duration)).max() ?? 0
            release.end = max(release.end, r.time + longest)
          }
        }
        releases.append(release)
      case .settle:
        // Reported once both animators are at rest.
        if let r = releases.last {
          var settle = ClipEvent.Settle(outcome: r.completes ? .complete : .cancel)
          if let rest = transition.restingPoints, let chosen = r.restingPoint {
            settle.restingPoint = rest.name(chosen)
          }
          events.append(SimulationEvent(.settle(settle), time: r.end))
        }
      }
    }
    self.grabs = grabs
    self.releases = releases
    self.events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    let lastPoint = script.strokes.map { $0.times[$0.times.count - 1] }.max() ?? start
    end = max(lastPoint, releases.last?.end ?? start, interaction.presentation?.end ?? start)
  }

  /// The presentation of a sheet that `presents` (the transition's timing from below the
  /// screen to the selected detent), nil otherwise.
  static func presentation(_ transition: Transition, timing: Timing) -> ClipEvent.Presentation? {
    guard let sheet = transition.sheetPresentation, let from = sheet.presentedFrom, let rest = transition.restingPoints else { return nil }
    var motion = ClipEvent.SettleMotion(shape: nil, duration: timing.endTime)
    switch timing.curve {
    case .spring(let s): motion.shape = .spring(s)
    case .cubic(let c): motion.shape = .curve(c)
    }
    return ClipEvent.Presentation(detent: rest.name(rest.start), progress: from, target: rest.startProgress, motion: motion)
  }

  /// The background animator continued at a release (T2), not restarted.
  private static func background(
    _ spec: InteractionSpec, timing: Timing?, from p: Double, completes: Bool, foregroundDuration: Double
  ) throws(StageError) -> SettleCurve? {
    guard let bg = spec.background, let timing else { return nil }
    let duration: Double
    switch bg.continuation {
    case .matchForeground: duration = foregroundDuration
    case .ownTiming: duration = timing.duration * (completes ? 1 - p : p)
    }
    if let c = bg.timing.cubic {
      // The curve resumes at its time fraction u and covers what is left (1 − u, or u
      // backwards) in `duration` seconds.
      let u = c.timeFraction(forProgress: p)
      let left = completes ? 1 - u : u
      return .resumed(c, from: u, forward: completes, duration: left > 0 ? duration / left : duration)
    }
    return .timing(try bg.timing.continuation(duration: duration))
  }

  /// The followers while a finger holds the transition at `p`, `translation` points (the
  /// translation that drives p) since `grab`.
  static func tracking(_ spec: InteractionSpec, grab: Grab, p: Double, translation: Point, ends: [MatchedEnds])
    -> (matched: [Int: (frame: Rect, cornerRadius: Double, follow: FollowState)], views: [ViewPath: FollowState])
  {
    var matched: [Int: (frame: Rect, cornerRadius: Double, follow: FollowState)] = [:]
    var views: [ViewPath: FollowState] = [:]
    for f in spec.follow {
      switch f.target {
      case .matched(let i):
        guard let g = grab.matched[i] else { continue }
        matched[i] = (g.frame, g.cornerRadius, g.follow.following(f, grabbed: grab.progress, p: p, translation: translation))
      case .view(let path):
        guard let g = grab.views[path] else { continue }
        views[path] = g.following(f, grabbed: grab.progress, p: p, translation: translation)
      }
    }
    return (matched, views)
  }

  /// With `handOffVelocity: perAxis`: one settle per follower, each component's spring
  /// started at the component's velocity at the release. That velocity is the follower's
  /// state differentiated along the finger: the state at translation T ± v·h (p from the
  /// progress mapping, as while tracking), central difference over 2h (exact for the
  /// follow's quadratic `s(p)·T`; h = 1e-4 s).
  static func componentSettles(
    _ spec: InteractionSpec, grab: Grab, mapping: Motion.ProgressMapping, release r: InteractionRelease,
    ends: [MatchedEnds], spring: SpringParameters
  ) throws(MotionError) -> (matched: [Int: ComponentSettle], views: [ViewPath: ComponentSettle]) {
    let h = 1e-4
    func held(_ dt: Double) -> (matched: [Int: (frame: Rect, cornerRadius: Double, follow: FollowState)], views: [ViewPath: FollowState]) {
      let t = r.drivingTranslation + r.velocity * dt
      return tracking(spec, grab: grab, p: mapping.progress(translation: t, offset: grab.progress), translation: t, ends: ends)
    }
    let now = tracking(spec, grab: grab, p: r.progress, translation: r.drivingTranslation, ends: ends)
    let ahead = held(h), behind = held(-h)
    func velocity(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { ($0 - $1) / (2 * h) } }
    let completes = r.decision == .complete
    var matched: [Int: ComponentSettle] = [:]
    for (i, m) in now.matched where i < ends.count {
      guard let a = ahead.matched[i], let b = behind.matched[i] else { continue }
      let e = ends[i]
      let to = completes ? e.to : e.from
      matched[i] = try ComponentSettle(
        start: ComponentSettle.components(frame: m.frame, cornerRadius: m.cornerRadius, follow: m.follow),
        target: [to.midX, to.midY, to.width, to.height, completes ? e.toCornerRadius : e.fromCornerRadius],
        velocity: velocity(
          ComponentSettle.components(frame: a.frame, cornerRadius: a.cornerRadius, follow: a.follow),
          ComponentSettle.components(frame: b.frame, cornerRadius: b.cornerRadius, follow: b.follow)),
        spring: spring)
    }
    var views: [ViewPath: ComponentSettle] = [:]
    for (path, v) in now.views {
      guard let a = ahead.views[path], let b = behind.views[path] else { continue }
      views[path] = try ComponentSettle(
        start: ComponentSettle.components(v), target: ComponentSettle.components(.rest),
        velocity: velocity(ComponentSettle.components(a), ComponentSettle.components(b)), spring: spring)
    }
    return (matched, views)
  }

  /// The followers while a release settles, with the transition at `p`: from where they were
  /// at the release to their rest (the matched view's frame to its end), by the fraction of
  /// the way p has gone; or, after a per-axis release, each on its own springs.
  static func settling(_ r: Release, at t: Double, progress p: Double, ends: [MatchedEnds])
    -> (matched: [Int: (frame: Rect, cornerRadius: Double, follow: FollowState)], views: [ViewPath: FollowState])
  {
    let target = r.target
    let y = target == r.progress ? 1 : (p - r.progress) / (target - r.progress)
    var matched: [Int: (frame: Rect, cornerRadius: Double, follow: FollowState)] = [:]
    for (i, held) in r.matched where i < ends.count {
      if let c = r.matchedSettles[i] {
        matched[i] = ComponentSettle.lifted(c.values(elapsed: t - r.time))
        continue
      }
      // Where the settle leaves it: the source's or destination's frame, or between them at a resting point.
      let e = ends[i]
      let rest = target == 1 ? MatchedState(frame: e.to, cornerRadius: e.toCornerRadius)
        : target == 0 ? MatchedState(frame: e.from, cornerRadius: e.fromCornerRadius) : Self.between(e, target)
      matched[i] = (Rect.lerp(held.frame, rest.frame, y), Geometry.lerp(held.cornerRadius, rest.cornerRadius, y), held.follow.lerp(to: .rest, y))
    }
    var views: [ViewPath: FollowState] = [:]
    for (path, held) in r.views {
      views[path] = r.viewSettles[path].map { ComponentSettle.follow($0.values(elapsed: t - r.time)) } ?? held.lerp(to: .rest, y)
    }
    return (matched, views)
  }

  // MARK: evaluation

  /// The state at clip time `t` (seconds).
  public func moment(at t: Double) -> Moment {
    guard let interaction, let spec = transition.interaction else {
      let local = t - start
      var p = timing.progress(at: local)
      if let rest = transition.restingPoints {
        // From the start point (or, presented, from below the screen) to the end point by the
        // timing's fraction.
        let from = transition.sheetPresentation?.presentedFrom ?? rest.startProgress
        p = from + (rest.endProgress - from) * p
      }
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
      var m = Moment(phase: phase, progress: p, background: bg, gesture: press?.gesture(at: t), matched: matched, follow: [:], completed: phase == .done ? true : nil)
      m.settle = p
      m.highlight = press?.highlightState(at: t)
      return m
    }
    let sample = interaction.sample(at: t)
    let p = sample.progress
    let gesture = sample.fingerLocation.map {
      GestureSample(location: $0, translation: sample.translation, velocity: sample.fingerVelocity)
    }
    var follow: [TrackKey: PropertyValue] = [:]
    if let path = scrollView?.path, let offset = sample.scrollContentOffset {
      follow[TrackKey(path, .contentOffsetY)] = .number(offset)
    }
    func apply(_ held: (matched: [Int: (frame: Rect, cornerRadius: Double, follow: FollowState)], views: [ViewPath: FollowState]))
      -> [MatchedState]
    {
      var matched = matchedEnds.map { Self.between($0, p) }
      for (i, m) in held.matched where i < matched.count {
        matched[i] = MatchedState(frame: m.frame, transform: m.follow.transform, cornerRadius: m.cornerRadius)
      }
      for (path, v) in held.views {
        follow[TrackKey(path, .translation)] = .point(v.offset)
        follow[TrackKey(path, .scale)] = .number(v.scale)
      }
      return matched
    }
    let tolerance = Motion.Interaction.timeTolerance
    switch sample.phase {
    case .idle:
      // Before any stroke takes hold, a presented sheet may be sliding up.
      let presenting = interaction.presentation.map { t >= $0.start - tolerance && t < $0.end } ?? false
      var m = Moment(phase: presenting ? .animating : .idle, progress: p, background: p, gesture: gesture, matched: nil, follow: follow)
      m.drag = p
      return m
    case .tracking:
      guard let grab = grabs.last(where: { $0.time <= t + tolerance }) else { break }
      let matched = apply(Self.tracking(spec, grab: grab, p: p, translation: sample.translation, ends: matchedEnds))
      var m = Moment(phase: .tracking, progress: p, background: p, gesture: gesture, matched: matched, follow: follow)
      m.drag = p
      return m
    case .settling, .done:
      guard let r = releases.last(where: { $0.time <= t + tolerance }) else { break }
      let target = r.target
      let bg = r.background?.value(elapsed: t - r.time, start: r.progress, target: target) ?? p
      // The phases: a completing release holds the drag at its p and runs the settle 0 → 1; a
      // cancelling one lets the drag follow p back.
      let settled = r.target == r.progress ? 1 : (p - r.progress) / (r.target - r.progress)
      if t >= r.end {
        var m = Moment(phase: .done, progress: target, background: target, gesture: gesture, matched: nil, follow: follow, completed: r.completes)
        (m.drag, m.settle) = r.completes ? (r.progress, 1) : (target, 0)
        return m
      }
      let matched = apply(Self.settling(r, at: t, progress: p, ends: matchedEnds))
      var m = Moment(phase: .settling, progress: p, background: bg, gesture: gesture, matched: matched, follow: follow)
      (m.drag, m.settle) = r.completes ? (r.progress, settled) : (p, 0)
      return m
    }
    return Moment(phase: .idle, progress: p, background: p, gesture: gesture, matched: nil, follow: follow)
  }

  static func between(_ ends: MatchedEnds, _ f: Double) -> MatchedState {
    MatchedState(frame: Rect.lerp(ends.from, ends.to, f), cornerRadius: Geometry.lerp(ends.fromCornerRadius, ends.toCornerRadius, f))
  }

}

/// Something the simulation noticed, before frame numbers are attached.
public struct SimulationEvent: Hashable, Sendable {
  public var kind: ClipEvent.Kind
  /// Seconds from the start of the clip.
  public var time: Double
  public init(_ kind: ClipEvent.Kind, time: Double) {
    self.kind = kind; self.time = time
  }
}
