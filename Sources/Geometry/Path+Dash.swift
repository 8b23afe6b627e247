/// What bounds a dashed stroke's work: both the renderer (which draws a pattern over the
/// bound solid) and the scene reader (which warns) use these.
extension Path {
  /// The most dashes a stroke lays along one path; a pattern that could give more is drawn
  /// as a solid line.
  public static let maxDashCount = 100_000

  /// The length of the control polygon, path units: never shorter than the path itself (a
  /// Bézier lies in the hull of its control points), with a subpath's closing line counted.
  public var controlPolygonLength: Double {
    var total = 0.0, current = Point.zero, start = Point.zero
    func go(_ p: Point) { total += (p - current).length; current = p }
    for e in elements {
      switch e {
      case .move(let p): current = p; start = p
      case .line(let p): go(p)
      case .quad(let c, let p): go(c); go(p)
      case .cubic(let c1, let c2, let p): go(c1); go(c2); go(p)
      case .close: go(start)
      }
    }
    return total
  }

  /// An upper bound on the dashes `pattern` (alternating dash and gap lengths, path units,
  /// an odd-length list repeated to an even one as SVG does) lays along this path: the
  /// control polygon's length over the pattern's period, times its entries, plus one per
  /// entry for the phase and one per subpath. Infinite when the period is zero or the
  /// numbers overflow.
  public func dashCountBound(pattern: [Double]) -> Double {
    let period = pattern.reduce(0, +)
    guard period > 0 else { return .infinity }
    let entries = Double(pattern.count)
    let subpaths = Double(elements.reduce(0) { n, e in if case .move = e { return n + 1 } else { return n } })
    let bound = (controlPolygonLength / period + 1) * entries + subpaths
    return bound.isFinite ? bound : .infinity
  }
}
