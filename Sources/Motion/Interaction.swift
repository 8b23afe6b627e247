import Geometry

/// How the transition moves after the finger lifts, when the app animates it directly (T2, T3).
public enum Completion: Hashable, Sendable {
  /// A spring from the release progress to the target. With `carriesVelocity`, its initial
  /// velocity is the finger's velocity on the axis over the distance left (T3); otherwise 0
  /// (T2's `UIViewPropertyAnimator(duration:dampingRatio:)`).
  case spring(SpringParameters, carriesVelocity: Bool)
  /// A cubic curve over `duration` seconds from the release progress to the target.
  case curve(CubicBezier, duration: Double)
  /// The transition's own timing runs on from the release progress at normal speed (forward to
  /// complete, backward to cancel): see `SettleCurve.remaining(of:from:forward:)`.
  case remaining(Timing)  /// A given timing (with its own delay and initial velocity) from the release progress to
  /// the target; no velocity is handed off.
  case timing(Timing)
}

/// What drives the transition's progress.
public enum InteractionDriver: Hashable, Sendable {
  /// The app animates to the end itself: `complete` or `cancel` after the release.
  case direct(complete: Completion, cancel: Completion)
  /// A `UIPercentDrivenInteractiveTransition` (T4 with `.layerTiming`, T5/T6 with
  /// `.interruptibleAnimator`): updates while tracking, finish/cancel on release. `timing` is the
  /// transition animation's own curve and duration.
  case percentDriven(
    PercentDrivenTransition.Mechanism, timing: Timing, completionSpeed: Double = 1,
    completionCurve: TimingCurveProvider = .systemSpring, timingCurve: TimingCurveProvider? = nil)
}

/// Where an interaction is at a time.
public enum InteractionPhase: Hashable, Sendable {
  /// No gesture has taken hold of the transition (before the pan is recognised).
  case idle
  /// The finger drives progress.
  case tracking
  /// Released; animating to the outcome.
  case settling(InteractionOutcome)
  /// Finished at the outcome (complete: p = 1; cancel: p = 0).
  case done(InteractionOutcome)
}

/// The finger lifting, with everything that decided what happened next.
public struct InteractionRelease: Hashable, Sendable {
  public var time: Double
  /// The finger's velocity as the recognizer reported it, points per second.
  public var velocity: Point
  /// The recognizer's translation at the lift (since its last reset), points.
  public var translation: Point
  /// The translation that drove progress at the lift (the recognizer's, less what a scroll
  /// view took first), points.
  public var drivingTranslation: Point
  /// The rules' translation: the grab offset on the axis (offset · distance) plus
  /// `drivingTranslation`, points.
  public var travel: Point
  /// v: the velocity on the axis, in the direction that increases p, points per second.
  public var axisVelocity: Double
  /// True when the system cancelled the gesture (the decision is then always cancel).
  public var cancelled: Bool
  /// Progress at the lift.
  public var progress: Double
  public var decision: InteractionOutcome
  /// The spring's initial velocity handed off from the finger (fractions of the remaining
  /// distance per second); 0 when the completion does not carry velocity.
  public var initialVelocity: Double
  /// When the settle ends (clock seconds).
  public var settleTime: Double
  /// Where the settle goes: 1 for a completion, 0 for a cancel, or the chosen resting point's progress.
  public var target: Double = 0
  /// With resting points: the index of the point the release chose.
  public var restingPoint: Int? = nil
  /// With resting points: `p + projection(v)/D`, where the momentum would carry p.
  public var projectedProgress: Double? = nil
  /// True when a commit rule fired while the finger was still down (the finger then no
  /// longer drives the transition); the time and numbers are the report that fired it.
  public var committed = false
}

/// Something that happened during an interaction, in time order.
public enum InteractionEvent: Hashable, Sendable {
  case touchDown(time: Double, location: Point)
  /// The pan was recognised and took hold of the transition at `progress` (0, or where a
  /// settling transition was grabbed).
  case began(time: Double, progress: Double)
  case release(InteractionRelease)
  case settle(time: Double, outcome: InteractionOutcome)

  public var time: Double {
    switch self {
    case .touchDown(let t, _), .began(let t, _), .settle(let t, _): return t
    case .release(let r): return r.time
    }
  }
}

/// The interaction at one time.
public struct InteractionSample: Hashable, Sendable {
  public var time: Double
  public var phase: InteractionPhase
  /// Visible transition progress (0 = from state, 1 = to state; springs may overshoot).
  public var progress: Double
  /// d(progress)/dt, fractions per second (0 while tracking: progress follows discrete touches).
  public var velocity: Double
  /// Where the finger is, or nil when no finger is down.
  public var fingerLocation: Point?
  /// The latest translation that drives progress (points): the recognizer's, less what a
  /// scroll view took first (see `ProgressMapping.scrolled`). Zero before the current
  /// stroke's first report.
  public var translation: Point
  /// The recognizer's latest velocity (points per second) while a finger is down, else zero.
  public var fingerVelocity: Point
  /// The scroll view's content offset on the axis (points), when the mapping has one.
  public var scrollContentOffset: Double?
  /// During and after a settle: how far the completion animation has run (0 at the release, 1 at
  /// its end, may overshoot for springs); nil otherwise. For direct drivers, this is the timing
  /// that views animating from their release state (T2's image) should follow.
  public var settleFraction: Double?
}

/// A scripted pan driving an interactive transition: the pure simulation a clip is rendered
/// from. Built once from the script; `sample(at:)` then answers for any time without
/// depending on the frame rate (only on the touch sampling rate).
public struct Interaction: Hashable, Sendable {
  public let script: PanGestureScript
  public let mapping: ProgressMapping
  public let rule: ReleaseRule
  public let driver: InteractionDriver
  public let touchRate: Double
  /// The pan's slop: points the touch moves before the pan begins (UIKit: 10).
  public let hysteresis: Double
  /// Named points p may rest at (a sheet's detents): a release settles at the one nearest its
  /// projected progress instead of deciding complete (1) or cancel (0); a system cancel goes
  /// back to the point nearest where the stroke took hold. A settled transition can be
  /// grabbed again.
  public let restingPoints: RestingPoints?
  /// p before any touch (a resting point's progress; 0 without resting points).
  public let initialProgress: Double
  /// A rule checked at every report while the finger drives p: when it holds the transition
  /// is released there (committed) and the rest of that stroke no longer drives it.
  public let commit: ReleasePredicate?
  /// An animation that carries p to `initialProgress` before any touch (a sheet presented up
  /// to its detent); a stroke that takes hold meanwhile grabs p where it is.
  public let presentation: Presentation?

  /// p animated from `from` to the interaction's initial progress along `curve`, from clock
  /// time `start` (seconds).
  public struct Presentation: Hashable, Sendable {
    public var start: Double
    public var from: Double
    public var curve: SettleCurve
    public init(start: Double, from: Double, curve: SettleCurve) {
      self.start = start; self.from = from; self.curve = curve
    }
    /// When p reaches the initial progress (clock seconds).
    public var end: Double { start + curve.duration }
  }
  /// Everything that happened, in time order.
  public private(set) var events: [InteractionEvent] = []
  /// Every report the recognizer delivered.
  public private(set) var reports: [PanReport] = []
  /// For each report: the stroke, the translation that drove progress and the scroll view's
  /// content offset.
  struct Drive: Hashable, Sendable {
    var stroke: Int
    var translation: Point
    var contentOffset: Double?
  }
  private(set) var drives: [Drive] = []

  /// Queries treat times within this many seconds after an event as at it, so a frame time
  /// n / fps that lands on a touch tick down + k / rate sees that tick despite rounding.
  public static let timeTolerance = 1e-9

  enum Source: Hashable, Sendable {
    case hold(Double)
    case settle(from: Double, to: Double, curve: SettleCurve, start: Double)
    case percent(PercentDrivenTransition)
  }
  struct Span: Hashable, Sendable {
    var start: Double
    var phase: InteractionPhase
    var source: Source
    var settleStart: Double?
  }
  private(set) var spans: [Span] = []

  public init(
    script: PanGestureScript, mapping: ProgressMapping, rule: ReleaseRule, driver: InteractionDriver,
    touchRate: Double = PanGestureScript.defaultTouchRate, hysteresis: Double = PanRecognizer.defaultHysteresis,
    restingPoints: RestingPoints? = nil, initialProgress: Double = 0, commit: ReleasePredicate? = nil,
    presentation: Presentation? = nil
  ) throws(MotionError) {
    try require("touchRate", touchRate, "> 0") { $0 > 0 }
    try require("hysteresis", hysteresis, ">= 0") { $0 >= 0 }
    try require("initialProgress", initialProgress, "finite") { _ in true }
    if case .percentDriven(_, _, let speed, _, _) = driver {
      try require("completionSpeed", speed, "finite") { _ in true }
      if restingPoints != nil {
        throw .invalidParameter(name: "resting point count", value: Double(restingPoints!.points.count),
                                requirement: "0 with a percent-driven transition (it can only finish or cancel)")
      }
    }
    self.restingPoints = restingPoints
    self.initialProgress = initialProgress
    self.commit = commit
    self.presentation = presentation
    if let rest = restingPoints, case .direct(let complete, let cancel) = driver {
      for c in [complete, cancel] {
        if case .remaining = c {
          throw .invalidParameter(name: "resting point count", value: Double(rest.points.count),
                                  requirement: "0 with a 'remaining' settle (it runs only to 0 or 1): settle with a spring or curve")
        }
      }
    }
    self.script = script
    self.mapping = mapping
    self.rule = rule
    self.driver = driver
    self.touchRate = touchRate
    self.hysteresis = hysteresis
    if let pres = presentation {
      try require("presentation.start", pres.start, "finite") { _ in true }
      try require("presentation.from", pres.from, "finite") { _ in true }
      spans = [
        Span(start: -.infinity, phase: .idle, source: .hold(pres.from), settleStart: nil),
        Span(start: pres.start, phase: .idle, source: .settle(from: pres.from, to: initialProgress, curve: pres.curve, start: pres.start), settleStart: nil),
        Span(start: pres.end, phase: .idle, source: .hold(initialProgress), settleStart: nil),
      ]
    } else {
      spans = [Span(start: -.infinity, phase: .idle, source: .hold(initialProgress), settleStart: nil)]
    }
    try simulate(hysteresis: hysteresis)
  }

  // MARK: Simulation

  private mutating func simulate(hysteresis: Double) throws(MotionError) {
    var recognizer = PanRecognizer(hysteresis: hysteresis)
    var offset = 0.0
    var p = 0.0
    var tracking = false
    var ignoredStroke: Int? = nil
    // The scroll view's content offset now, and its hand-off with the transition for the stroke.
    var scroll = mapping.scrollContentOffset
    var handOff: ScrollHandOff?
    for e in script.touchEvents(rate: touchRate) {
      if e.phase == .down { events.append(.touchDown(time: e.time, location: e.location)) }
      guard e.stroke != ignoredStroke, let report = recognizer.handle(e) else { continue }
      if !tracking {
        // Take hold: from rest, from a finished cancel, or from wherever a settle has got to.
        // A completed transition has nothing left to grab.
        if restingPoints == nil, case .done(.complete) = phase(at: report.time) {
          ignoredStroke = e.stroke
          continue
        }
        events.removeAll { if case .settle = $0 { return $0.time > report.time } else { return false } }
        if restingPoints == nil, case .done = phase(at: report.time) { offset = 0 } else { offset = progress(at: report.time) }
        p = offset
        handOff = scroll.map { ScrollHandOff(mapping: mapping, contentOffset: $0, grabProgress: offset) }
        if case .percentDriven(let mechanism, let timing, let speed, let curve, let timingCurve) = driver {
          var pdt = try PercentDrivenTransition(
            mechanism: mechanism, timing: timing, completionSpeed: speed, completionCurve: curve,
            timingCurve: timingCurve, start: report.time)
          pdt.update(p, at: report.time)
          push(Span(start: report.time, phase: .tracking, source: .percent(pdt), settleStart: nil))
        } else {
          push(Span(start: report.time, phase: .tracking, source: .hold(p), settleStart: nil))
        }
        events.append(.began(time: report.time, progress: p))
        tracking = true
      }
      reports.append(report)
      // A scroll view shares the pan (ScrollHandOff); the rest drives progress.
      var translation = report.translation
      if handOff != nil {
        translation = handOff!.drive(translation)
        scroll = handOff!.contentOffset
      }
      // The action method: progress from the translation, or a reset of a negative translation.
      if mapping.resetsNegativeTranslation && mapping.component(translation) < 0 {
        recognizer.setTranslation(.zero)
        translation = .zero
        reports[reports.count - 1].translation = .zero
      } else {
        p = mapping.progress(translation: translation, offset: offset)
        update(p, at: report.time)
      }
      drives.append(Drive(stroke: e.stroke, translation: translation, contentOffset: scroll))
      let lifted = report.state == .ended || report.state == .cancelled
      // While the content is scrolled off its top the scroll view owns the finger's velocity:
      // the transition is released still.
      let v = handOff?.contentIsScrolled == true ? 0 : mapping.velocityComponent(report.velocity, translation: translation)
      let travel = translation + mapping.vector(alongAxis: offset * mapping.distance)
      let state = ReleaseState(
        progress: p, velocity: report.velocity, travel: travel, axisVelocity: v,
        axisTravel: mapping.component(travel), distance: mapping.distance, range: mapping.range)
      // A commit fires while the finger is still down; the rest of the stroke is ignored.
      let committed = !lifted && commit?.holds(in: state) == true
      if lifted || committed {
        tracking = false
        if committed { ignoredStroke = e.stroke }
        let cancelled = report.state == .cancelled
        var decision: InteractionOutcome = cancelled ? .cancel : (committed ? .complete : rule.decide(state))
        var target: Double = decision == .complete ? 1 : 0
        var chosen: Int?, projected: Double?
        if let rest = restingPoints {
          // The point nearest the projection; a system cancel goes back to where it was grabbed.
          decision = cancelled ? .cancel : .complete
          if cancelled {
            chosen = rest.nearest(to: offset)
          } else {
            let pick = rest.target(from: p, axisVelocity: v, distance: mapping.distance)
            (chosen, projected) = (pick.index, pick.projected)
          }
          target = rest.points[chosen!].progress
        }
        let release = try settle(from: p, decision: decision, target: target, velocity: v, at: report.time)
        var r = InteractionRelease(
          time: report.time, velocity: report.velocity, translation: report.translation,
          drivingTranslation: translation, travel: travel, axisVelocity: v, cancelled: cancelled, progress: p,
          decision: decision, initialVelocity: release.v0, settleTime: release.end)
        r.target = target
        r.restingPoint = chosen
        r.projectedProgress = projected
        r.committed = committed
        events.append(.release(r))
        events.append(.settle(time: release.end, outcome: decision))
      }
    }
    events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
  }

  private mutating func push(_ span: Span) {
    spans.removeAll { $0.start >= span.start && $0.start > -.infinity }
    spans.append(span)
  }

  private mutating func update(_ p: Double, at t: Double) {
    guard var last = spans.last else { return }
    if case .percent(var pdt) = last.source {
      pdt.update(p, at: t)
      last.source = .percent(pdt)
      spans[spans.count - 1] = last
    } else {
      push(Span(start: t, phase: .tracking, source: .hold(p), settleStart: nil))
    }
  }

  private mutating func settle(from p: Double, decision: InteractionOutcome, target: Double, velocity v: Double, at t: Double)
    throws(MotionError) -> (v0: Double, end: Double)
  {
    switch driver {
    case .direct(let complete, let cancel):
      let completion = decision == .complete ? complete : cancel
      let curve: SettleCurve, v0: Double
      switch completion {
      case .spring(let params, let carries):
        v0 = carries ? GesturePhysics.initialVelocity(fingerVelocity: v, distanceLeft: (target - p) * mapping.distance) : 0
        curve = .timing(try params.timing(initialVelocity: v0))
      case .curve(let c, let duration):
        v0 = 0
        curve = .timing(try Timing.cubic(c, duration: duration))
      case .remaining(let timing):
        v0 = 0
        curve = try SettleCurve.remaining(of: timing, from: p, forward: decision == .complete)
      case .timing(let timing):
        v0 = 0
        curve = .timing(timing)
      }
      let end = t + curve.duration
      push(Span(start: t, phase: .settling(decision), source: .settle(from: p, to: target, curve: curve, start: t), settleStart: t))
      push(Span(start: end, phase: .done(decision), source: .hold(target), settleStart: t))
      return (v0, end)
    case .percentDriven:
      guard var last = spans.last, case .percent(var pdt) = last.source else { return (0, t) }
      if decision == .complete { pdt.finish(at: t) } else { pdt.cancel(at: t) }
      let end = pdt.endTime ?? t
      last.source = .percent(pdt)
      spans[spans.count - 1] = last
      push(Span(start: t, phase: .settling(decision), source: .percent(pdt), settleStart: t))
      push(Span(start: end, phase: .done(decision), source: .hold(target), settleStart: t))
      return (0, end)
    }
  }

  private func span(at t: Double) -> Span {
    spans.last { $0.start <= t + Self.timeTolerance } ?? spans[0]
  }

  // MARK: Queries

  /// Visible transition progress at `t`.
  public func progress(at t: Double) -> Double {
    switch span(at: t).source {
    case .hold(let p): return p
    case .settle(let from, let to, let curve, let start): return curve.value(elapsed: t - start, start: from, target: to)
    case .percent(let pdt): return pdt.progress(at: t)
    }
  }

  /// The phase at `t`.
  public func phase(at t: Double) -> InteractionPhase { span(at: t).phase }

  /// The whole state at `t`.
  public func sample(at t: Double) -> InteractionSample {
    let s = span(at: t)
    let velocity: Double
    var settleFraction: Double? = nil
    switch s.source {
    case .hold: velocity = 0
    case .settle(let from, let to, let curve, let start):
      velocity = curve.velocity(elapsed: t - start, start: from, target: to)
      let p = curve.value(elapsed: t - start, start: from, target: to)
      settleFraction = to == from ? 1 : (p - from) / (to - from)
    case .percent(let pdt):
      velocity = pdt.velocity(at: t)
      if let start = s.settleStart, let end = pdt.endTime, end > start {
        let released = pdt.progress(at: start), target = pdt.outcome?.outcome == .complete ? 1.0 : 0.0
        settleFraction = target == released ? 1 : (pdt.progress(at: t) - released) / (target - released)
      }
    }
    if case .done = s.phase { settleFraction = 1 }
    let stroke = script.strokes.lastIndex { $0.downTime <= t + Self.timeTolerance }
    let touching = script.location(at: t)
    let last = reports.lastIndex { $0.time <= t + Self.timeTolerance }
    // The latest report, if it belongs to the stroke that is (or was last) down.
    let latest = last.flatMap { drives[$0].stroke == stroke ? $0 : nil }
    let drive = latest.map { drives[$0] }
    let scroll = last.map { drives[$0].contentOffset } ?? mapping.scrollContentOffset
    return InteractionSample(
      time: t, phase: s.phase, progress: progress(at: t), velocity: velocity, fingerLocation: touching,
      translation: drive?.translation ?? .zero,
      fingerVelocity: touching == nil ? .zero : (latest.map { reports[$0].velocity } ?? .zero),
      scrollContentOffset: scroll, settleFraction: settleFraction)
  }

  /// The first release, if the finger ever lifted from a recognised pan.
  public var release: InteractionRelease? {
    for e in events { if case .release(let r) = e { return r } }
    return nil
  }
}
