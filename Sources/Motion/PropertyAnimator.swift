import Foundation
import Geometry

/// `UIViewPropertyAnimator` as a value: the progress of its animations (0 at the start values,
/// 1 at the end values) as a function of clock time, built from the calls an app makes at given
/// clock times (motion-model §5).
///
/// Calls are recorded in time order; a call earlier than the previous one is applied at the
/// previous call's time. Queries (`progress(at:)`, `velocity(at:)`, `state(at:)`) work for any
/// time, so several animators can be evaluated on the same clock (T2's foreground spring and
/// background animator).
///
/// Semantics modelled:
/// - `setFractionComplete` pauses; the value is clamped to [0.00001, 0.99999]. With
///   `scrubsLinearly` (the default) the visible progress is the fraction; otherwise it is the
///   curve applied to it. A paused spring scrubs linearly (UIKit swaps it for a basic animation).
/// - `pause` keeps the visible progress; the fraction becomes that progress (linear scrub) or
///   the time fraction.
/// - `setReversed` on a paused animator turns fraction f into 1 − f; on a running one it runs
///   the animations backwards (speed −1).
/// - `continueAnimation(with:durationFactor:)`: for df ≠ 0 the internal duration becomes
///   `duration·df / (1 − f)`; a cubic curve restarts full-length, begun `u·T` in the past with
///   `u = curve⁻¹(progress)`; a spring is re-fitted from the current progress to the target
///   with UIKit's solver over `T·(1 − f)`.
public struct PropertyAnimator: Hashable, Sendable {
  public enum State: Hashable, Sendable {
    /// Not started, or finished (completion has run).
    case inactive
    case running
    case paused
    /// `stopAnimation(false)` was called and the animator has not been finished yet.
    case stopped
  }

  /// Where `finishAnimation(at:)` leaves the animations.
  public enum Position: Hashable, Sendable { case start, end, current }

  /// The original duration in seconds (`unitDuration`).
  public let duration: Double
  /// The original timing parameters.
  public let timingParameters: TimingCurveProvider
  /// When true (UIKit's default), a paused cubic animator shows the fraction itself.
  public let scrubsLinearly: Bool
  /// When true, the animator pauses at the end instead of finishing.
  public let pausesOnCompletion: Bool
  /// The timing `startAnimation` runs from an inactive state.
  public let timing: Timing

  private(set) var segments: [Segment]
  /// Whether the animator currently runs towards the start values.
  public private(set) var isReversed = false
  private var internalDuration: Double
  private var lastCallTime = -Double.infinity

  /// An animator that animates over `duration` seconds with `timing`: a cubic curve, or a
  /// UIKit duration spring with the given ratio and initial velocity. A duration of 0 becomes
  /// 0.2 s, as UIKit does.
  public init(
    duration: Double, timing: TimingCurveProvider, scrubsLinearly: Bool = true, pausesOnCompletion: Bool = false
  ) throws(MotionError) {
    try require("duration", duration, ">= 0") { $0 >= 0 }
    if case .spring(let z, let v) = timing {
      try require("dampingRatio", z, "> 0") { $0 > 0 }
      try require("initialVelocity", v, "finite") { _ in true }
    }
    let d = duration == 0 ? 0.2 : duration
    let resolved: Timing
    switch timing {
    case .cubic(let c): resolved = Timing(unchecked: .cubic(c), duration: d)
    case .spring(let z, let v):
      resolved = Timing(unchecked: .spring(try Spring(duration: d, dampingRatio: z, initialVelocity: v)), duration: d)
    }
    self.init(resolved, parameters: timing, scrubsLinearly: scrubsLinearly, pausesOnCompletion: pausesOnCompletion)
  }

  /// An animator that runs an already resolved timing (for example a mass/stiffness/damping
  /// spring over UIKit's settling duration); its duration is the timing's duration (delay
  /// ignored). Continuing re-fits springs by their damping ratio, as UIKit does.
  public init(_ timing: Timing, scrubsLinearly: Bool = true, pausesOnCompletion: Bool = false) {
    self.init(timing, parameters: TimingCurveProvider(timing), scrubsLinearly: scrubsLinearly,
              pausesOnCompletion: pausesOnCompletion)
  }

  private init(_ timing: Timing, parameters: TimingCurveProvider, scrubsLinearly: Bool, pausesOnCompletion: Bool) {
    let d = timing.duration == 0 ? 0.2 : timing.duration
    self.timing = Timing(unchecked: timing.curve, duration: d)
    self.duration = d
    self.internalDuration = d
    self.timingParameters = parameters
    self.scrubsLinearly = scrubsLinearly
    self.pausesOnCompletion = pausesOnCompletion
    self.segments = [Segment(start: -.infinity, kind: .idle(visible: 0, state: .inactive))]
  }

  // MARK: Segments

  struct Run: Hashable, Sendable {
    var timing: Timing
    /// Local time of `timing` at the segment start.
    var offset: Double
    /// +1 or −1 (reversed while running).
    var speed: Double
    /// visible = from + (to − from)·timing.progress(local).
    var from: Double
    var to: Double

    func local(at t: Double, start: Double) -> Double {
      clamp(offset + speed * (t - start), 0, timing.duration)
    }
    func visible(at t: Double, start: Double) -> Double {
      from + (to - from) * timing.progress(at: local(at: t, start: start))
    }
    var endTime: (Double) -> Double {
      { start in speed > 0 ? start + (timing.duration - offset) / speed : start + offset / -speed }
    }
  }

  enum Kind: Hashable, Sendable {
    case idle(visible: Double, state: State)
    /// Paused at `fraction` (in the animator's current direction), showing `visible`.
    case paused(fraction: Double, visible: Double, scrub: CubicBezier?)
    case running(Run)
  }

  struct Segment: Hashable, Sendable {
    var start: Double
    var kind: Kind
  }

  private func segment(at t: Double) -> Segment {
    segments.last { $0.start <= t } ?? segments[0]
  }

  // MARK: Queries

  /// Visible progress at clock time `t`: 0 at the start values, 1 at the end values (springs
  /// may pass beyond 1).
  public func progress(at t: Double) -> Double {
    let s = segment(at: t)
    switch s.kind {
    case .idle(let v, _): return v
    case .paused(_, let v, _): return v
    case .running(let run):
      if t >= run.endTime(s.start) { return finalVisible(run) }
      return run.visible(at: t, start: s.start)
    }
  }

  /// d(progress)/dt at `t`, in fractions of the distance per second.
  public func velocity(at t: Double) -> Double {
    let s = segment(at: t)
    guard case .running(let run) = s.kind, t < run.endTime(s.start) else { return 0 }
    let local = run.local(at: t, start: s.start)
    return (run.to - run.from) * run.timing.velocity(at: local) * run.speed
  }

  /// The animator's state at `t`.
  public func state(at t: Double) -> State {
    let s = segment(at: t)
    switch s.kind {
    case .idle(_, let state): return state
    case .paused: return .paused
    case .running(let run):
      if t >= run.endTime(s.start) { return pausesOnCompletion ? .paused : .inactive }
      return .running
    }
  }

  /// When the current run completes (clock seconds), or nil if the animator is not running.
  public var completionTime: Double? {
    guard let s = segments.last, case .running(let run) = s.kind else { return nil }
    return run.endTime(s.start)
  }

  /// The position the animator completes at: `.end` (progress 1) or `.start` (progress 0).
  public var completionPosition: Position? {
    guard let s = segments.last, case .running(let run) = s.kind else { return nil }
    return finalVisible(run) == 0 ? .start : .end
  }

  private func finalVisible(_ run: Run) -> Double {
    run.speed > 0 ? run.to : run.from + (run.to - run.from) * run.timing.progress(at: 0)
  }

  // MARK: Calls

  private mutating func callTime(_ t: Double) -> Double {
    let time = max(t, lastCallTime)
    lastCallTime = time
    return time
  }

  private mutating func append(_ kind: Kind, at t: Double) {
    segments.removeAll { $0.start >= t && $0.start > -.infinity }
    segments.append(Segment(start: t, kind: kind))
  }

  /// `startAnimation()` at clock time `t`: an inactive animator runs its timing from 0; a
  /// paused or stopped one continues with its own timing (duration factor 0).
  public mutating func startAnimation(at t: Double) {
    let t = callTime(t)
    switch state(at: t) {
    case .inactive:
      isReversed = false
      internalDuration = duration
      append(.running(Run(timing: timing, offset: 0, speed: 1, from: 0, to: 1)), at: t)
    case .paused:
      continueAnimation(at: t, with: nil, durationFactor: 0)
    case .running, .stopped:
      break
    }
  }

  /// `pauseAnimation()` at `t`: freezes the visible progress.
  public mutating func pauseAnimation(at t: Double) {
    let t = callTime(t)
    let s = segment(at: t)
    let v = progress(at: t)
    switch s.kind {
    case .running(let run) where t < run.endTime(s.start):
      var scrub: CubicBezier? = nil
      if !scrubsLinearly, case .cubic(let c) = run.timing.curve { scrub = c }
      let fOriginal = scrub?.timeFraction(forProgress: v) ?? v
      append(.paused(fraction: isReversed ? 1 - fOriginal : fOriginal, visible: v, scrub: scrub), at: t)
    case .idle(_, .inactive), .running:
      // Not running (never started or already finished): paused where it is; a cubic animator
      // that does not scrub linearly keeps its curve for later scrubbing.
      var scrub: CubicBezier? = nil
      if !scrubsLinearly, case .cubic(let c) = timing.curve { scrub = c }
      let fOriginal = scrub?.timeFraction(forProgress: v) ?? v
      append(.paused(fraction: isReversed ? 1 - fOriginal : fOriginal, visible: v, scrub: scrub), at: t)
    default:
      break
    }
  }

  /// The fraction complete at `t` (0...1, in the animator's current direction).
  public func fractionComplete(at t: Double) -> Double {
    let s = segment(at: t)
    if case .paused(let f, _, _) = s.kind { return f }
    let v = progress(at: t)
    return isReversed ? 1 - v : v
  }

  /// `fractionComplete = f` at `t`: pauses (a running animator is paused, set and continued);
  /// f is clamped to [0.00001, 0.99999].
  public mutating func setFractionComplete(_ f: Double, at t: Double) {
    let t = callTime(t)
    let wasRunning = state(at: t) == .running
    if state(at: t) != .paused { pauseAnimation(at: t) }
    guard case .paused(_, _, let scrub) = segment(at: t).kind else { return }
    let f = clamp(f.isNaN ? 0 : f, 0.00001, 0.99999)
    let original = isReversed ? 1 - f : f
    append(.paused(fraction: f, visible: scrub?.progress(at: original) ?? original, scrub: scrub), at: t)
    if wasRunning { continueAnimation(at: t, with: nil, durationFactor: 0) }
  }

  /// `isReversed = reversed` at `t`.
  public mutating func setReversed(_ reversed: Bool, at t: Double) {
    let t = callTime(t)
    guard reversed != isReversed else { return }
    let s = segment(at: t)
    switch s.kind {
    case .paused(let f, _, let scrub):
      isReversed = reversed
      let original = isReversed ? f : 1 - f  // the new fraction is 1 − f
      append(.paused(fraction: 1 - f, visible: scrub?.progress(at: original) ?? original, scrub: scrub), at: t)
    case .running(var run) where t < run.endTime(s.start):
      isReversed = reversed
      run.offset = run.local(at: t, start: s.start)
      run.speed = -run.speed
      append(.running(run), at: t)
    default:
      isReversed = reversed
    }
  }

  /// `continueAnimation(withTimingParameters:durationFactor:)` at `t` on a paused animator.
  /// `with: nil` uses the animator's own timing parameters. Returns nothing; query
  /// `completionTime` for when it ends.
  public mutating func continueAnimation(at t: Double, with provider: TimingCurveProvider?, durationFactor df: Double) {
    let t = callTime(t)
    guard case .paused(let f, let v, _) = segment(at: t).kind else { return }
    if df != 0, df.isFinite, df > 0 { internalDuration = duration * df / max(1 - f, 1e-9) }
    let T = internalDuration
    let target: Double = isReversed ? 0 : 1
    switch provider ?? timingParameters {
    case .cubic(let c):
      let q = isReversed ? 1 - v : v
      let u = c.timeFraction(forProgress: q)
      let timing = Timing(unchecked: .cubic(c), duration: T)
      append(.running(Run(timing: timing, offset: u * T, speed: 1, from: 1 - target, to: target)), at: t)
    case .spring(let z, let v0):
      let remaining = T * (1 - f)
      guard remaining > 0, let spring = try? Spring(duration: remaining, dampingRatio: max(z, 1e-7), initialVelocity: v0)
      else {
        append(.idle(visible: target, state: .inactive), at: t)
        return
      }
      let timing = Timing(unchecked: .spring(spring), duration: remaining)
      append(.running(Run(timing: timing, offset: 0, speed: 1, from: v, to: target)), at: t)
    }
  }

  /// `stopAnimation(false)` followed by `finishAnimation(at:)` at `t`: the animations jump to
  /// the start or end values, or stay where they are, and the animator becomes inactive.
  public mutating func finishAnimation(at position: Position, time t: Double) {
    let t = callTime(t)
    let v: Double
    switch position {
    case .start: v = 0
    case .end: v = 1
    case .current: v = progress(at: t)
    }
    append(.idle(visible: v, state: .inactive), at: t)
  }

  /// `stopAnimation(false)` at `t`: the animations stay where they are, the animator is stopped.
  public mutating func stopAnimation(at t: Double) {
    let t = callTime(t)
    append(.idle(visible: progress(at: t), state: .stopped), at: t)
  }
}
