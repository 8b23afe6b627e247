import Foundation

extension Path {
  /// The largest angle one cubic spans in `arc`: π/8 (22.5°). A cubic with handles
  /// 4/3·tan(θ/4)·r strays from a circle of radius r by about 2.7e-4·r·(θ/(π/2))⁶, which for
  /// θ = π/8 is 6.6e-8·r: 1.7e-4 px at r = 2,532 px, the tallest canvas side at scale 3.
  /// (One cubic per quarter strays 2.7e-4·r, 0.08 px at r = 300 px.)
  public static let maximumArcStep = Double.pi / 8

  /// Appends an elliptical arc around `center` with radii `rx`, `ry` from angle `start` to
  /// `end` (radians; angle 0 points to +x, π/2 to +y, so increasing angles run clockwise on
  /// a y-down screen) as cubics of at most `maximumArcStep` each. Adds a line to the arc's
  /// first point unless the path is already within 1e-9 of it (an empty path moves there).
  public mutating func arc(center c: Point, rx: Double, ry: Double, from start: Double, to end: Double) {
    func point(_ a: Double) -> Point { Point(c.x + rx * cos(a), c.y + ry * sin(a)) }
    func tangent(_ a: Double) -> Point { Point(-rx * sin(a), ry * cos(a)) }
    let first = point(start)
    switch elements.last {
    case nil, .close?: move(to: first)
    case .move(let p)?, .line(let p)?, .quad(_, let p)?, .cubic(_, _, let p)?:
      if abs(p.x - first.x) > 1e-9 || abs(p.y - first.y) > 1e-9 { line(to: first) }
    }
    let sweep = end - start
    let n = max(1, Int((abs(sweep) / Path.maximumArcStep * (1 - 1e-12)).rounded(.up)))
    let step = sweep / Double(n)
    let h = 4.0 / 3.0 * tan(step / 4)
    for i in 0..<n {
      let a0 = start + step * Double(i), a1 = i == n - 1 ? end : start + step * Double(i + 1)
      let p0 = point(a0), p1 = point(a1), t0 = tangent(a0), t1 = tangent(a1)
      cubic(to: p1, control1: Point(p0.x + h * t0.x, p0.y + h * t0.y), control2: Point(p1.x - h * t1.x, p1.y - h * t1.y))
    }
  }
}
