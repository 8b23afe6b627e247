import Motion

/// What ran after a release, for `manifest.json`'s `decision` event: the completion the scene
/// chose for the decision, rebuilt from Motion's public parts with the release's handed-off
/// initial velocity (so a spring's numbers are the ones the frames were drawn with).
extension Simulation {
  /// `{kind, duration, ...}`: a spring's mass, stiffness (per s²), damping (per s), damping
  /// ratio, natural frequency (rad/s) and initial velocity (fractions of the remaining distance
  /// per second); a curve's control points; `duration` is the settle's seconds.
  static func settleDetails(driver: InteractionDriver, release r: InteractionRelease) -> JSONValue {
    var fields: [String: JSONValue] = ["duration": .number(r.settleTime - r.time)]
    var timing: Timing?
    switch driver {
    case .direct(let complete, let cancel):
      switch r.decision == .complete ? complete : cancel {
      case .spring(let params, _): timing = try? params.timing(initialVelocity: r.initialVelocity)
      case .curve(let c, let duration): timing = try? Timing.cubic(c, duration: duration)
      case .timing(let t): timing = t
      case .remaining(let t):
        if case .timing(let rest)? = try? SettleCurve.remaining(of: t, from: r.progress, forward: r.decision == .complete) {
          timing = rest
        } else if case .cubic(let c) = t.curve {
          fields["kind"] = .string("resumedCurve")
          fields["controlPoints"] = .array([c.c1x, c.c1y, c.c2x, c.c2y].map { .number($0) })
        }
      }
    case .percentDriven:
      fields["kind"] = .string("percentDriven")
    }
    if let timing {
      switch timing.curve {
      case .spring(let s):
        fields["kind"] = .string("spring")
        fields["mass"] = .number(s.mass)
        fields["stiffness"] = .number(s.stiffness)
        fields["damping"] = .number(s.damping)
        fields["dampingRatio"] = .number(s.effectiveDampingRatio)
        fields["naturalFrequency"] = .number(s.naturalFrequency)
        fields["initialVelocity"] = .number(s.initialVelocity)
      case .cubic(let c):
        fields["kind"] = .string("curve")
        fields["controlPoints"] = .array([c.c1x, c.c1y, c.c2x, c.c2y].map { .number($0) })
      }
    }
    return .object(fields)
  }
}
