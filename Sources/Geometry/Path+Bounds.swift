import Foundation

extension Path {
  /// The exact bounds of the outline (curve extremes found where the derivative is zero,
  /// not the control points), or `nil` for an empty path.
  public var bounds: Rect? {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    func add(_ p: Point) {
      minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
      minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
    }
    var current = Point.zero
    for e in elements {
      switch e {
      case .move(let p), .line(let p):
        add(p); current = p
      case .quad(let c, let p):
        add(p)
        // B'(t) = 0 at t = (p0 − c) / (p0 − 2c + p1), per axis.
        for (a, b, d) in [(current.x, c.x, p.x), (current.y, c.y, p.y)] {
          let den = a - 2 * b + d
          if den != 0 {
            let t = (a - b) / den
            if t > 0 && t < 1 { add(Self.quadPoint(current, c, p, t)) }
          }
        }
        current = p
      case .cubic(let c1, let c2, let p):
        add(p)
        for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
          add(Self.cubicPoint(current, c1, c2, p, t))
        }
        current = p
      case .close:
        break
      }
    }
    guard minX <= maxX else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  static func quadPoint(_ a: Point, _ b: Point, _ c: Point, _ t: Double) -> Point {
    let u = 1 - t
    return a * (u * u) + b * (2 * u * t) + c * (t * t)
  }

  static func cubicPoint(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ t: Double) -> Point {
    let u = 1 - t
    return a * (u * u * u) + b * (3 * u * u * t) + c * (3 * u * t * t) + d * (t * t * t)
  }

  /// Parameters in (0, 1) where one coordinate of a cubic has zero derivative.
  static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
    // B'(t)/3 = a t² + b t + c.
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    var roots: [Double] = []
    if abs(a) < 1e-12 {
      if abs(b) > 1e-12 { roots.append(-c / b) }
    } else {
      let disc = b * b - 4 * a * c
      if disc >= 0 {
        let s = disc.squareRoot()
        roots += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
      }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
  }
}
