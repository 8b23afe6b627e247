import Geometry

/// How a view's centre follows the transition's progress: centre = origin + travel · p, fitted
/// by least squares over the spec's frames (exact for translation and position tracks). A
/// measured centre becomes progress by projecting it onto that line.
public struct ProgressAxis: Hashable, Sendable {
  /// The centre at p = 0 (points).
  public var origin: Point
  /// Points moved per unit of progress.
  public var travel: Point

  public init(origin: Point, travel: Point) { self.origin = origin; self.travel = travel }

  /// Fits the line through (p, centre) pairs; nil when p does not vary or the view does not move.
  public init?(progress: [Double], centers: [Point]) {
    let n = Double(progress.count)
    guard progress.count >= 2 else { return nil }
    let mp = progress.reduce(0, +) / n
    let mx = centers.map(\.x).reduce(0, +) / n, my = centers.map(\.y).reduce(0, +) / n
    var spp = 0.0, spx = 0.0, spy = 0.0
    for (p, c) in zip(progress, centers) {
      spp += (p - mp) * (p - mp); spx += (p - mp) * (c.x - mx); spy += (p - mp) * (c.y - my)
    }
    guard spp > 1e-9 else { return nil }
    let travel = Point(spx / spp, spy / spp)
    guard (travel.x * travel.x + travel.y * travel.y).squareRoot() > 0.5 else { return nil }
    self.travel = travel
    origin = Point(mx - travel.x * mp, my - travel.y * mp)
  }

  /// |travel|, points per unit of progress.
  public var length: Double { (travel.x * travel.x + travel.y * travel.y).squareRoot() }

  /// The progress whose point on the line is nearest `center`.
  public func progress(of center: Point) -> Double {
    ((center.x - origin.x) * travel.x + (center.y - origin.y) * travel.y) / (length * length)
  }

  /// The centre at progress p.
  public func center(at p: Double) -> Point { Point(origin.x + travel.x * p, origin.y + travel.y * p) }
}
