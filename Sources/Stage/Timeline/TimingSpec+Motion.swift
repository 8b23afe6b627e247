import Motion
import Scene

// Stage's additions to Scene's TimingSpec → Motion bridge (TimingSpec+Motion.swift in Scene).
extension TimingSpec {
  var cubic: CubicBezier? {
    guard case .curve(let c, _) = kind else { return nil }
    return c.cubicBezier
  }

  /// The Motion timing, with `initialVelocity` (fractions of the distance per second)
  /// replacing the written one when given; Scene's diagnostics become `StageError`s.
  func resolvedTiming(initialVelocity: Double? = nil) throws(StageError) -> Timing {
    do {
      if let v = initialVelocity, case .spring(let s) = kind {
        do { return try s.parameters.timing(initialVelocity: v, delay: delay) } catch {
          throw SceneDiagnostic(error.diagnosticKind, at: location)
        }
      }
      return try motionTiming()
    } catch {
      throw .invalidSetting("\(error)")
    }
  }

  /// UIKit's `continueAnimation` of this timing over `duration` seconds: a spring is
  /// re-fitted with its damping ratio (clamped to (0, 1] as UIKit does) to that duration
  /// (motion-model §5); a cubic curve runs over it.
  func continuation(duration: Double, initialVelocity: Double = 0) throws(StageError) -> Timing {
    do {
      switch kind {
      case .spring:
        let z = motionSpringParameters!.dampingRatio
        return try SpringParameters.uikit(duration: max(duration, 0.01), dampingRatio: min(max(z, 1.1920929e-7), 1))
          .timing(initialVelocity: initialVelocity)
      case .curve:
        return try Timing.cubic(cubic ?? .linear, duration: max(duration, 0))
      }
    } catch {
      throw .invalidSetting("timing: \(error)")
    }
  }
}
