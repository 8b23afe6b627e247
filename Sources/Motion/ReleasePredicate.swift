import Geometry

/// Everything a release rule may look at when the finger lifts.
public struct ReleaseState: Hashable, Sendable {
  /// Progress p at the lift (clamped to the mapping's range).
  public var progress: Double
  /// The recognizer's velocity, points per second (`velocity(in:)`).
  public var velocity: Point
  /// The transition's travel, points: the grab offset (offset · distance, on the axis, in
  /// the direction that increases p) plus the translation that drove progress.
  public var travel: Point
  /// v: the velocity on the axis in the direction that increases p, points per second (for a
  /// magnitude mapping, in the direction that increases |translation|).
  public var axisVelocity: Double
  /// y: the travel on the axis in the direction that increases p, points.
  public var axisTravel: Double
  /// D: points of travel for the whole transition (p = 1).
  public var distance: Double
  /// Where p is clamped.
  public var range: ClosedRange<Double>

  public init(
    progress: Double, velocity: Point, travel: Point, axisVelocity: Double, axisTravel: Double, distance: Double,
    range: ClosedRange<Double> = 0...1
  ) {
    self.progress = progress; self.velocity = velocity; self.travel = travel
    self.axisVelocity = axisVelocity; self.axisTravel = axisTravel; self.distance = distance; self.range = range
  }
}

/// A number read from a `ReleaseState`.
public enum ReleaseQuantity: Hashable, Sendable {
  /// p, fraction of the transition.
  case progress
  /// Where p would come to rest if the axis velocity decayed at `decelerationRate` (per
  /// millisecond): `clamp(p + projection(v, rate) / D, range)`, fraction of the transition.
  case projectedProgress(decelerationRate: Double)
  /// v, points per second.
  case axisVelocity
  /// y, points.
  case axisTravel
  /// y / D, fraction of the transition (unclamped).
  case axisTravelFraction
  /// (y + projection(v, rate)) / D, fraction of the transition (unclamped).
  case projectedTravelFraction(decelerationRate: Double)
  /// The recognizer's velocity components, points per second.
  case velocityX, velocityY
  /// The travel's components, points.
  case translationX, translationY

  /// The quantity's value in `s`.
  public func value(in s: ReleaseState) -> Double {
    switch self {
    case .progress: return s.progress
    case .projectedProgress(let r):
      let projected = s.progress + GesturePhysics.projection(velocity: s.axisVelocity, decelerationRate: r) / s.distance
      return clamp(projected, s.range.lowerBound, s.range.upperBound)
    case .axisVelocity: return s.axisVelocity
    case .axisTravel: return s.axisTravel
    case .axisTravelFraction: return s.axisTravel / s.distance
    case .projectedTravelFraction(let r):
      return (s.axisTravel + GesturePhysics.projection(velocity: s.axisVelocity, decelerationRate: r)) / s.distance
    case .velocityX: return s.velocity.x
    case .velocityY: return s.velocity.y
    case .translationX: return s.travel.x
    case .translationY: return s.travel.y
    }
  }
}

/// A condition on the release: comparisons of `ReleaseQuantity`s with constants, combined
/// with all/any/not. `.all([])` holds; `.any([])` does not.
public indirect enum ReleasePredicate: Hashable, Sendable {
  public enum Comparison: String, Hashable, Sendable { case greater = ">", greaterOrEqual = ">=", less = "<", lessOrEqual = "<=" }

  /// `quantity comparison value`, in the quantity's unit.
  case compare(ReleaseQuantity, Comparison, Double)
  case all([ReleasePredicate])
  case any([ReleasePredicate])
  case not(ReleasePredicate)

  /// Whether the predicate holds for `s`.
  public func holds(in s: ReleaseState) -> Bool {
    switch self {
    case .compare(let q, let c, let value):
      let x = q.value(in: s)
      switch c {
      case .greater: return x > value
      case .greaterOrEqual: return x >= value
      case .less: return x < value
      case .lessOrEqual: return x <= value
      }
    case .all(let ps): return ps.allSatisfy { $0.holds(in: s) }
    case .any(let ps): return ps.contains { $0.holds(in: s) }
    case .not(let p): return !p.holds(in: s)
    }
  }
}
