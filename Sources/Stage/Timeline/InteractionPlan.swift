import Geometry
import Motion

/// How a transition's progress runs when no finger drives it: `timing` from `start` seconds.
public struct TimedTransition: Hashable, Sendable {
  public var start: Double
  public var timing: Timing
  public init(start: Double, timing: Timing) { self.start = start; self.timing = timing }
}

/// How the finger's translation becomes progress: `p = clamp(base + component / distance)`.
public struct ProgressMapping: Hashable, Sendable {
  public enum Axis: String, Hashable, Sendable {
    /// translation.x, translation.y, or |translation.x| (either direction counts).
    case x, y, absX, absY
  }
  public var axis: Axis
  /// Points of translation for p to go from 0 to 1 (> 0).
  public var distance: Double
  /// p is clamped to this range while tracking (T4 uses 0.01...0.99).
  public var range: ClosedRange<Double>

  public init(axis: Axis, distance: Double, range: ClosedRange<Double> = 0...1) {
    self.axis = axis; self.distance = distance; self.range = range
  }

  public func component(_ v: Point) -> Double {
    switch axis {
    case .x: return v.x
    case .y: return v.y
    case .absX: return abs(v.x)
    case .absY: return abs(v.y)
    }
  }

  /// The signed component along the axis (|x| axes use the sign of x) for velocities.
  public func velocityComponent(_ v: Point) -> Double {
    switch axis {
    case .x, .absX: return v.x
    case .y, .absY: return v.y
    }
  }
}

/// Whether a release completes the transition.
public enum ReleaseRule: Hashable, Sendable {
  /// Complete when the finger moves forward (velocity > 0 along the axis) and p > `progress` (T2).
  case movingForward(progressAbove: Double)
  /// Complete when `v > velocity || (y > distance / 2 && v > -velocity)` (T3; y in points).
  case flickOrHalfway(velocity: Double)
  /// Complete when p >= `threshold` (T4 0.5, T5 and T6 0.4).
  case progressAtLeast(Double)

  /// - Parameters: p the progress at release, v the velocity along the axis (pt/s), y the
  ///   translation along the axis in points of travel, distance the interaction distance.
  public func completes(p: Double, v: Double, y: Double, distance: Double) -> Bool {
    switch self {
    case .movingForward(let minimum): return v > 0 && p > minimum
    case .flickOrHalfway(let threshold): return v > threshold || (y > distance / 2 && v > -threshold)
    case .progressAtLeast(let threshold): return p >= threshold
    }
  }
}

/// The animation after release, carrying progress from its value at release to 1 (complete)
/// or 0 (cancel).
public enum SettleAnimation: Hashable, Sendable {
  /// A spring over the remaining distance. With `carriesVelocity`, its initial velocity is the
  /// finger's velocity over the distance left (`v / distanceLeft`, 0 when that distance is 0).
  case spring(SpringParameters, carriesVelocity: Bool)
  /// The transition's own curve runs on at normal speed from where the finger left it,
  /// forward (complete) or backward (cancel): the remaining `duration · (1 − f)` or `duration · f`.
  case remainingCurve(CubicBezier, duration: Double)
}

/// The lifted image view follows the finger: `transform = scale(s, s) · translate(tx, ty)` about
/// its centre with `s = lerp(from, to, p)` (T2: 1 to 0.68).
public struct FingerFollow: Hashable, Sendable {
  public var scaleFrom: Double
  public var scaleTo: Double
  public init(scaleFrom: Double = 1, scaleTo: Double) { self.scaleFrom = scaleFrom; self.scaleTo = scaleTo }
}

/// An interactive transition: the finger, how it maps to progress, the release decision,
/// and the animations that follow, for the progress (tracks) and the matched view.
public struct InteractionPlan: Hashable, Sendable {
  public var script: PanScript
  public var mapping: ProgressMapping
  public var rule: ReleaseRule
  /// Settling the transition's progress (the tracks).
  public var complete: SettleAnimation
  public var cancel: SettleAnimation
  /// Settling the matched view, when it differs from the tracks' (T2: the foreground animator).
  public var matchedComplete: SettleAnimation?
  public var matchedCancel: SettleAnimation?
  public var follow: FingerFollow?
  /// While tracking, tracks show `curve(p)` instead of p (a time-based animation frozen and
  /// scrubbed by its time offset); nil scrubs linearly, as `UIViewPropertyAnimator` does.
  public var scrubCurve: CubicBezier?

  public init(
    script: PanScript, mapping: ProgressMapping, rule: ReleaseRule, complete: SettleAnimation,
    cancel: SettleAnimation, matchedComplete: SettleAnimation? = nil, matchedCancel: SettleAnimation? = nil,
    follow: FingerFollow? = nil, scrubCurve: CubicBezier? = nil
  ) {
    self.script = script; self.mapping = mapping; self.rule = rule; self.complete = complete
    self.cancel = cancel; self.matchedComplete = matchedComplete; self.matchedCancel = matchedCancel
    self.follow = follow; self.scrubCurve = scrubCurve
  }
}

/// How the transition runs: on its own timing, or under a finger.
public enum TransitionDrive: Hashable, Sendable {
  case timed(TimedTransition)
  case interactive(InteractionPlan)
}
