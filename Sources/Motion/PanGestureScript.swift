import Geometry

/// One scripted touch: where the finger is at a time, and whether it goes down, moves, lifts
/// or is cancelled by the system (`UIGestureRecognizer.State.cancelled`: the transition
/// always cancels).
public struct TouchPoint: Hashable, Sendable {
  public enum Phase: String, Hashable, Sendable { case down, move, up, cancel }
  /// Clock time in seconds.
  public var time: Double
  /// Location in points (canvas coordinates, y down).
  public var location: Point
  public var phase: Phase

  public init(_ phase: Phase, at time: Double, _ location: Point) {
    self.time = time
    self.location = location
    self.phase = phase
  }
}

/// A scripted one-finger gesture: one or more strokes (down, moves, up), the finger moving
/// smoothly between the scripted points.
///
/// Between points the location is a monotone piecewise-cubic Hermite curve in time, per axis
/// (Fritsch–Butland tangents: 0 where the motion turns, the adjacent chord's slope at a stroke's
/// ends), so the finger passes through every point, never overshoots between two of them, and
/// two points on a line give constant velocity. Points of a stroke with equal times keep the
/// last one (the finger jumps). A stroke without `up` stays down, still, after its last point.
public struct PanGestureScript: Hashable, Sendable {
  /// One touch from down to up.
  public struct Stroke: Hashable, Sendable {
    /// Times (strictly increasing) and locations of the stroke's points.
    public let times: [Double]
    public let locations: [Point]
    /// True when the stroke ends with `up` (or `cancel`) at `times.last`.
    public let lifts: Bool
    /// True when the system cancelled the stroke instead of the finger lifting.
    public let cancelled: Bool
    let slopes: [Point]

    public var downTime: Double { times[0] }
    /// When the finger lifts (`.infinity` if it never does).
    public var upTime: Double { lifts ? times[times.count - 1] : .infinity }

    /// The finger's location at `t`, clamped to the stroke's first and last points.
    public func location(at t: Double) -> Point {
      let n = times.count
      if t <= times[0] || n == 1 { return locations[0] }
      if t >= times[n - 1] { return locations[n - 1] }
      var lo = 0, hi = n - 1
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if times[mid] <= t { lo = mid } else { hi = mid }
      }
      let h = times[hi] - times[lo], s = (t - times[lo]) / h
      let s2 = s * s, s3 = s2 * s
      let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
      let a = locations[lo], b = locations[hi], ma = slopes[lo], mb = slopes[hi]
      return Point(
        x: h00 * a.x + h10 * h * ma.x + h01 * b.x + h11 * h * mb.x,
        y: h00 * a.y + h10 * h * ma.y + h01 * b.y + h11 * h * mb.y)
    }
  }

  public let strokes: [Stroke]

  /// Validates and builds the script. Points must be in time order with finite values; each
  /// stroke starts with `down`; `move`, `up` and `cancel` only follow a `down`; after `up` or
  /// `cancel` the next point
  /// must be a `down`. Errors name the point's index.
  public init(_ points: [TouchPoint]) throws(MotionError) {
    var strokes: [Stroke] = []
    var current: [(Double, Point)] = []
    var lastTime = -Double.infinity
    for (i, p) in points.enumerated() {
      guard p.time.isFinite, p.location.x.isFinite, p.location.y.isFinite else {
        throw .invalidGesture(index: i, reason: "time and point must be finite numbers")
      }
      guard p.time >= lastTime else {
        throw .invalidGesture(index: i, reason: "time \(formatted(p.time)) s is before the previous point's \(formatted(lastTime)) s")
      }
      lastTime = p.time
      switch p.phase {
      case .down:
        if !current.isEmpty {
          throw .invalidGesture(index: i, reason: "touch down while the finger is already down (add an 'up' first)")
        }
        current = [(p.time, p.location)]
      case .move, .up, .cancel:
        if current.isEmpty {
          throw .invalidGesture(index: i, reason: "a '\(p.phase.rawValue)' needs a 'down' before it")
        }
        if current[current.count - 1].0 == p.time { current.removeLast() }
        current.append((p.time, p.location))
        if p.phase != .move {
          strokes.append(Stroke(current, lifts: true, cancelled: p.phase == .cancel))
          current = []
        }
      }
    }
    if !current.isEmpty { strokes.append(Stroke(current, lifts: false, cancelled: false)) }
    self.strokes = strokes
  }

  /// The stroke in contact at `t` (down time <= t < up time), if any.
  public func stroke(at t: Double) -> Stroke? {
    strokes.last { $0.downTime <= t && t < $0.upTime }
  }

  /// The finger's location at `t`, or nil when no finger is down.
  public func location(at t: Double) -> Point? {
    stroke(at: t)?.location(at: t)
  }
}

extension PanGestureScript.Stroke {
  init(_ points: [(Double, Point)], lifts: Bool, cancelled: Bool) {
    let times = points.map(\.0), locations = points.map(\.1)
    func slopes(_ v: [Double]) -> [Double] {
      let n = v.count
      if n < 2 { return Array(repeating: 0, count: n) }
      let h = (0..<(n - 1)).map { times[$0 + 1] - times[$0] }
      let d = (0..<(n - 1)).map { (v[$0 + 1] - v[$0]) / h[$0] }
      var m = [Double](repeating: 0, count: n)
      m[0] = d[0]
      m[n - 1] = d[n - 2]
      if n > 2 {
        for k in 1..<(n - 1) where d[k - 1] * d[k] > 0 {
          let h0 = h[k - 1], h1 = h[k]
          m[k] = 3 * (h0 + h1) / ((2 * h1 + h0) / d[k - 1] + (h1 + 2 * h0) / d[k])
        }
      }
      return m
    }
    let mx = slopes(locations.map(\.x)), my = slopes(locations.map(\.y))
    self.times = times
    self.locations = locations
    self.lifts = lifts
    self.cancelled = cancelled
    self.slopes = zip(mx, my).map { Point(x: $0, y: $1) }
  }
}
