import Geometry

/// A value a track animates: a number (points, a fraction, radians) or a colour.
public enum TrackValue: Hashable, Sendable, CustomStringConvertible {
  case number(Double)
  case color(Color)

  /// Linear interpolation, unclamped (a spring's overshoot extrapolates, as CA does).
  /// Mixed kinds take `b` from `t >= 0.5` on.
  public static func lerp(_ a: TrackValue, _ b: TrackValue, _ t: Double) -> TrackValue {
    switch (a, b) {
    case (.number(let x), .number(let y)): return .number(x + (y - x) * t)
    case (.color(let x), .color(let y)): return .color(Color.lerp(x, y, t))
    default: return t < 0.5 ? a : b
    }
  }

  public var number: Double? {
    if case .number(let x) = self { return x }
    return nil
  }

  public var description: String {
    switch self {
    case .number(let x): return "\(x)"
    case .color(let c): return c.description
    }
  }
}

/// Values at progress points in [0, 1] (at least one), as CAKeyframeAnimation's `values` and
/// `keyTimes` with linear interpolation between them; from/to is two keyframes at 0 and 1.
public struct Keyframes: Hashable, Sendable {
  public var points: [(at: Double, value: TrackValue)] {
    zip(times, values).map { ($0, $1) }
  }
  public let times: [Double]
  public let values: [TrackValue]

  /// `times` ascending in [0, 1], as many as `values` (>= 1).
  public init(times: [Double], values: [TrackValue]) {
    precondition(!values.isEmpty && times.count == values.count, "keyframes need matching times and values")
    self.times = times
    self.values = values
  }

  public init(from: TrackValue, to: TrackValue) {
    self.init(times: [0, 1], values: [from, to])
  }

  /// The value at progress `p`; beyond the ends the first/last segment extrapolates, so a
  /// spring's overshoot carries through.
  public func value(at p: Double) -> TrackValue {
    guard values.count > 1 else { return values[0] }
    var i = 0
    while i + 2 < times.count, p > times[i + 1] { i += 1 }
    let t0 = times[i], t1 = times[i + 1]
    let f = t1 > t0 ? (p - t0) / (t1 - t0) : (p >= t1 ? 1 : 0)
    return TrackValue.lerp(values[i], values[i + 1], f)
  }

  public static func == (a: Keyframes, b: Keyframes) -> Bool { a.times == b.times && a.values == b.values }
  public func hash(into h: inout Hasher) { h.combine(times); h.combine(values) }
}
