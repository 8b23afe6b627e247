import Foundation

/// Scroll-view physics for gestures (motion-model §7).
public enum GesturePhysics {
  /// UIScrollView's rubber-band constant.
  public static let rubberBandConstant = 0.55

  /// How far content moves for a drag `overshoot` points past its limit, in a viewport of
  /// `dimension` points on that axis: `(1 − 1/(x·c/d + 1))·d`. Odd in `overshoot` (a drag past
  /// the other limit bands the same way); 0 for a non-positive dimension.
  public static func rubberBand(_ overshoot: Double, dimension d: Double, constant c: Double = rubberBandConstant) -> Double {
    guard d > 0, overshoot.isFinite else { return overshoot.isNaN ? 0 : (overshoot > 0 ? d : (overshoot < 0 ? -d : 0)) }
    let x = abs(overshoot)
    let banded = (1 - 1 / (x * c / d + 1)) * d
    return overshoot < 0 ? -banded : banded
  }

  /// `value` limited to `range` with rubber banding beyond either end.
  public static func rubberBand(_ value: Double, range: ClosedRange<Double>, dimension d: Double,
                                constant c: Double = rubberBandConstant) -> Double {
    if value < range.lowerBound { return range.lowerBound + rubberBand(value - range.lowerBound, dimension: d, constant: c) }
    if value > range.upperBound { return range.upperBound + rubberBand(value - range.upperBound, dimension: d, constant: c) }
    return value
  }

  /// `UIScrollView.DecelerationRate.normal` (per millisecond; `.fast` is 0.99, which a scene
  /// writes as `decelerationRate: 0.99`).
  public static let normalDecelerationRate = 0.998

  /// WWDC18 "Designing Fluid Interfaces" projection: where a flick at `velocity` points per
  /// second comes to rest, `(v/1000)·r/(1 − r)` points further.
  public static func projection(velocity: Double, decelerationRate r: Double = normalDecelerationRate) -> Double {
    (velocity / 1000) * r / (1 - r)
  }

  /// The continuous limit of deceleration, `−v/(1000·ln r)` points.
  public static func decelerationDistance(velocity: Double, decelerationRate r: Double = normalDecelerationRate) -> Double {
    -velocity / (1000 * log(r))
  }

  /// Distance travelled `t` seconds into a deceleration from `velocity` points per second:
  /// `v·(r^{1000t} − 1)/(1000·ln r)`.
  public static func decelerationOffset(velocity: Double, at t: Double, decelerationRate r: Double = normalDecelerationRate) -> Double {
    guard t > 0 else { return 0 }
    return velocity * (pow(r, 1000 * t) - 1) / (1000 * log(r))
  }

  /// UIKit spring initial velocity for a finger hand-off: finger velocity (points per second)
  /// over the distance the animation still has to cover (points), in fractions of that
  /// distance per second; 0 when the distance is 0.
  public static func initialVelocity(fingerVelocity v: Double, distanceLeft d: Double) -> Double {
    d == 0 || !d.isFinite || !v.isFinite ? 0 : v / d
  }
}
