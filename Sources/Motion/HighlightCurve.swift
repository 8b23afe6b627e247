/// How much a pressed view is highlighted over time: h = 0 at rest, 1 fully highlighted.
///
/// The highlight goes on at the touch down (instantly, as UIButton and UITableViewCell set
/// their highlighted state, or along `on`, as a card's press spring does) and off at `end`
/// along `off`. Turning it off is Core Animation's additive animation, as UIView animations
/// have been since iOS 8: the off animation is added on top of the on animation still
/// running, so h(t) = y_on(t − down) − y_off(t − end), and a press released mid-spring keeps
/// its velocity.
public struct HighlightCurve: Hashable, Sendable {
  /// Touch down, seconds.
  public var down: Double
  /// When the highlight goes off, seconds (>= `down`).
  public var end: Double
  /// nil: h jumps to 1 at the touch down.
  public var on: Timing?
  public var off: Timing

  public init(down: Double, end: Double, on: Timing?, off: Timing) {
    self.down = down; self.end = max(down, end); self.on = on; self.off = off
  }

  /// h at `t` seconds (a spring may take it past 0 or 1).
  public func amount(at t: Double) -> Double {
    guard t >= down else { return 0 }
    let rise = on?.progress(at: t - down) ?? 1
    guard t >= end else { return rise }
    return rise - off.progress(at: t - end)
  }

  /// When h is back at rest for good, seconds.
  public var restTime: Double { max(down + (on?.endTime ?? 0), end + off.endTime) }
}
