import Foundation

/// An elliptical arc in SVG's endpoint parameterisation (the `A` path command), with its
/// conversion to the centre parameterisation and to cubic Béziers, following the SVG 1.1
/// implementation notes (appendix F.6, "Elliptical arc implementation notes"). Angles are
/// radians, measured from the +x axis towards +y (clockwise on a y-down screen).
public struct EllipticalArc: Hashable, Sendable {
  public var start: Point
  public var end: Point
  /// The ellipse's radii as written; negative values are taken as their absolute value
  /// (F.6.6 step 1) and radii too small to reach `end` are scaled up (F.6.6 step 3).
  public var radii: Point
  /// The ellipse's x axis rotation, radians.
  public var rotation: Double
  public var largeArc: Bool
  /// True: the arc runs in the direction of increasing angle (clockwise on screen).
  public var sweep: Bool

  public init(from start: Point, to end: Point, radii: Point, rotation: Double, largeArc: Bool, sweep: Bool) {
    self.start = start; self.end = end; self.radii = radii; self.rotation = rotation
    self.largeArc = largeArc; self.sweep = sweep
  }

  /// The same arc by its centre: radii after correction, the start angle θ1 and the signed
  /// sweep Δθ (positive: increasing angle), both radians, Δθ in (−2π, 2π).
  public struct Centered: Hashable, Sendable {
    public var center: Point
    public var radii: Point
    public var rotation: Double
    public var startAngle: Double
    public var sweepAngle: Double

    /// The point at angle `angle` of the (rotated) ellipse.
    public func point(at angle: Double) -> Point {
      let cs = cos(rotation), sn = sin(rotation)
      let x = radii.x * cos(angle), y = radii.y * sin(angle)
      return Point(center.x + cs * x - sn * y, center.y + sn * x + cs * y)
    }
  }

  /// The centre parameterisation (F.6.5), or `nil` when the arc is drawn as a straight line
  /// (a zero radius, F.6.2, or radii so unequal to the chord that no ellipse of finite
  /// numbers joins the ends) or not at all (equal end points).
  ///
  /// The notes' formulas square the radii and the chord, which overflows for numbers past
  /// about 1e154 (`A1e100 1e100 0 1 1 10 0`). The arc's shape does not depend on its size, so
  /// the chord and radii are first divided by the largest of them, and the centre's
  /// coefficient is written in the ratios u = x1'/rx, v = y1'/ry (F.6.5.2 divided through by
  /// rx²·ry²): every intermediate value stays near 1 for any finite input.
  public var centered: Centered? {
    if start == end { return nil }
    let cs = cos(rotation), sn = sin(rotation)
    // Step 1: (x1', y1'), the half chord in the ellipse's axes (halved before subtracting,
    // so ends near ±Double.greatestFiniteMagnitude do not overflow).
    let dx = start.x / 2 - end.x / 2, dy = start.y / 2 - end.y / 2
    let size = max(abs(dx), abs(dy), abs(radii.x), abs(radii.y))
    guard size > 0, size.isFinite else { return nil }
    let x1 = (cs * dx + sn * dy) / size, y1 = (-sn * dx + cs * dy) / size
    var rx = abs(radii.x) / size, ry = abs(radii.y) / size
    if rx == 0 || ry == 0 { return nil }
    var u = x1 / rx, v = y1 / ry
    // Radii too small to span the chord grow uniformly until they just do (F.6.6):
    // λ = u² + v², taken as hypot so that a radius far below the chord cannot overflow it.
    let sum = u * u + v * v
    let root = sum.isFinite ? sum.squareRoot() : hypot(u, v)
    guard root.isFinite, root > 0 else { return nil }
    if root > 1 {
      rx *= root; ry *= root
      u /= root; v /= root
    }
    // Step 2: the centre in the ellipse's axes. F.6.5.2's coefficient divided through by
    // rx²·ry² is √((1 − λ) / λ) with λ = u² + v² (at most 1 here).
    let lambda = u * u + v * v
    var coefficient = lambda == 0 ? 0 : (max(0, 1 - lambda) / lambda).squareRoot()
    if largeArc == sweep { coefficient = -coefficient }
    let cx1 = coefficient * rx * v, cy1 = -coefficient * ry * u
    // Step 3: back to user space, in the caller's units.
    let center = Point(
      size * (cs * cx1 - sn * cy1) + (start.x / 2 + end.x / 2),
      size * (sn * cx1 + cs * cy1) + (start.y / 2 + end.y / 2))
    // Step 4: the angles.
    let ux = u - coefficient * v, uy = v + coefficient * u
    let vx = -u - coefficient * v, vy = -v + coefficient * u
    let theta1 = atan2(uy, ux)
    var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    let result = Centered(center: center, radii: Point(rx * size, ry * size), rotation: rotation, startAngle: theta1, sweepAngle: delta)
    guard center.x.isFinite, center.y.isFinite, result.radii.x.isFinite, result.radii.y.isFinite, delta.isFinite, theta1.isFinite else { return nil }
    return result
  }

  /// The arc as cubic Béziers, each spanning at most 90° of the ellipse's parameter (control
  /// arms of 4/3·tan(Δ/4), the standard circular-arc fit, radially within 2.7e-4 of the radius).
  /// A straight line when a radius is zero; nothing when the end points are equal.
  public func appendSegments(to path: inout Path) {
    if start == end { return }
    guard let c = centered else {
      path.line(to: end)
      return
    }
    let count = max(1, Int((abs(c.sweepAngle) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = c.sweepAngle / Double(count)
    let k = 4.0 / 3.0 * tan(step / 4)
    let cs = cos(c.rotation), sn = sin(c.rotation)
    func derivative(_ a: Double) -> Point {
      let x = -c.radii.x * sin(a), y = c.radii.y * cos(a)
      return Point(cs * x - sn * y, sn * x + cs * y)
    }
    var a0 = c.startAngle
    var p0 = start
    for i in 0..<count {
      let a1 = i == count - 1 ? c.startAngle + c.sweepAngle : a0 + step
      let p1 = i == count - 1 ? end : c.point(at: a1)
      path.cubic(to: p1, control1: p0 + derivative(a0) * k, control2: p1 - derivative(a1) * k)
      a0 = a1
      p0 = p1
    }
  }
}
