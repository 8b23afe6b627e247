import Geometry
import Scene

/// A scene's scripted finger, as a pan gesture recognizer would see it.
///
/// Between two scripted points the finger moves in a straight line at constant speed, and the
/// system delivers a touch event every `1 / eventRate` seconds after touch-down (plus one at
/// each scripted point), independent of the render's fps, so the motion and the release
/// decision do not change with `--fps`. Velocity is `UIPanGestureRecognizer`'s blend: on each
/// move event, `0.2 · v(last interval) + 0.8 · v(interval before)` (motion-model §7).
public struct PanScript: Hashable, Sendable {
  /// Touch events per second (a 120 Hz touch panel).
  public var eventRate: Double
  public var strokes: [Stroke]

  /// One touch: from a `down` to its `up` or `cancel`.
  public struct Stroke: Hashable, Sendable {
    /// Times strictly increasing; the first is the touch-down.
    public var times: [Double]
    public var points: [Point]
    /// The system cancelled the gesture instead of the finger lifting (always cancels).
    public var cancelled: Bool
    /// Whether the stroke ends (otherwise the finger stays down to the end of the script).
    public var ends: Bool

    public var downTime: Double { times[0] }
    public var endTime: Double? { ends ? times.last! : nil }
    public var start: Point { points[0] }
  }

  public init(events: [GestureEvent], eventRate: Double = 120) {
    self.eventRate = eventRate
    var strokes: [Stroke] = []
    var current: Stroke?
    for e in events {
      switch e.phase {
      case .down:
        if let c = current { strokes.append(c) }
        current = Stroke(times: [e.time], points: [e.point], cancelled: false, ends: false)
      case .move:
        current?.times.append(e.time)
        current?.points.append(e.point)
      case .up, .cancel:
        guard var c = current else { continue }
        c.times.append(e.time)
        c.points.append(e.point)
        c.ends = true
        c.cancelled = e.phase == .cancel
        strokes.append(c)
        current = nil
      }
    }
    if let c = current { strokes.append(c) }
    self.strokes = strokes
  }
}

extension PanScript.Stroke {
  /// The finger's location at `t` (clamped to the stroke's span).
  public func location(at t: Double) -> Point {
    if t <= times[0] { return points[0] }
    for i in 1..<times.count where t <= times[i] {
      let f = (t - times[i - 1]) / (times[i] - times[i - 1])
      return Point.lerp(points[i - 1], points[i], f)
    }
    return points[points.count - 1]
  }

  /// Touch event times from touch-down up to `t`: every 1/rate after touch-down, plus each
  /// scripted point.
  func eventTimes(upTo t: Double, rate: Double) -> [Double] {
    let end = min(t, times[times.count - 1])
    var result: [Double] = []
    var k = 0
    var j = 0
    while true {
      let grid = downTime + Double(k) / rate
      let scripted = j < times.count ? times[j] : Double.infinity
      let next = min(grid, scripted)
      if next > end + 1e-12 { break }
      if result.last.map({ abs($0 - next) > 1e-12 }) ?? true { result.append(next) }
      if grid <= scripted + 1e-12 { k += 1 }
      if scripted <= grid + 1e-12 { j += 1 }
    }
    return result
  }

  /// What the recognizer reports at `t`: location, translation (from touch-down, or from the
  /// last reset) and blended velocity in pt/s.
  ///
  /// - Parameter resetBelowZero: when given, the recognizer's translation is set back to zero
  ///   (`setTranslation(.zero)`) at every event where this component of it is negative.
  public func sample(at t: Double, rate: Double, resetBelowZero: ((Point) -> Double)? = nil) -> GestureSample {
    let events = eventTimes(upTo: t, rate: rate)
    var origin = start
    var current: Point?, previous: Point?
    var last = events.first ?? downTime
    for (i, s) in events.enumerated() {
      let here = location(at: s)
      if i > 0 {
        let dt = s - last
        let v = dt < 0.001 ? Point.zero : (here - location(at: last)) * (1 / dt)
        previous = current
        current = v
      }
      if let component = resetBelowZero, component(here - origin) < 0 { origin = here }
      last = s
    }
    let velocity = current.map { c in previous.map { c * 0.2 + $0 * 0.8 } ?? c } ?? .zero
    let here = location(at: t)
    var translation = here - origin
    if let component = resetBelowZero, component(translation) < 0 { translation = .zero }
    return GestureSample(location: here, translation: translation, velocity: velocity)
  }
}
