import Motion
import Scene

extension TimingSpec {
  /// The spring parameters, for a spring spec.
  var springParameters: SpringParameters? {
    guard case .spring(let s) = kind else { return nil }
    switch s {
    case .uikit(let d, let z, _): return .uikit(duration: d, dampingRatio: z)
    case .physical(let m, let k, let c, _): return .physical(mass: m, stiffness: k, damping: c)
    case .response(let r, let z, _): return .response(response: r, dampingFraction: z)
    case .bounce(let d, let b, _): return .perceptual(duration: d, bounce: b)
    }
  }

  /// The initial velocity written in the spec (fractions of the distance per second).
  var writtenInitialVelocity: Double {
    guard case .spring(let s) = kind else { return 0 }
    switch s {
    case .uikit(_, _, let v), .physical(_, _, _, let v), .response(_, _, let v), .bounce(_, _, let v): return v
    }
  }

  var cubic: CubicBezier? {
    guard case .curve(let c, _) = kind else { return nil }
    let p = c.controlPoints
    return try? CubicBezier(p.x1, p.y1, p.x2, p.y2)
  }

  /// The Motion timing (progress 0 → 1 over clock time), with `initialVelocity` replacing the
  /// written one when given.
  func timing(initialVelocity: Double? = nil) throws(StageError) -> Timing {
    do {
      switch kind {
      case .spring:
        return try springParameters!.timing(initialVelocity: initialVelocity ?? writtenInitialVelocity, delay: delay)
      case .curve(_, let duration):
        guard let c = cubic else { throw StageError.invalidSetting("bad timing curve \(self)") }
        return try Timing.cubic(c, duration: duration, delay: delay)
      }
    } catch let e as StageError {
      throw e
    } catch {
      throw .invalidSetting("\(location.map { "\($0): " } ?? "")timing: \(error)")
    }
  }

  /// UIKit's `continueAnimation` for this timing from fraction `f` toward the end, taking
  /// `duration` seconds: a spring is re-fitted with the same damping ratio to that duration
  /// (motion-model §5); a cubic curve runs the rest of itself.
  func continuation(duration: Double, initialVelocity: Double = 0) throws(StageError) -> Timing {
    do {
      switch kind {
      case .spring:
        let z = springParameters!.dampingRatio
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
