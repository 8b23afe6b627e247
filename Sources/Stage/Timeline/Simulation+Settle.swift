import Motion

/// What ran after a release, for the `decision` event: the completion the scene chose for the
/// decision, rebuilt from Motion's public parts with the release's handed-off initial velocity
/// (so a spring's numbers are the ones the frames were drawn with).
extension Simulation {
  static func settleMotion(driver: InteractionDriver, release r: InteractionRelease) -> ClipEvent.SettleMotion {
    var motion = ClipEvent.SettleMotion(shape: nil, duration: r.settleTime - r.time)
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
          motion.shape = .resumedCurve(c)
        }
      }
    case .percentDriven:
      motion.shape = .percentDriven
    }
    switch timing?.curve {
    case .spring(let s)?: motion.shape = .spring(s)
    case .cubic(let c)?: motion.shape = .curve(c)
    case nil: break
    }
    return motion
  }
}
