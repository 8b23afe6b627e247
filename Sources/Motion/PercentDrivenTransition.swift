import Geometry

/// `UIPercentDrivenInteractiveTransition` as a value (motion-model §6): `update(_:at:)` while
/// the finger moves, then `finish(at:)` or `cancel(at:)`; `progress(at:)` is the transition's
/// visible progress for any clock time.
///
/// Three mechanisms, as UIKit has them:
/// - `.interruptibleAnimator`: the animator's `fractionComplete` follows p; finish/cancel reverse
///   it as needed and continue with `timingCurve` and duration factor (1 − p)/speed or p/speed
///   when a timing curve is given or the speed is not 1, else `startAnimation()` (its own curve
///   and remaining duration: T5, T6).
/// - `.animatorTracking`: like the above, but finish/cancel always continue with
///   `completionCurve` (UIKit's default is the private spring curve 7).
/// - `.layerTiming`: the classic path: the container layer is frozen at `timeOffset = p·D`, so
///   the visible progress is the animation's curve at p; finish/cancel run the layer on at
///   ±`completionSpeed` from there. (UIKit re-times this remainder privately; this model keeps
///   the animation's own curve.)
public struct PercentDrivenTransition: Hashable, Sendable {
  public enum Mechanism: Hashable, Sendable { case interruptibleAnimator, animatorTracking, layerTiming }

  /// When and how the transition was released.
  public struct Release: Hashable, Sendable {
    public var time: Double
    public var outcome: InteractionOutcome
  }

  public let mechanism: Mechanism
  /// The non-interactive duration (`transitionDuration(using:)`), seconds.
  public let duration: Double
  /// Multiplier for the completion; a value <= 0 reads back as 1, as UIKit does.
  public let completionSpeed: Double
  public let completionCurve: TimingCurveProvider
  /// `timingCurve` (interruptible-animator path only); nil keeps the animator's own.
  public let timingCurve: TimingCurveProvider?

  private var animator: PropertyAnimator
  private var clock: LayerClock
  private let animationTiming: Timing
  /// The last progress passed to `update`.
  public private(set) var percentComplete = 0.0
  /// The release, once `finish` or `cancel` has been called.
  public private(set) var outcome: Release? = nil

  /// - Parameters:
  ///   - timing: the transition animation's own timing over `duration` (its curve, or a spring).
  ///   - start: clock time at which the interaction begins (the animation is paused at 0).
  public init(
    mechanism: Mechanism, timing: Timing, completionSpeed: Double = 1,
    completionCurve: TimingCurveProvider = .systemSpring, timingCurve: TimingCurveProvider? = nil,
    start: Double = 0
  ) throws(MotionError) {
    try require("completionSpeed", completionSpeed, "finite") { _ in true }
    self.mechanism = mechanism
    self.duration = timing.duration
    self.completionSpeed = completionSpeed > 0 ? completionSpeed : 1
    self.completionCurve = completionCurve
    self.timingCurve = timingCurve
    self.animationTiming = Timing(unchecked: timing.curve, duration: timing.duration)
    self.animator = PropertyAnimator(animationTiming)
    self.clock = try LayerClock.frozen(duration: timing.duration, start: start)
    animator.pauseAnimation(at: start)
  }

  /// `updateInteractiveTransition(p)` at clock time `t` (p is clamped to [0, 1]).
  public mutating func update(_ p: Double, at t: Double) {
    guard outcome == nil else { return }
    let p = clamp(p.isNaN ? 0 : p, 0, 1)
    percentComplete = p
    switch mechanism {
    case .interruptibleAnimator, .animatorTracking: animator.setFractionComplete(p, at: t)
    case .layerTiming: clock.scrub(to: p * duration, at: t)
    }
  }

  /// `finishInteractiveTransition()` at `t`.
  public mutating func finish(at t: Double) { complete(.complete, at: t) }

  /// `cancelInteractiveTransition()` at `t`.
  public mutating func cancel(at t: Double) { complete(.cancel, at: t) }

  private mutating func complete(_ o: InteractionOutcome, at t: Double) {
    guard outcome == nil else { return }
    outcome = Release(time: t, outcome: o)
    let p = percentComplete, s = completionSpeed
    let factor = o == .complete ? (1 - p) / s : p / s
    switch mechanism {
    case .interruptibleAnimator:
      animator.setReversed(o == .cancel, at: t)
      if timingCurve != nil || s != 1 {
        animator.continueAnimation(at: t, with: timingCurve, durationFactor: factor)
      } else {
        animator.startAnimation(at: t)
      }
    case .animatorTracking:
      animator.setReversed(o == .cancel, at: t)
      animator.continueAnimation(at: t, with: completionCurve, durationFactor: factor)
    case .layerTiming:
      clock.resume(speed: o == .complete ? s : -s, at: t)
    }
  }

  /// Visible transition progress at clock time `t` (0 = from state, 1 = to state).
  public func progress(at t: Double) -> Double {
    switch mechanism {
    case .interruptibleAnimator, .animatorTracking: return animator.progress(at: t)
    case .layerTiming: return animationTiming.progress(at: clock.localTime(at: t))
    }
  }

  /// d(progress)/dt at `t`, fractions per second (0 while tracking: updates are discrete).
  public func velocity(at t: Double) -> Double {
    switch mechanism {
    case .interruptibleAnimator, .animatorTracking: return animator.velocity(at: t)
    case .layerTiming:
      return animationTiming.velocity(at: clock.localTime(at: t)) * clock.speed(at: t)
    }
  }

  /// Clock time when the completion ends, once released.
  public var endTime: Double? {
    guard outcome != nil else { return nil }
    switch mechanism {
    case .interruptibleAnimator, .animatorTracking: return animator.completionTime ?? outcome?.time
    case .layerTiming: return clock.endTime ?? outcome?.time
    }
  }

  /// Seconds from the release to the end of the completion (the duration of the remainder).
  public var remainingDuration: Double? {
    guard let o = outcome, let end = endTime else { return nil }
    return end - o.time
  }
}
