import Motion

/// A transition's named resting points (a sheet's detents), from `transition.restingPoints`:
/// the progress values p may come to rest at, where p starts, and (without a finger) where the
/// transition's timing carries it. An interactive release settles at the point nearest its
/// projected progress (Motion's `RestingPoints`; docs/scene-format.md, "Resting points").
public struct RestingPointsSpec: Hashable, Sendable {
  /// The points in increasing progress, with the projection's deceleration rate.
  public var points: RestingPoints
  /// The index of the point p starts at (before any touch, or when a non-interactive
  /// transition starts).
  public var start: Int
  /// The index of the point a non-interactive transition's timing carries p to.
  public var end: Int
  public var location: SourceLocation?

  public init(points: RestingPoints, start: Int, end: Int, location: SourceLocation? = nil) {
    self.points = points; self.start = start; self.end = end; self.location = location
  }

  /// Progress at the start point.
  public var startProgress: Double { points.points[start].progress }
  /// Progress at the end point.
  public var endProgress: Double { points.points[end].progress }
  /// A point's name.
  public func name(_ index: Int) -> String { points.points[index].name }
}
