import Motion
import Scene

/// One animation of a clip that ends at a known time: the transition's timing, a track's or
/// a matched view's own timing, or the settle after a release, with the spring it ran (its
/// initial velocity as handed over) so that a jump at its end can be explained.
struct AnimationEnd {
  /// Clip seconds at which it ends (and a spring snaps to its target).
  var time: Double
  /// Its own duration (seconds), from its start (after any delay).
  var duration: Double
  /// "the transition's spring", "the complete spring", ...
  var what: String
  /// Where its timing is written.
  var location: SourceLocation?
  /// The spring as it ran, nil for a curve.
  var spring: Spring?
  /// The spring as written (to try other durations or damping ratios with the same velocity).
  var parameters: SpringParameters?
  /// Whether the initial velocity is the finger's, handed over at a release.
  var handedOver: Bool

  /// The fraction of the distance still to go when it ends (negative: past the target); 0 for
  /// a curve, which ends exactly at its target.
  var residual: Double { spring.map { 1 - $0.value(at: duration) } ?? 0 }
}

extension AnimationEnd {
  /// Every animation of `timeline` with an end: the transition's timing (without an
  /// interaction, or as a sheet's presentation before one), each track's and matched view's own timing, and each release's settle
  /// spring or curve. Timings that do not resolve are left out (the clip could not have been
  /// built with them).
  static func all(in timeline: Timeline) -> [AnimationEnd] {
    let simulation = timeline.simulation
    let transition = simulation.transition
    let start = simulation.start
    var out: [AnimationEnd] = []
    // A trigger that failed: nothing animates.
    guard start.isFinite else { return out }
    func add(_ spec: TimingSpec, _ what: String, from start: Double) {
      guard let timing = try? spec.resolvedTiming() else { return }
      out.append(AnimationEnd(
        time: start + timing.endTime, duration: timing.duration, what: what, location: spec.location, spring: timing.spring,
        parameters: spec.motionSpringParameters, handedOver: false))
    }
    if transition.interaction == nil { add(transition.timing, "the transition's timing", from: start) }
    for track in transition.tracks {
      if let spec = track.timing { add(spec, "the timing of \(track.target.text)'s \(track.property.rawValue)", from: start) }
    }
    for m in transition.matched {
      if let spec = m.timing { add(spec, "the timing of the matched view \(m.source.text)", from: start) }
    }
    guard let spec = transition.interaction, let interaction = simulation.interaction else { return out }
    // A presented sheet rises on the transition's timing before the gesture.
    if let presentation = interaction.presentation {
      add(transition.timing, "the sheet's presentation", from: presentation.start)
    }
    for case .release(let r) in interaction.events {
      let completes = r.decision == .complete
      let name = completes ? "complete" : "cancel"
      switch completes ? spec.complete : spec.cancel {
      case .timing(let settle, let handOff):
        let carried = handOff != .none && settle.motionSpringParameters != nil
        guard let timing = try? settle.resolvedTiming(initialVelocity: carried ? r.initialVelocity : nil) else { continue }
        out.append(AnimationEnd(
          time: r.time + timing.endTime, duration: timing.duration, what: "the \(name) \(timing.spring == nil ? "curve" : "spring")",
          location: settle.location, spring: timing.spring, parameters: settle.motionSpringParameters, handedOver: carried))
      case .remaining:
        guard let whole = try? transition.timing.resolvedTiming(),
          case .timing(let rest)? = try? SettleCurve.remaining(of: whole, from: r.progress, forward: completes)
        else { continue }
        out.append(AnimationEnd(
          time: r.time + rest.endTime, duration: rest.duration, what: "the \(name) (the transition's timing run on)",
          location: transition.timing.location, spring: rest.spring, parameters: nil, handedOver: false))
      }
    }
    return out
  }
}
