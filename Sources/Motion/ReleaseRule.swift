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
  /// A scroll view under the finger whose content is this many points from its top (along
  /// the axis) when the first touch comes down; it shares the pan with the transition as
  /// `ScrollHandOff` says (T3's scroll variant, T10's places list). nil when no scroll view
  /// takes the pan.
  public var scrollContentOffset: Double?
  /// Rubber banding past the ends of `range` (a sheet dragged past its top, content past its
  /// edge): the translation beyond an end moves it only `GesturePhysics.rubberBand(x,
  /// dimension:)` points, UIScrollView's `(1 − 1/(x·0.55/d + 1))·d` with d this many points
  /// (the viewport's size on the axis). nil clamps at the ends.
  public var rubberBandDimension: Double?

  public init(
    axis: Axis, distance: Double, range: ClosedRange<Double> = 0...1, direction: Double = 1,
    usesMagnitude: Bool = false, resetsNegativeTranslation: Bool = false, scrollContentOffset: Double? = nil,
    rubberBandDimension: Double? = nil
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
    if let o = scrollContentOffset { try require("scrollContentOffset", o, ">= 0") { $0 >= 0 } }
    self.scrollContentOffset = scrollContentOffset
    if let d = rubberBandDimension { try require("rubberBandDimension", d, "> 0") { $0 > 0 } }
    self.rubberBandDimension = rubberBandDimension
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

  /// Progress for `translation` with a grab `offset`: clamped to `range`, or past its ends
  /// rubber-banded over `rubberBandDimension` points (the overshoot x·distance points becomes
  /// `rubberBand(x·distance)` points).
  public func progress(translation: Point, offset: Double = 0) -> Double {
    let raw = rawProgress(translation: translation, offset: offset)
    guard let d = rubberBandDimension else { return clamp(raw, range.lowerBound, range.upperBound) }
    let banded = GesturePhysics.rubberBand(
      raw * distance, range: range.lowerBound * distance...range.upperBound * distance, dimension: d)
    return banded / distance
  }
}

/// Whether the transition completes or cancels.
public enum InteractionOutcome: String, Hashable, Sendable { case complete, cancel }

/// The decision made when the finger lifts. The named cases are the catalog's rules; `when`
/// takes any `ReleasePredicate` (a scene's `completeIf`). Every case decides through its
/// `predicate`.
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
  /// Complete when the predicate holds.
  case when(ReleasePredicate)

  /// The rule as one predicate over the release state (complete when it holds).
  public var predicate: ReleasePredicate {
    switch self {
    case .directionAndProgress(let minimum):
      return .all([.compare(.axisVelocity, .greater, 0), .compare(.progress, .greater, minimum)])
    case .velocityOrHalfDistance(let threshold):
      return .any([
        .compare(.axisVelocity, .greater, threshold),
        .all([.compare(.axisTravelFraction, .greater, 0.5), .compare(.axisVelocity, .greater, -threshold)]),
      ])
    case .progressThreshold(let threshold): return .compare(.progress, .greaterOrEqual, threshold)
    case .projection(let rate): return .compare(.projectedTravelFraction(decelerationRate: rate), .greater, 0.5)
    case .when(let p): return p
    }
  }

  /// The outcome for a release state.
  public func decide(_ state: ReleaseState) -> InteractionOutcome {
    predicate.holds(in: state) ? .complete : .cancel
  }

  /// The outcome for progress `p`, axis velocity `v` (points per second) and axis position `y`
  /// (points) on a transition of `distance` points (the travel vector is taken as (0, y)).
  public func decide(progress p: Double, velocity v: Double, position y: Double, distance: Double) -> InteractionOutcome {
    decide(ReleaseState(
      progress: p, velocity: Point(x: 0, y: v), travel: Point(x: 0, y: y), axisVelocity: v, axisTravel: y,
      distance: distance))
  }
}
