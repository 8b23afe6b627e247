import Geometry
import Motion

/// A follower's settle after a `handOffVelocity: perAxis` release: one spring per component
/// (a matched view's visible centre x and y, width, height and corner radius; another view's
/// offset x and y and scale), each from its value at the release to its rest, started at that
/// component's own velocity over its own distance left (UIKit's initialVelocity convention,
/// per component as UISpringTimingParameters' CGVector does for a position).
struct ComponentSettle: Sendable {
  /// Values at the release (points, or a scale factor).
  var start: [Double]
  /// Values at rest.
  var target: [Double]
  /// One per component, in fractions of that component's distance.
  var timings: [Timing]

  /// - Parameters:
  ///   - velocity: each component's velocity at the release (units per second).
  ///   - spring: the settle's spring; each component gets it with its own initial velocity.
  init(start: [Double], target: [Double], velocity: [Double], spring: SpringParameters) throws(MotionError) {
    self.start = start
    self.target = target
    let v0 = zip(zip(start, target), velocity).map { pair, v in
      GesturePhysics.initialVelocity(fingerVelocity: v, distanceLeft: pair.1 - pair.0)
    }
    timings = try spring.timings(initialVelocities: v0)
  }

  /// Seconds from the release until every component is at rest.
  var duration: Double { timings.map(\.endTime).max() ?? 0 }

  /// The components `elapsed` seconds after the release.
  func values(elapsed: Double) -> [Double] {
    timings.indices.map { i in start[i] + (target[i] - start[i]) * timings[i].progress(at: elapsed) }
  }

  // MARK: the components of a follower

  /// A lifted view held at `frame` (canvas points) with `cornerRadius` and the follow transform
  /// about its centre: what shows is centre x, centre y, width, height, corner radius.
  static func components(frame: Rect, cornerRadius: Double, follow: FollowState) -> [Double] {
    [frame.midX + follow.offset.x, frame.midY + follow.offset.y,
     frame.width * follow.scale, frame.height * follow.scale, cornerRadius * follow.scale]
  }

  /// The lifted view drawn from `components(frame:cornerRadius:follow:)`: the visible rect,
  /// its corner radius and no transform (the same pixels: the lifted copy is drawn aspect-fill,
  /// clipped to its rounded bounds).
  static func lifted(_ c: [Double]) -> (frame: Rect, cornerRadius: Double, follow: FollowState) {
    (Rect(x: c[0] - c[2] / 2, y: c[1] - c[3] / 2, width: c[2], height: c[3]), c[4], .rest)
  }

  /// A view following the finger: offset x, offset y, scale.
  static func components(_ follow: FollowState) -> [Double] { [follow.offset.x, follow.offset.y, follow.scale] }

  static func follow(_ c: [Double]) -> FollowState { FollowState(scale: c[2], offset: Point(c[0], c[1])) }
}
