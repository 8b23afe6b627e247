import Geometry

/// How a pan's translation becomes transition progress p.
///
/// `p = clamp(offset + s·c / distance, range)` where c is the translation on `axis` (its
/// magnitude when `usesMagnitude`), s is `direction` (+1 or −1) and `offset` is the progress at
/// which the touch grabbed the transition (0 for a fresh one).
public struct ProgressMapping: Hashable, Sendable {
  public enum Axis: String, Hashable, Sendable { case x, y }
  public var axis: Axis
  /// Points of translation for the whole transition (p = 1). > 0.
  public var distance: Double
  /// Where p is clamped (T4 uses 0.01...0.99).
  public var range: ClosedRange<Double>
  /// +1 when a positive translation on the axis increases p (down, right), −1 when it decreases it.
  public var direction: Double
  /// p from |translation| (T4's `abs(tx)`).
  public var usesMagnitude: Bool
  /// T5/T6: a translation below 0 on the axis resets the translation to zero and leaves p
  /// unchanged (the app calls `setTranslation(.zero)` and returns).
  public var resetsNegativeTranslation: Bool

  public init(
    axis: Axis, distance: Double, range: ClosedRange<Double> = 0...1, direction: Double = 1,
    usesMagnitude: Bool = false, resetsNegativeTranslation: Bool = false
  ) throws(MotionError) {
    try require("distance", distance, "> 0") { $0 > 0 }
    try require("range lower bound", range.lowerBound, "finite") { _ in true }
    try require("range upper bound", range.upperBound, "finite") { _ in true }
    self.axis = axis
    self.distance = distance
    self.range = range
    self.direction = direction < 0 ? -1 : 1
    self.usesMagnitude = usesMagnitude
    self.resetsNegativeTranslation = resetsNegativeTranslation
  }

  /// The signed component of a vector on the axis (points or points per second), in the
  /// direction that increases p.
  public func component(_ v: Point) -> Double {
    (axis == .x ? v.x : v.y) * direction
  }

  /// Unclamped progress for `translation` (points) with a grab `offset` (progress).
  public func rawProgress(translation: Point, offset: Double = 0) -> Double {
    let c = component(translation)
    return offset + (usesMagnitude ? abs(c) : c) / distance
  }

  /// Progress for `translation` with a grab `offset`, clamped to `range`.
  public func progress(translation: Point, offset: Double = 0) -> Double {
    clamp(rawProgress(translation: translation, offset: offset), range.lowerBound, range.upperBound)
  }
}

/// Whether the transition completes or cancels.
public enum InteractionOutcome: String, Hashable, Sendable { case complete, cancel }

/// The decision made when the finger lifts.
public enum ReleaseRule: Hashable, Sendable {
  /// T2: complete when the velocity on the axis points the way that increases p (> 0) and
  /// p > `minimumProgress` (0.1 in T2).
  case directionAndProgress(minimumProgress: Double)
  /// T3: complete when `v > threshold || (y > D/2 && v > −threshold)` with v the velocity on
  /// the axis (points per second), y the position on the axis (offset·D + translation, points)
  /// and D the mapping's distance (threshold 300 in T3).
  case velocityOrHalfDistance(velocityThreshold: Double)
  /// T4–T6: complete when p >= `threshold` (T4 0.5, T5/T6 0.4), else cancel.
  case progressThreshold(Double)
  /// Momentum projection: complete when y + projection(v, rate) > D/2 (rate 0.998 or 0.99).
  case projection(decelerationRate: Double)

  /// The outcome for progress `p`, axis velocity `v` (points per second) and axis position `y`
  /// (points) on a transition of `distance` points.
  public func decide(progress p: Double, velocity v: Double, position y: Double, distance: Double) -> InteractionOutcome {
    let complete: Bool
    switch self {
    case .directionAndProgress(let minimum): complete = v > 0 && p > minimum
    case .velocityOrHalfDistance(let threshold):
      complete = v > threshold || (y > distance / 2 && v > -threshold)
    case .progressThreshold(let threshold): complete = p >= threshold
    case .projection(let rate):
      complete = y + GesturePhysics.projection(velocity: v, decelerationRate: rate) > distance / 2
    }
    return complete ? .complete : .cancel
  }
}
