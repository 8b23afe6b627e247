import Geometry
import Motion

// The bridge from a timing as a scene writes it to the Motion module's timing functions.
extension TimingSpec.Curve {
  /// The Core Animation control points as a Motion curve.
  public var cubicBezier: CubicBezier {
    switch self {
    case .linear: return .linear
    case .easeIn: return .easeIn
    case .easeOut: return .easeOut
    case .easeInEaseOut: return .easeInEaseOut
    case .default: return .default
    case .controlPoints:
      let p = controlPoints
      // The reader has checked x1 and x2 in 0...1; clamp defensively rather than trap.
      return (try? CubicBezier(p.x1, p.y1, p.x2, p.y2))
        ?? (try? CubicBezier(min(max(p.x1, 0), 1), p.y1, min(max(p.x2, 0), 1), p.y2)) ?? .linear
    }
  }
}

extension TimingSpec.Spring {
  /// The Motion parameterisation (without the initial velocity).
  public var parameters: SpringParameters {
    switch self {
    case .uikit(let d, let z, _): return .uikit(duration: d, dampingRatio: z)
    case .physical(let m, let k, let c, _): return .physical(mass: m, stiffness: k, damping: c)
    case .response(let r, let z, _): return .response(response: r, dampingFraction: z)
    case .bounce(let d, let b, _): return .perceptual(duration: d, bounce: b)
    }
  }

  /// Initial velocity in fractions of the distance per second.
  public var initialVelocity: Double {
    switch self {
    case .uikit(_, _, let v), .physical(_, _, _, let v), .response(_, _, let v), .bounce(_, _, let v): return v
    }
  }
}

extension TimingSpec {
  /// The spring's Motion parameters, or nil for a cubic curve.
  public var motionSpringParameters: SpringParameters? {
    if case .spring(let s) = kind { return s.parameters }
    return nil
  }

  /// The Motion timing: a cubic curve over its duration, or a spring that ends at its UIKit
  /// duration (duration/dampingRatio) or at UIKit's settling duration (the other forms), after
  /// `delay`. Throws a diagnostic at the spec's location for values Motion rejects (for example
  /// a spring with damping 0, which never settles).
  public func motionTiming() throws(SceneDiagnostic) -> Timing {
    do {
      switch kind {
      case .curve(let c, let duration):
        return try Timing.cubic(c.cubicBezier, duration: duration, delay: delay)
      case .spring(let s):
        return try s.parameters.timing(initialVelocity: s.initialVelocity, delay: delay)
      }
    } catch {
      throw SceneDiagnostic(error.diagnosticKind, at: location)
    }
  }

  /// Per-axis timings for a 2-D initial velocity (fractions of each axis' distance per
  /// second), as UIViewPropertyAnimator fits one spring per axis. Curves ignore the velocity.
  public func motionTimings(initialVelocity: Point) throws(SceneDiagnostic) -> (x: Timing, y: Timing) {
    guard case .spring(let s) = kind else {
      let t = try motionTiming()
      return (t, t)
    }
    do {
      return try s.parameters.timings(initialVelocity: initialVelocity, delay: delay)
    } catch {
      throw SceneDiagnostic(error.diagnosticKind, at: location)
    }
  }
}

extension MotionError {
  /// The scene diagnostic for a Motion error.
  public var diagnosticKind: SceneDiagnostic.Kind {
    switch self {
    case .invalidParameter(let name, let value, let requirement):
      if !value.isFinite { return .notFinite(key: name, text: "\(value)") }
      return .outOfRange(key: name, requirement: requirement, value: value)
    case .neverSettles:
      return .outOfRange(key: "damping", requirement: "> 0 (an undamped spring never settles)", value: 0)
    case .invalidGesture(let index, let reason):
      return .gestureOrder(event: "point \(index + 1)", time: .nan, problem: reason)
    }
  }
}
