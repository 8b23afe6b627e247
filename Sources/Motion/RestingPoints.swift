/// Named progress values a transition can come to rest at (a sheet's detents): a release
/// settles at the point nearest to where the finger's momentum would carry p.
///
/// The choice is UIKit's "project, then snap" (WWDC18 "Designing Fluid Interfaces"): the
/// position at the release plus `GesturePhysics.projection(velocity:decelerationRate:)`, the
/// distance a scroll view decelerating at `r` per millisecond would still travel, `(v/1000)·r/(1 − r)`
/// points; in progress, `p + projection(v)/D` for a mapping of D points. The nearest point by
/// |progress − projected| wins; an exact tie goes to the lower point.
public struct RestingPoints: Hashable, Sendable {
  /// One resting point: a name for the manifest and progress (fraction of the transition).
  public struct Point: Hashable, Sendable {
    public var name: String
    public var progress: Double
    public init(name: String, progress: Double) { self.name = name; self.progress = progress }
  }

  /// At least one, progress finite and strictly increasing.
  public let points: [Point]
  /// UIScrollView's deceleration rate per millisecond for the projection (0.998 normal, 0.99 fast).
  public let decelerationRate: Double

  public init(_ points: [Point], decelerationRate: Double = GesturePhysics.normalDecelerationRate) throws(MotionError) {
    guard !points.isEmpty else { throw .invalidParameter(name: "resting point count", value: 0, requirement: ">= 1") }
    for (i, point) in points.enumerated() {
      try require("resting point '\(point.name)'", point.progress, "finite") { _ in true }
      if i > 0 {
        let previous = points[i - 1].progress
        try require("resting point '\(point.name)'", point.progress, "> \(formatted(previous)) (the point before it)") { $0 > previous }
      }
    }
    try require("decelerationRate", decelerationRate, "in (0, 1)") { $0 > 0 && $0 < 1 }
    self.points = points
    self.decelerationRate = decelerationRate
  }

  /// The index of the point nearest to progress `p` (an exact tie: the lower point).
  public func nearest(to p: Double) -> Int {
    var best = 0
    for i in points.indices.dropFirst() where abs(points[i].progress - p) < abs(points[best].progress - p) { best = i }
    return best
  }

  /// Where a release at progress `p` with axis velocity `v` (points per second, in the
  /// direction that increases p) on a mapping of `distance` points would come to rest:
  /// `p + projection(v, decelerationRate) / distance`, fraction of the transition.
  public func projectedProgress(from p: Double, axisVelocity v: Double, distance: Double) -> Double {
    p + GesturePhysics.projection(velocity: v, decelerationRate: decelerationRate) / distance
  }

  /// The point a release picks: the one nearest to the projected progress.
  public func target(from p: Double, axisVelocity v: Double, distance: Double) -> (index: Int, projected: Double) {
    let projected = projectedProgress(from: p, axisVelocity: v, distance: distance)
    return (nearest(to: projected), projected)
  }
}
