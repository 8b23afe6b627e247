import Geometry

/// A straight edge in device pixels, from (x0, y0) to (x1, y1).
struct Edge: Sendable {
  var x0: Double, y0: Double, x1: Double, y1: Double
}

/// Turns a path into straight edges in device pixels. Curves become chords whose distance
/// from the true curve is below `tolerance` (1/1024 px by default: a pixel holds at most
/// √2 px of edge, so a chord moves its coverage by at most 0.0014, 0.35/255, which with
/// the byte's rounding keeps a curved edge pixel within 1/255): a Bézier of degree n with
/// second differences of length at most M is flattened into
/// ceil(sqrt(n(n−1)/8 · M / tolerance)) uniform steps (Wang's bound), which guarantees it.
/// Every subpath is closed, as filling requires.
struct PathFlattener {
  static let defaultTolerance = 1.0 / 1024

  /// One polyline per subpath, in device pixels; `closed` tells whether the subpath ended
  /// with `.close` (strokes need that, fills close everything). `corners[i]` is true where
  /// `points[i]` ends a segment of the path (a vertex where strokes draw their join) and
  /// false inside a flattened curve.
  struct Polyline {
    var points: [Point]
    var closed: Bool
    var corners: [Bool]

    init(points: [Point], closed: Bool, corners: [Bool]? = nil) {
      self.points = points; self.closed = closed
      self.corners = corners ?? Array(repeating: true, count: points.count)
    }
  }

  static func polylines(_ path: Path, transform t: AffineTransform, tolerance: Double = defaultTolerance) -> [Polyline] {
    var result: [Polyline] = []
    var current: [Point] = []
    var corners: [Bool] = []
    var start = Point.zero
    var last = Point.zero
    func finish(closed: Bool) {
      if current.count > 1 || (closed && !current.isEmpty) { result.append(Polyline(points: current, closed: closed, corners: corners)) }
      current = []; corners = []
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        finish(closed: false)
        let q = t.apply(p)
        current = [q]; corners = [true]; start = q; last = q
      case .line(let p):
        let q = t.apply(p)
        if current.isEmpty { current = [last]; corners = [true] }
        current.append(q); corners.append(true); last = q
      case .quad(let c, let p):
        let c1 = t.apply(c), p2 = t.apply(p)
        if current.isEmpty { current = [last]; corners = [true] }
        let p0 = last
        let dd = (p0 - 2 * c1 + p2).length
        let n = steps(0.25 * dd, tolerance)
        for i in 1...n {
          let s = Double(i) / Double(n), u = 1 - s
          current.append(Point(
            u * u * p0.x + 2 * u * s * c1.x + s * s * p2.x,
            u * u * p0.y + 2 * u * s * c1.y + s * s * p2.y))
          corners.append(i == n)
        }
        current[current.count - 1] = p2
        last = p2
      case .cubic(let a, let b, let p):
        let c1 = t.apply(a), c2 = t.apply(b), p3 = t.apply(p)
        if current.isEmpty { current = [last]; corners = [true] }
        let p0 = last
        let m = max((p0 - 2 * c1 + c2).length, (c1 - 2 * c2 + p3).length)
        let n = steps(0.75 * m, tolerance)
        for i in 1...n {
          let s = Double(i) / Double(n), u = 1 - s
          let w0 = u * u * u, w1 = 3 * u * u * s, w2 = 3 * u * s * s, w3 = s * s * s
          current.append(Point(
            w0 * p0.x + w1 * c1.x + w2 * c2.x + w3 * p3.x,
            w0 * p0.y + w1 * c1.y + w2 * c2.y + w3 * p3.y))
          corners.append(i == n)
        }
        current[current.count - 1] = p3
        last = p3
      case .close:
        if !current.isEmpty { finish(closed: true) }
        last = start
      }
    }
    finish(closed: false)
    return result
  }

  /// sqrt(k / tolerance), at least 1 and at most 10,000 (a degenerate or absurd curve
  /// cannot allocate without bound).
  private static func steps(_ k: Double, _ tolerance: Double) -> Int {
    let n = (k / tolerance).squareRoot().rounded(.up)
    guard n.isFinite, n >= 1 else { return 1 }
    return Int(min(n, 10_000))
  }

  /// All edges of the path's subpaths, each subpath closed.
  static func edges(_ path: Path, transform t: AffineTransform, tolerance: Double = defaultTolerance) -> [Edge] {
    var edges: [Edge] = []
    for line in polylines(path, transform: t, tolerance: tolerance) {
      appendClosed(line.points, to: &edges)
    }
    return edges
  }

  static func appendClosed(_ pts: [Point], to edges: inout [Edge]) {
    guard pts.count > 1 else { return }
    for i in 0..<pts.count {
      let a = pts[i], b = pts[(i + 1) % pts.count]
      if a.y != b.y { edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y)) }
    }
  }
}
