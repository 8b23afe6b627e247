import Geometry

/// How to stroke a path, as CAShapeLayer's lineWidth, lineCap, lineJoin, miterLimit,
/// lineDashPattern and lineDashPhase. Lengths are in the path's units.
public struct StrokeStyle: Hashable, Sendable {
  public enum Cap: String, Hashable, Sendable, CaseIterable { case butt, round, square }
  public enum Join: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }

  public var width: Double
  public var cap: Cap
  public var join: Join
  /// A miter longer than `miterLimit · width / 2`... as CoreGraphics: when the miter length
  /// divided by the width exceeds this, the join is bevelled.
  public var miterLimit: Double
  /// Alternating dash and gap lengths; empty for a solid line.
  public var dash: [Double]
  public var dashPhase: Double

  public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
    self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    self.dash = dash; self.dashPhase = dashPhase
  }
}

// Strokes become a union of convex pieces (one quadrilateral per segment, a wedge or disc
// per join, a half-disc or square per cap), each wound the same way, filled non-zero:
// overlaps count once and the shared edges of neighbouring pieces cancel exactly.
enum Stroker {
  /// The flattening tolerance of strokes, device pixels: 1/128, coarser than fills'
  /// (`PathFlattener.defaultTolerance`). The rasterizer adds the coverage of overlapping
  /// pieces within an edge pixel (non-zero is decided per pixel, not per point), so every
  /// extra piece darkens a stroke's anti-aliased edge; at 1/1024 the many short pieces of
  /// a curved stroke filled the 1 px gaps of the status bar's Wi-Fi symbol at scale 1.
  static let defaultTolerance = 1.0 / 128

  /// The stroke outline as closed polygons in the path's (user) space. `tolerance` is the
  /// flattening tolerance in user units.
  static func polygons(_ path: Path, style: StrokeStyle, tolerance: Double) -> [[Point]] {
    let hw = style.width / 2
    guard hw > 0, hw.isFinite else { return [] }
    var lines = PathFlattener.polylines(path, transform: .identity, tolerance: tolerance).map { line -> PathFlattener.Polyline in
      // Drop repeated points: they have no direction (a dropped corner passes its flag on).
      var pts: [Point] = [], corners: [Bool] = []
      for (p, c) in zip(line.points, line.corners) {
        if let last = pts.last, (last - p).length <= 1e-9 { corners[corners.count - 1] = corners[corners.count - 1] || c; continue }
        pts.append(p); corners.append(c)
      }
      if line.closed, pts.count > 1, (pts[0] - pts[pts.count - 1]).length <= 1e-9 { pts.removeLast(); corners.removeLast() }
      return PathFlattener.Polyline(points: pts, closed: line.closed, corners: corners)
    }
    if let pattern = Dasher.usablePattern(style.dash) {
      lines = Dasher.dashes(lines, of: path, pattern: pattern, phase: style.dashPhase)
    }
    // Quarter-circle steps for round joins and caps, at most 10,000 (a path view whose
    // viewBox is 1e-300 wide scales its line width to 1e302).
    let arcSteps = max(8, Int(min(10_000, (Double.pi / (2 * (2 * tolerance / hw).squareRoot())).rounded(.up))))
    var out: [[Point]] = []
    for line in lines {
      let pts = line.points
      if pts.count == 1 {
        // A zero-length subpath shows only round or square caps.
        switch style.cap {
        case .round: out.append(disc(pts[0], hw, arcSteps * 4))
        case .square: out.append(orient([pts[0] + Point(-hw, -hw), pts[0] + Point(hw, -hw), pts[0] + Point(hw, hw), pts[0] + Point(-hw, hw)]))
        case .butt: break
        }
        continue
      }
      let n = pts.count
      let segCount = line.closed ? n : n - 1
      // Joins at interior vertices (all vertices when closed): the style's join where two
      // segments of the path meet, a round wedge between the chords of a flattened curve
      // (the curve's own offset, which has no corner to join).
      let joinRange = line.closed ? Array(0..<n) : Array(1..<max(1, n - 1))
      var cuts = [InnerCut?](repeating: nil, count: n)
      for i in joinRange {
        let prev = pts[(i - 1 + n) % n], v = pts[i], next = pts[(i + 1) % n]
        cuts[i] = innerCut(prev, v, next, hw)
        out += join(prev, v, next, hw, line.corners[i] ? style.join : .round, style.miterLimit, arcSteps)
      }
      for i in 0..<segCount {
        out.append(segment(pts[i], pts[(i + 1) % n], hw, start: cuts[i], end: cuts[(i + 1) % n]))
      }
      if !line.closed {
        out += cap(pts[1], pts[0], hw, style.cap, arcSteps)
        out += cap(pts[n - 2], pts[n - 1], hw, style.cap, arcSteps)
      }
    }
    return out
  }

  /// Where a turn's inner side is cut between its two segments: along the bisector from the
  /// vertex to `inner`, the point where the two inner offset lines meet. `outerSign` is the
  /// side of the outer offset (+1: along the segments' normals).
  struct InnerCut { var inner: Point; var outerSign: Double }

  /// The cut at `v`, or nil where the two segments' quadrilaterals are left to overlap: no
  /// turn, a turn θ of more than about 154° (cos θ ≤ −0.9, whose inner point lies far back), or
  /// a segment shorter than twice the overlap's reach along it (hw · max(sin θ, tan θ/2)),
  /// where the part of one quadrilateral beyond the bisector would not lie inside the other's
  /// own part (a curve tighter than about twice the half width).
  static func innerCut(_ prev: Point, _ v: Point, _ next: Point, _ hw: Double) -> InnerCut? {
    let n0 = normal(prev, v), n1 = normal(v, next)
    let l0 = (v - prev).length, l1 = (next - v).length
    guard l0 > 0, l1 > 0 else { return nil }
    let cross = (v.x - prev.x) * (next.y - v.y) - (v.y - prev.y) * (next.x - v.x)
    let cosTheta = n0.x * n1.x + n0.y * n1.y
    let sinTheta = abs(cross) / (l0 * l1)
    guard sinTheta > 1e-12, cosTheta > -0.9 else { return nil }
    let reach = hw * max(sinTheta, sinTheta / (1 + cosTheta))
    guard reach.isFinite, 2 * reach <= min(l0, l1) else { return nil }
    let s: Double = cross > 0 ? -1 : 1
    let halfCos = ((1 + cosTheta) / 2).squareRoot()
    let m = Point(n0.x + n1.x, n0.y + n1.y)
    let inner = v - m * (hw * s / (m.length * halfCos))
    guard inner.x.isFinite, inner.y.isFinite else { return nil }
    return InnerCut(inner: inner, outerSign: s)
  }

  /// The quadrilateral of the segment from `a` to `b`, `2 · hw` wide, cut along the bisector
  /// on the inner side of a turn at either end: neighbouring pieces then meet along the cut
  /// (its two edges cancel) instead of overlapping, so the inner edge's pixels are covered
  /// once.
  static func segment(_ a: Point, _ b: Point, _ hw: Double, start: InnerCut?, end: InnerCut?) -> [Point] {
    let nrm = normal(a, b) * hw
    // Corners in order a + nrm, b + nrm, b − nrm, a − nrm; an inner corner is replaced by
    // the vertex and the cut's inner point.
    var poly: [Point] = []
    if let c = start, c.outerSign < 0 { poly += [a, c.inner] } else { poly.append(a + nrm) }
    if let c = end, c.outerSign < 0 { poly += [c.inner, b] } else { poly.append(b + nrm) }
    if let c = end, c.outerSign > 0 { poly += [b, c.inner] } else { poly.append(b - nrm) }
    if let c = start, c.outerSign > 0 { poly += [c.inner, a] } else { poly.append(a - nrm) }
    return orient(poly)
  }

  static func normal(_ a: Point, _ b: Point) -> Point {
    let d = b - a, l = d.length
    return l > 0 ? Point(-d.y / l, d.x / l) : Point(0, 0)
  }

  /// Counter-clockwise in y-up terms (positive signed area) so all pieces wind alike.
  static func orient(_ p: [Point]) -> [Point] {
    var area = 0.0
    for i in 0..<p.count { let a = p[i], b = p[(i + 1) % p.count]; area += a.x * b.y - b.x * a.y }
    return area < 0 ? p.reversed() : p
  }

  static func disc(_ c: Point, _ r: Double, _ steps: Int) -> [Point] {
    (0..<steps).map { i in
      let t = 2 * Double.pi * Double(i) / Double(steps)
      return Point(c.x + r * cosd(t), c.y + r * sind(t))
    }
  }

  /// The piece that fills the outer side of the turn at `v`, and nothing on the inner side
  /// (the two segments' quadrilaterals already overlap there): a round join is the sector
  /// of radius `hw` between the two outer normals, a bevel the triangle, a miter the
  /// quadrilateral to the miter's tip.
  static func join(_ prev: Point, _ v: Point, _ next: Point, _ hw: Double, _ kind: StrokeStyle.Join, _ miterLimit: Double, _ arcSteps: Int) -> [[Point]] {
    let n0 = normal(prev, v), n1 = normal(v, next)
    let cross = (v.x - prev.x) * (next.y - v.y) - (v.y - prev.y) * (next.x - v.x)
    let cosTheta = n0.x * n1.x + n0.y * n1.y
    if abs(cross) < 1e-12 && cosTheta > 0 { return [] }
    // Outer side: the normals point away from the turn.
    let s: Double = cross > 0 ? -1 : 1
    let a = v + n0 * (hw * s), b = v + n1 * (hw * s)
    switch kind {
    case .round:
      // Sweep from the outer normal before the vertex to the one after, the short way
      // round; a full reversal sweeps the half turn ahead of the incoming segment.
      let d0 = n0 * s, d1 = n1 * s
      var sweep = atan2d(d0.x * d1.y - d0.y * d1.x, d0.x * d1.x + d0.y * d1.y)
      if abs(cross) < 1e-12 {
        let ahead = Point(v.x - prev.x, v.y - prev.y)
        sweep = (-d0.y * ahead.x + d0.x * ahead.y) >= 0 ? Double.pi : -Double.pi
      }
      let steps = max(1, Int((abs(sweep) / (Double.pi / 2) * Double(arcSteps)).rounded(.up)))
      var wedge = [v, a]
      for k in 1..<steps {
        let t = sweep * Double(k) / Double(steps)
        let c = cosd(t), sn = sind(t)
        wedge.append(Point(v.x + hw * (d0.x * c - d0.y * sn), v.y + hw * (d0.x * sn + d0.y * c)))
      }
      wedge.append(b)
      return [orient(wedge)]
    case .bevel:
      return [orient([v, a, b])]
    case .miter:
      // Miter length / width = 1 / sin(φ/2), φ the angle between the segments.
      let halfCos = ((1 + cosTheta) / 2).squareRoot()
      if halfCos > 1e-9, 1 / halfCos <= miterLimit {
        let m = Point(n0.x + n1.x, n0.y + n1.y)
        let ml = m.length
        let tip = v + m * (hw * s / (ml * halfCos))
        return [orient([v, a, tip, b])]
      }
      return [orient([v, a, b])]
    }
  }

  /// The cap at `end`, for a segment arriving from `from`.
  static func cap(_ from: Point, _ end: Point, _ hw: Double, _ cap: StrokeStyle.Cap, _ arcSteps: Int) -> [[Point]] {
    switch cap {
    case .butt: return []
    case .round:
      // The half disc beyond the end; its diameter is the segment's end edge.
      let d = end - from, l = d.length
      guard l > 0 else { return [disc(end, hw, arcSteps * 4)] }
      let u = d * (1 / l), nrm = normal(from, end)
      let steps = arcSteps * 2
      var half = [end + nrm * hw]
      for k in 1..<steps {
        let t = Double.pi * Double(k) / Double(steps)
        let c = cosd(t), sn = sind(t)
        half.append(Point(end.x + hw * (nrm.x * c + u.x * sn), end.y + hw * (nrm.y * c + u.y * sn)))
      }
      half.append(end - nrm * hw)
      return [orient(half)]
    case .square:
      let d = end - from, l = d.length
      guard l > 0 else { return [] }
      let u = d * (hw / l), nrm = normal(from, end) * hw
      return [orient([end + nrm, end + nrm + u, end - nrm + u, end - nrm])]
    }
  }
}

extension Bitmap {
  /// Strokes `path` (user space, mapped to device pixels by `transform`, which also
  /// scales the line width) with a solid colour, anti-aliased.
  public mutating func stroke(
    _ path: Path, style: StrokeStyle, color: Color, transform: AffineTransform = .identity,
    opacity: Double = 1, clip: Mask? = nil
  ) {
    fill(Mask(stroking: path, style: style, transform: transform, limit: clip.map { $0.bounds.intersection(pixelBounds) } ?? pixelBounds),
         color: color, opacity: opacity, clip: clip)
  }
}

extension Mask {
  /// The coverage of a stroked path: the stroke is built in user space, then mapped to
  /// device pixels by `transform`.
  public init(stroking path: Path, style: StrokeStyle, transform: AffineTransform = .identity, limit: PixelRect) {
    let scale = max((abs(transform.determinant)).squareRoot(), 1e-9)
    let polys = Stroker.polygons(path, style: style, tolerance: Stroker.defaultTolerance / scale)
    var edges: [Edge] = []
    for poly in polys { PathFlattener.appendClosed(poly.map(transform.apply), to: &edges) }
    self.init(edges: edges, rule: .nonZero, limit: limit)
  }
}
