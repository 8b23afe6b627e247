import Geometry

/// The closed polygons (device pixels) a mask's coverage was computed from, kept so that a
/// clip and a shape can be intersected as shapes (one anti-aliased edge where their edges
/// coincide) instead of multiplying their coverages (which squares a shared edge: c·c).
struct MaskOutline: Sendable {
  var loops: [[Point]]
  var rule: Path.FillRule
  /// True when `loops` is one convex polygon (a rectangle, a rounded rectangle, an ellipse,
  /// any of them transformed): then it can clip any other outline.
  var isConvex: Bool
  /// The convex polygon this outline clips other shapes with: its one loop when convex, or
  /// the loop's convex hull when that adds at most `hullSlack` px² (a continuous corner's
  /// cubics meet its short straight pieces at slight concave kinks, 8.2e-5·r² per corner);
  /// nil otherwise (several loops, or a real concavity).
  var clipPolygon: [Point]?

  /// The most area (device px²) a convex hull may add to stand in for its outline.
  static let hullSlack = 8.0

  init(loops: [[Point]], rule: Path.FillRule) {
    self.loops = loops
    self.rule = rule
    self.isConvex = loops.count == 1 && MaskOutline.isConvex(loops[0])
    if isConvex {
      clipPolygon = loops[0]
    } else if loops.count == 1, loops[0].count >= 3 {
      let h = MaskOutline.convexHull(loops[0])
      let added = abs(MaskOutline.area(h)) - abs(MaskOutline.area(loops[0]))
      clipPolygon = h.count >= 3 && added <= MaskOutline.hullSlack ? h : nil
    } else {
      clipPolygon = nil
    }
  }

  /// The shoelace area (signed by orientation).
  static func area(_ pts: [Point]) -> Double {
    var a = 0.0
    for i in 0..<pts.count {
      let p = pts[i], q = pts[(i + 1) % pts.count]
      a += p.x * q.y - q.x * p.y
    }
    return a / 2
  }

  /// Andrew's monotone chain: the convex hull, counter-clockwise in the y-up algebra.
  static func convexHull(_ pts: [Point]) -> [Point] {
    let p = pts.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
    func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
    var lower: [Point] = [], upper: [Point] = []
    for q in p {
      while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], q) <= 0 { lower.removeLast() }
      lower.append(q)
    }
    for q in p.reversed() {
      while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], q) <= 0 { upper.removeLast() }
      upper.append(q)
    }
    return Array(lower.dropLast()) + Array(upper.dropLast())
  }

  /// All edges of the loops, each loop closed.
  var edges: [Edge] {
    var edges: [Edge] = []
    for loop in loops { PathFlattener.appendClosed(loop, to: &edges) }
    return edges
  }

  /// True when every point of the loops lies inside the convex polygon `k` (within 1e-7 px).
  /// The bounding box's corners are tried first: when all four are inside, so is every
  /// point (`k` is convex).
  func isInside(_ k: ConvexPolygon) -> Bool {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for loop in loops {
      for p in loop { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
    }
    if k.contains(Point(minX, minY)) && k.contains(Point(maxX, minY))
        && k.contains(Point(maxX, maxY)) && k.contains(Point(minX, maxY)) {
      return true
    }
    return loops.allSatisfy { $0.allSatisfy { k.contains($0) } }
  }

  /// Each loop clipped to the convex polygon `k` (Sutherland–Hodgman; a loop of any shape
  /// against a convex clip keeps, for every point inside `k`, its winding number).
  /// The result clips other shapes as this outline did: a convex loop cut by `k` is convex;
  /// a loop stood in for by its hull (a continuous corner) is stood in for by that hull cut
  /// by `k`, which holds the cut loop and adds no more area than the hull did (so a photo
  /// clipped to its own frame inside a continuous card still shares the card's edge once).
  func clipped(to k: ConvexPolygon) -> MaskOutline {
    var out = self
    out.loops = loops.compactMap { loop in
      let c = k.clip(loop)
      return c.count >= 3 ? c : nil
    }
    out.isConvex = isConvex
    if isConvex {
      out.clipPolygon = out.loops.first
    } else if let hull = clipPolygon, out.loops.count == 1 {
      let cut = k.clip(hull)
      out.clipPolygon = cut.count >= 3 ? cut : nil
    } else {
      out.clipPolygon = nil
    }
    return out
  }

  /// A convex, simple polygon: the turns between edges never change sign and the edge
  /// directions wind once (dx and dy each change sign at most twice around the loop).
  static func isConvex(_ pts: [Point]) -> Bool {
    let n = pts.count
    guard n >= 3 else { return false }
    var sign = 0.0
    var dxFlips = 0, dyFlips = 0
    var lastDx = 0.0, lastDy = 0.0, firstDx = 0.0, firstDy = 0.0
    for i in 0..<n {
      let a = pts[i], b = pts[(i + 1) % n], c = pts[(i + 2) % n]
      let ux = b.x - a.x, uy = b.y - a.y, vx = c.x - b.x, vy = c.y - b.y
      let cross = ux * vy - uy * vx
      let scale = (abs(ux) + abs(uy)) * (abs(vx) + abs(vy))
      if abs(cross) > 1e-12 * scale {
        if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1.0 : -1.0) != sign { return false }
      }
      if ux != 0 {
        if lastDx != 0 && (ux > 0) != (lastDx > 0) { dxFlips += 1 }
        if firstDx == 0 { firstDx = ux }
        lastDx = ux
      }
      if uy != 0 {
        if lastDy != 0 && (uy > 0) != (lastDy > 0) { dyFlips += 1 }
        if firstDy == 0 { firstDy = uy }
        lastDy = uy
      }
    }
    if firstDx != 0 && (firstDx > 0) != (lastDx > 0) { dxFlips += 1 }
    if firstDy != 0 && (firstDy > 0) != (lastDy > 0) { dyFlips += 1 }
    return sign != 0 && dxFlips <= 2 && dyFlips <= 2
  }
}

/// A convex polygon in device pixels with its orientation, for containment and clipping.
struct ConvexPolygon: Sendable {
  let points: [Point]
  /// +1 when the points turn counter-clockwise in the x-right, y-down frame's algebra
  /// (positive shoelace area), −1 otherwise.
  let orientation: Double

  /// The points turning counter-clockwise in the algebra (positive area), repeats removed:
  /// for the fan search in `contains`.
  private let ccw: [Point]

  init(_ points: [Point]) {
    self.points = points
    var area = 0.0
    for i in 0..<points.count {
      let a = points[i], b = points[(i + 1) % points.count]
      area += a.x * b.y - b.x * a.y
    }
    orientation = area >= 0 ? 1 : -1
    var c: [Point] = []
    c.reserveCapacity(points.count)
    for p in (area >= 0 ? points : points.reversed()) where c.last.map({ $0.x != p.x || $0.y != p.y }) ?? true { c.append(p) }
    while c.count > 1, let f = c.first, let l = c.last, f.x == l.x && f.y == l.y { c.removeLast() }
    ccw = c
  }

  @inline(__always)
  private static func cross(_ a: Point, _ b: Point, _ p: Point) -> Double {
    (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
  }

  @inline(__always)
  private static func tolerance(_ a: Point, _ b: Point) -> Double {
    1e-7 * (abs(b.x - a.x) + abs(b.y - a.y))
  }

  /// Signed distance-like test: ≥ 0 inside the half-plane left (or right) of edge a → b.
  @inline(__always)
  private func side(_ a: Point, _ b: Point, _ p: Point) -> Double {
    orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x))
  }

  /// True when `p` is inside or within 1e-7 px of the polygon. O(log n): the fan of
  /// triangles from the first point is searched for the one whose angle holds `p`, then
  /// `p` is tested against that triangle's polygon edge.
  func contains(_ p: Point) -> Bool {
    let c = ccw, n = c.count
    guard n >= 3 else { return false }
    let o = c[0]
    if Self.cross(o, c[1], p) < -Self.tolerance(o, c[1]) { return false }
    if Self.cross(c[n - 1], o, p) < -Self.tolerance(c[n - 1], o) { return false }
    var lo = 1, hi = n - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if Self.cross(o, c[mid], p) >= 0 { lo = mid } else { hi = mid }
    }
    return Self.cross(c[lo], c[lo + 1], p) >= -Self.tolerance(c[lo], c[lo + 1])
  }

  /// Sutherland–Hodgman: `subject` clipped by every edge's half-plane in turn. Half-planes
  /// that hold the subject's whole bounding box are skipped.
  func clip(_ subject: [Point]) -> [Point] {
    var poly = subject
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for p in subject { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
    let corners = [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)]
    let n = points.count
    for i in 0..<n {
      let a = points[i], b = points[(i + 1) % n]
      if a.x == b.x && a.y == b.y { continue }
      if corners.allSatisfy({ side(a, b, $0) >= 0 }) { continue }
      if poly.isEmpty { break }
      var out: [Point] = []
      out.reserveCapacity(poly.count + 4)
      var prev = poly[poly.count - 1]
      var prevSide = side(a, b, prev)
      for cur in poly {
        let curSide = side(a, b, cur)
        if curSide >= 0 {
          if prevSide < 0 { out.append(cross(prev, cur, prevSide, curSide)) }
          out.append(cur)
        } else if prevSide >= 0 {
          out.append(cross(prev, cur, prevSide, curSide))
        }
        prev = cur; prevSide = curSide
      }
      poly = out
    }
    return poly
  }

  @inline(__always)
  private func cross(_ p: Point, _ q: Point, _ sp: Double, _ sq: Double) -> Point {
    let t = sp / (sp - sq)
    return Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t)
  }
}
