import Geometry

extension ProgressMapping {
  /// A vector along the axis with signed component `c` in the direction that increases p.
  public func vector(alongAxis c: Double) -> Point {
    axis == .x ? Point(x: c * direction, y: 0) : Point(x: 0, y: c * direction)
  }

  /// The velocity component (points per second) in the direction that increases p; for a
  /// magnitude mapping, in the direction that increases |translation| (the sign of the
  /// translation's component decides).
  public func velocityComponent(_ velocity: Point, translation: Point) -> Double {
    let v = component(velocity)
    return usesMagnitude && component(translation) < 0 ? -v : v
  }

  /// A scroll view taking the pan first (T3's scroll variant): with the content `o` points
  /// from its top when the touch came down and c the translation on the axis (direction that
  /// increases p), the content is at `max(0, o − c)` (a pan the other way scrolls it further
  /// down) and only `c − (o − offset)` of the translation drives p. Returns the translation
  /// that drives p and the content offset (points).
  public func scrolled(_ translation: Point, contentOffset o: Double) -> (translation: Point, contentOffset: Double) {
    let c = component(translation)
    let offset = max(0, o - c)
    return (translation - vector(alongAxis: o - offset), offset)
  }
}
