import Geometry
import Motion

/// The transition simulated once for the whole clip: the gesture, the release decision and the
/// animations that follow, resolved into segments so that `state(at:)` is a pure function of
/// time (frame n never depends on frame n − 1, and any frame can be rendered alone).
public struct Simulation: Sendable {
  /// One stretch of the transition's life.
  enum Segment: Sendable {
    /// A finger drives progress from `base` (the progress it caught the transition at).
    case tracking(stroke: PanScript.Stroke, start: Double, end: Double, base: Double)
    /// Progress runs from `from` to `target`; the matched view from its release state.
    case settling(Settle)
  }

  struct Settle: Sendable {
    var start: Double
    var end: Double
    var completes: Bool
    /// Linear progress at release (the time offset fraction for a curve settle).
    var fromLinear: Double
    var from: Double
    var target: Double
    var progress: ResolvedSettle
    var matched: ResolvedSettle?
    var matchedRelease: MatchedState?
  }

  enum ResolvedSettle: Sendable {
    /// Fraction of the way from start to target at `t - start`.
    case timing(Timing)
    /// Linear time fraction moves at 1/duration per second (backward when cancelling); the
    /// visible value is `curve(fraction)`.
    case curve(CubicBezier, duration: Double)

    var duration: Double {
      switch self {
      case .timing(let t): return t.endTime
      case .curve(_, let d): return d
      }
    }
  }

  public let drive: TransitionDrive
  /// Where the transition settles, or nil when it never starts.
  public let end: Double
  public let matchedFrames: (from: Rect, to: Rect)?
  let segments: [Segment]
  public let events: [SimulationEvent]

  public init(drive: TransitionDrive, matchedFrames: (from: Rect, to: Rect)?) throws(StageError) {
    self.drive = drive
    self.matchedFrames = matchedFrames
    switch drive {
    case .timed(let timed):
      segments = []
      end = timed.start + timed.timing.endTime
      events = [
        SimulationEvent(kind: "transitionStart", time: timed.start),
        SimulationEvent(kind: "settle", time: end, details: ["decision": .string("complete")]),
      ]
    case .interactive(let plan):
      (segments, events, end) = try Self.simulate(plan, matchedFrames: matchedFrames)
    }
  }

  private static func simulate(
    _ plan: InteractionPlan, matchedFrames: (from: Rect, to: Rect)?
  ) throws(StageError) -> ([Segment], [SimulationEvent], Double) {
    guard plan.mapping.distance > 0 else {
      throw .invalidSetting("the interaction distance must be > 0 (got \(plan.mapping.distance))")
    }
    var segments: [Segment] = []
    var events: [SimulationEvent] = []
    var linear = 0.0  // linear progress where the transition rests
    var settled = false
    let strokes = plan.script.strokes
    for (k, stroke) in strokes.enumerated() {
      if settled { break }
      let down = stroke.downTime
      // A touch during a settle catches the transition where it is.
      if case .settling(var s)? = segments.last, down < s.end {
        let caught = Self.linearValue(s, at: down)
        s.end = down
        segments[segments.count - 1] = .settling(s)
        linear = caught
        events.append(SimulationEvent(kind: "catch", time: down, details: ["progress": .number(caught)]))
      }
      let up = stroke.upTime
      let nextDown = k + 1 < strokes.count ? strokes[k + 1].downTime : Double.infinity
      let trackEnd = up ?? nextDown
      segments.append(.tracking(stroke: stroke, start: down, end: trackEnd, base: linear))
      events.append(SimulationEvent(kind: "touchDown", time: down, details: [
        "x": .number(stroke.start.x), "y": .number(stroke.start.y),
      ]))
      guard let up else { break }
      let sample = stroke.sample(at: up, rate: plan.script.eventRate)
      let pLinear = Self.trackingLinear(plan, base: linear, sample: sample)
      let pVisible = plan.scrubCurve.map { $0.progress(at: pLinear) } ?? pLinear
      let v = plan.mapping.velocityComponent(sample.velocity)
      let travel = pLinear * plan.mapping.distance
      let completes = plan.rule.completes(p: pLinear, v: v, y: travel, distance: plan.mapping.distance)
      let target = completes ? 1.0 : 0.0
      events.append(SimulationEvent(kind: "touchUp", time: up, details: [
        "x": .number(sample.location.x), "y": .number(sample.location.y),
        "velocityX": .number(sample.velocity.x), "velocityY": .number(sample.velocity.y),
        "progress": .number(pLinear),
      ]))
      events.append(SimulationEvent(kind: "decision", time: up, details: [
        "decision": .string(completes ? "complete" : "cancel"), "progress": .number(pLinear), "velocity": .number(v),
      ]))
      let distanceLeft = (target - pLinear) * plan.mapping.distance
      let progressSettle = try resolve(completes ? plan.complete : plan.cancel, v: v, distanceLeft: distanceLeft, from: pLinear, completes: completes)
      var matchedSettle: ResolvedSettle?
      var matchedRelease: MatchedState?
      if let frames = matchedFrames {
        let anim = completes ? (plan.matchedComplete ?? plan.complete) : (plan.matchedCancel ?? plan.cancel)
        matchedSettle = try resolve(anim, v: v, distanceLeft: distanceLeft, from: 0, completes: true)
        matchedRelease = Self.trackingMatched(plan, frames: frames, pLinear: pLinear, sample: sample)
      }
      let end = up + max(progressSettle.remaining(from: pLinear, completes: completes), matchedSettle?.duration ?? 0)
      segments.append(.settling(Settle(
        start: up, end: end, completes: completes, fromLinear: pLinear, from: pVisible, target: target,
        progress: progressSettle, matched: matchedSettle, matchedRelease: matchedRelease)))
      if nextDown >= end {
        settled = true
        events.append(SimulationEvent(kind: "settle", time: end, details: ["decision": .string(completes ? "complete" : "cancel")]))
      }
    }
    let end: Double
    switch segments.last {
    case .settling(let s)?: end = s.end
    case .tracking(let stroke, _, _, _)?: end = stroke.points.last!.time
    case nil: end = 0
    }
    return (segments, events, end)
  }

  private static func resolve(
    _ anim: SettleAnimation, v: Double, distanceLeft: Double, from: Double, completes: Bool
  ) throws(StageError) -> ResolvedSettle {
    switch anim {
    case .spring(let params, let carries):
      let v0 = carries && distanceLeft != 0 ? v / distanceLeft : 0
      do { return .timing(try params.timing(initialVelocity: v0)) } catch {
        throw .invalidSetting("release spring: \(error)")
      }
    case .remainingCurve(let curve, let duration):
      guard duration > 0 else { throw .invalidSetting("release curve duration must be > 0 (got \(duration))") }
      return .curve(curve, duration: duration)
    }
  }

  static func trackingLinear(_ plan: InteractionPlan, base: Double, sample: GestureSample) -> Double {
    let raw = base + plan.mapping.component(sample.translation) / plan.mapping.distance
    return clamp(raw, plan.mapping.range.lowerBound, plan.mapping.range.upperBound)
  }

  static func trackingMatched(_ plan: InteractionPlan, frames: (from: Rect, to: Rect), pLinear: Double, sample: GestureSample) -> MatchedState {
    guard let follow = plan.follow else {
      return MatchedState(frame: Rect.lerp(frames.from, frames.to, pLinear))
    }
    let s = Geometry.lerp(follow.scaleFrom, follow.scaleTo, clamp(pLinear, 0, 1))
    let t = AffineTransform.identity.scaledBy(x: s, y: s).translatedBy(x: sample.translation.x, y: sample.translation.y)
    return MatchedState(frame: frames.from, transform: t)
  }

  static func linearValue(_ s: Settle, at t: Double) -> Double {
    switch s.progress {
    case .timing(let timing): return s.from + (s.target - s.from) * timing.progress(at: t - s.start)
    case .curve(_, let d):
      let f = s.fromLinear + (s.completes ? 1 : -1) * (t - s.start) / d
      return clamp(f, 0, 1)
    }
  }

  /// Phase, progress, finger and matched view at clip time `t` (seconds).
  public func state(at t: Double) -> (phase: InteractionPhase, progress: Double, gesture: GestureSample?, matched: MatchedState?) {
    switch drive {
    case .timed(let timed):
      let local = t - timed.start
      let p = timed.timing.progress(at: local)
      let phase: InteractionPhase = local < 0 ? .idle : (local >= timed.timing.endTime ? .done : .animating)
      let matched = phase == .animating ? matchedFrames.map { MatchedState(frame: Rect.lerp($0.from, $0.to, p)) } : nil
      return (phase, p, nil, matched)
    case .interactive(let plan):
      return interactiveState(plan, at: t)
    }
  }

  private func interactiveState(_ plan: InteractionPlan, at t: Double) -> (InteractionPhase, Double, GestureSample?, MatchedState?) {
    guard let first = segments.first, case .tracking(_, let start, _, _) = first, t >= start else {
      return (.idle, 0, nil, nil)
    }
    for segment in segments.reversed() {
      switch segment {
      case .tracking(let stroke, let start, let end, let base):
        guard t >= start, t < end || end == .infinity || t == end && stroke.upTime == nil else { continue }
        let sample = stroke.sample(at: t, rate: plan.script.eventRate)
        let pLinear = Self.trackingLinear(plan, base: base, sample: sample)
        let p = plan.scrubCurve.map { $0.progress(at: pLinear) } ?? pLinear
        let matched = matchedFrames.map { Self.trackingMatched(plan, frames: $0, pLinear: pLinear, sample: sample) }
        return (.tracking, p, sample, matched)
      case .settling(let s):
        guard t >= s.start else { continue }
        if t >= s.end {
          return (.done, s.target, nil, nil)
        }
        let p: Double
        switch s.progress {
        case .timing: p = Self.linearValue(s, at: t)
        case .curve(let c, _): p = c.progress(at: Self.linearValue(s, at: t))
        }
        var matched: MatchedState?
        if let frames = matchedFrames, let release = s.matchedRelease, case .timing(let timing)? = s.matched {
          let y = timing.progress(at: t - s.start)
          let target = s.completes ? frames.to : frames.from
          matched = MatchedState(
            frame: Rect.lerp(frames.from, target, y),
            transform: Self.lerpTransform(release.transform, .identity, y))
          if release.frame != frames.from {  // no finger-follow: frames interpolate from the release frame
            matched?.frame = Rect.lerp(release.frame, target, y)
          }
        }
        return (.settling, p, nil, matched)
      }
    }
    return (.idle, 0, nil, nil)
  }

  /// Component-wise interpolation of two transforms (equal to Core Animation's decomposed
  /// interpolation for scale-and-translate transforms).
  static func lerpTransform(_ a: AffineTransform, _ b: AffineTransform, _ t: Double) -> AffineTransform {
    AffineTransform(
      a: Geometry.lerp(a.a, b.a, t), b: Geometry.lerp(a.b, b.b, t), c: Geometry.lerp(a.c, b.c, t),
      d: Geometry.lerp(a.d, b.d, t), tx: Geometry.lerp(a.tx, b.tx, t), ty: Geometry.lerp(a.ty, b.ty, t))
  }
}

extension Simulation.ResolvedSettle {
  /// Seconds the settle takes from linear progress `from`.
  func remaining(from: Double, completes: Bool) -> Double {
    switch self {
    case .timing(let t): return t.endTime
    case .curve(_, let d): return d * (completes ? 1 - from : from)
    }
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
