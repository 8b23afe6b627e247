import Geometry

/// A layer's local time under Core Animation's `speed` and `timeOffset`, for animations that are
/// frozen and scrubbed (speed 0, timeOffset = p·duration) and then resumed at speed +1 or −1 from
/// where they are: T4's reveal and the classic percent-driven path (motion-model §6, path 3).
///
/// Local time is clamped to [0, `duration`]; an animation on this layer shows
/// `timing.progress(at: localTime(at: t))`.
public struct LayerClock: Hashable, Sendable {
  /// The animation's duration on the layer's time line (seconds).
  public let duration: Double

  struct Change: Hashable, Sendable {
    var time: Double
    var offset: Double
    var speed: Double
  }
  private(set) var changes: [Change]

  /// A clock that runs at speed 1 from local time 0 at clock time `start`.
  public init(duration: Double, start: Double = 0) throws(MotionError) {
    try require("duration", duration, ">= 0") { $0 >= 0 }
    self.duration = duration
    self.changes = [Change(time: start, offset: 0, speed: 1)]
  }

  /// A frozen clock (speed 0) at local time `offset` from clock time `start` on.
  public static func frozen(duration: Double, offset: Double = 0, start: Double = 0) throws(MotionError) -> LayerClock {
    var clock = try LayerClock(duration: duration, start: start)
    clock.changes[0] = Change(time: start, offset: clamp(offset, 0, duration), speed: 0)
    return clock
  }

  /// Local time (seconds, in [0, duration]) at clock time `t`.
  public func localTime(at t: Double) -> Double {
    let c = changes.last { $0.time <= t } ?? changes[0]
    return clamp(c.offset + c.speed * (max(t, c.time) - c.time), 0, duration)
  }

  /// The layer's speed at clock time `t` (0 once a running clock reaches either end).
  public func speed(at t: Double) -> Double {
    let c = changes.last { $0.time <= t } ?? changes[0]
    let local = localTime(at: t)
    if (c.speed > 0 && local >= duration) || (c.speed < 0 && local <= 0) { return 0 }
    return c.speed
  }

  /// Sets speed 0 and `timeOffset = offset` (seconds, clamped to [0, duration]) at clock time `t`.
  public mutating func scrub(to offset: Double, at t: Double) {
    set(Change(time: t, offset: clamp(offset, 0, duration), speed: 0))
  }

  /// Runs on from the current local time at `speed` (1 forward, −1 backward; any non-zero
  /// value scales time) from clock time `t`.
  public mutating func resume(speed: Double, at t: Double) {
    set(Change(time: t, offset: localTime(at: t), speed: speed))
  }

  /// Clock time at which a running clock reaches an end (0 or duration), or nil if frozen.
  public var endTime: Double? {
    guard let c = changes.last, c.speed != 0 else { return nil }
    return c.speed > 0 ? c.time + (duration - c.offset) / c.speed : c.time + c.offset / -c.speed
  }

  /// Records a change; a change earlier than the last one is applied at the last one's time,
  /// and a change at the same time replaces it.
  private mutating func set(_ change: Change) {
    let t = max(change.time, changes.last?.time ?? change.time)
    changes.removeAll { $0.time >= t }
    changes.append(Change(time: t, offset: change.offset, speed: change.speed))
  }
}
