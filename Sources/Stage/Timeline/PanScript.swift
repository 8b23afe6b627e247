import Geometry

/// A scripted finger: timed touch-down, move and touch-up points (clip seconds, canvas points).
///
/// Between two scripted points the finger moves in a straight line at constant speed, and the
/// system delivers a touch event every `1 / eventRate` seconds after touch-down (plus one at each
/// scripted point), independent of the render's fps, so the motion and the release decision
/// do not change with `--fps`. Velocity is UIKit's `UIPanGestureRecognizer` blend: on each move
/// event, `0.2 · v(last interval) + 0.8 · v(interval before)` (motion-model §7).
public struct PanScript: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable { case down, move, up }

  public struct ScriptPoint: Hashable, Sendable {
    public var time: Double
    public var kind: Kind
    public var location: Point
    public init(time: Double, kind: Kind, location: Point) {
      self.time = time; self.kind = kind; self.location = location
    }
  }

  public var points: [ScriptPoint]
  /// Touch events per second (UIKit delivers touches once per display refresh; 120 Hz here).
  public var eventRate: Double

  public init(points: [ScriptPoint], eventRate: Double = 120) {
    self.points = points
    self.eventRate = eventRate
  }

  /// One touch: from a `down` to its `up` (or the script's end).
  public struct Stroke: Hashable, Sendable {
    public var points: [ScriptPoint]
    public var downTime: Double { points[0].time }
    public var upTime: Double? { points.last!.kind == .up ? points.last!.time : nil }
    public var start: Point { points[0].location }
  }

  /// The strokes in order (a second touch during the settle animation is a second stroke).
  public var strokes: [Stroke] {
    var result: [Stroke] = []
    var current: [ScriptPoint] = []
    for p in points {
      switch p.kind {
      case .down:
        if !current.isEmpty { result.append(Stroke(points: current)) }
        current = [p]
      case .move:
        if !current.isEmpty { current.append(p) }
      case .up:
        if !current.isEmpty { current.append(p); result.append(Stroke(points: current)); current = [] }
      }
    }
    if !current.isEmpty { result.append(Stroke(points: current)) }
    return result
  }
}

extension PanScript.Stroke {
  /// The finger's location at `t` (clamped to the stroke's span), moving linearly between points.
  public func location(at t: Double) -> Point {
    if t <= points[0].time { return points[0].location }
    for i in 1..<points.count where t <= points[i].time {
      let a = points[i - 1], b = points[i]
      let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1
      return Point.lerp(a.location, b.location, f)
    }
    return points.last!.location
  }

  /// The times of touch events from touch-down up to and including `t`: every 1/rate after
  /// touch-down, plus each scripted point.
  func eventTimes(upTo t: Double, rate: Double) -> [Double] {
    var times = Set<Double>()
    let end = min(t, points.last!.time)
    var k = 0
    while true {
      let s = downTime + Double(k) / rate
      if s > end + 1e-12 { break }
      times.insert(s)
      k += 1
    }
    for p in points where p.time <= end + 1e-12 { times.insert(p.time) }
    return times.sorted()
  }

  /// The sample a pan recognizer reports at `t`: location, translation from touch-down and
  /// the blended velocity of the last two move intervals (pt/s; 0 before two events).
  public func sample(at t: Double, rate: Double) -> GestureSample {
    let times = eventTimes(upTo: t, rate: rate)
    var current: Point?, previous: Point?
    for i in times.indices.dropFirst() {
      let dt = times[i] - times[i - 1]
      let v = dt < 0.001 ? Point.zero : (location(at: times[i]) - location(at: times[i - 1])) * (1 / dt)
      previous = current
      current = v
    }
    let velocity: Point
    if let c = current { velocity = previous.map { c * 0.2 + $0 * 0.8 } ?? c } else { velocity = .zero }
    let here = location(at: t)
    return GestureSample(location: here, translation: here - start, velocity: velocity)
  }
}
