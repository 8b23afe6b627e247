import Geometry

/// `UIPanGestureRecognizer`'s velocity (motion-model §7): on each touch-move event with
/// dt > 0 the last interval becomes the previous one and the new interval the current one;
/// the velocity is `0.2·v(current) + 0.8·v(previous)` once a previous interval exists (else
/// `v(current)`), where `v = Δlocation / dt` in points per second and an interval shorter than
/// 1 ms counts as velocity 0.
public struct PanVelocityEstimator: Hashable, Sendable {
  private var last: (time: Double, location: Point)? = nil
  private var current: Point? = nil
  private var previous: Point? = nil

  public init() {}

  public init(startingAt time: Double, _ location: Point) {
    last = (time, location)
  }

  /// Feeds a touch event (down or move) at `time` seconds and `location` points.
  public mutating func add(time: Double, location: Point) {
    guard let l = last else {
      last = (time, location)
      return
    }
    let dt = time - l.time
    guard dt > 0 else { return }
    let v = dt < 0.001 ? Point.zero : (location - l.location) * (1 / dt)
    previous = current
    current = v
    last = (time, location)
  }

  /// The velocity UIKit reports now, in points per second.
  public var velocity: Point {
    guard let c = current else { return .zero }
    guard let p = previous else { return c }
    return c * 0.2 + p * 0.8
  }
}

extension PanVelocityEstimator: Equatable {
  public static func == (a: Self, b: Self) -> Bool {
    a.last?.time == b.last?.time && a.last?.location == b.last?.location && a.current == b.current
      && a.previous == b.previous
  }
}

extension PanVelocityEstimator {
  public func hash(into h: inout Hasher) {
    h.combine(last?.time)
    h.combine(last?.location)
    h.combine(current)
    h.combine(previous)
  }
}
