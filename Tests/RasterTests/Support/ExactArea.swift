import Foundation

/// Closed-form areas for coverage tests, in float64, independent of the rasterizer.
enum ExactArea {
  /// Area of the axis-aligned rectangles' intersection.
  static func rectRect(_ a: (x0: Double, y0: Double, x1: Double, y1: Double), _ b: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Double {
    max(0, min(a.x1, b.x1) - max(a.x0, b.x0)) * max(0, min(a.y1, b.y1) - max(a.y0, b.y0))
  }

  /// Area of the disc (centre cx, cy, radius r) inside the rectangle x0...x1, y0...y1:
  /// the integral over x of the overlap of [y0, y1] with the disc's chord, split where
  /// the chord's ends cross y0 or y1 so that each piece integrates in closed form with
  /// ∫√(r² − u²) du = (u√(r² − u²) + r² asin(u/r)) / 2.
  static func discRect(cx: Double, cy: Double, r: Double, x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
    let a = max(x0, cx - r), b = min(x1, cx + r)
    if a >= b || y0 >= y1 { return 0 }
    func F(_ x: Double) -> Double {
      let u = min(max(x - cx, -r), r)
      return 0.5 * (u * (r * r - u * u).squareRoot() + r * r * asin(u / r))
    }
    var cuts = [a, b]
    for y in [y0, y1] where abs(y - cy) < r {
      let d = (r * r - (y - cy) * (y - cy)).squareRoot()
      for x in [cx - d, cx + d] where x > a && x < b { cuts.append(x) }
    }
    cuts.sort()
    var area = 0.0
    for i in 0..<(cuts.count - 1) {
      let p = cuts[i], q = cuts[i + 1]
      if q <= p { continue }
      let m = 0.5 * (p + q)
      let h = (r * r - (m - cx) * (m - cx)).squareRoot()
      let top = min(y1, cy + h), bottom = max(y0, cy - h)
      if top <= bottom { continue }
      let hInt = F(q) - F(p)
      let topInt = y1 <= cy + h ? y1 * (q - p) : cy * (q - p) + hInt
      let bottomInt = y0 >= cy - h ? y0 * (q - p) : cy * (q - p) - hInt
      area += topInt - bottomInt
    }
    return max(0, area)
  }

  /// Area of a rounded rectangle (one circular radius r ≤ half the shorter side) inside the
  /// rectangle `px`: the rectangle's area minus, per corner, the part of the corner square
  /// outside the quarter disc.
  static func roundedRectRect(x0: Double, y0: Double, x1: Double, y1: Double, r: Double,
                              px: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Double {
    var area = rectRect((x0, y0, x1, y1), px)
    if r <= 0 || area == 0 { return area }
    let corners = [(x0, y0, x0 + r, y0 + r), (x1 - r, y0, x1, y0 + r), (x0, y1 - r, x0 + r, y1), (x1 - r, y1 - r, x1, y1)]
    let centres = [(x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)]
    for (sq, c) in zip(corners, centres) {
      let cut = (max(sq.0, px.x0), max(sq.1, px.y0), min(sq.2, px.x1), min(sq.3, px.y1))
      if cut.2 <= cut.0 || cut.3 <= cut.1 { continue }
      let square = (cut.2 - cut.0) * (cut.3 - cut.1)
      area -= square - discRect(cx: c.0, cy: c.1, r: r, x0: cut.0, y0: cut.1, x1: cut.2, y1: cut.3)
    }
    return area
  }

  /// The point of the circle at `angle` radians (0 = +x, π/2 = +y).
  static func circlePoint(cx: Double, cy: Double, r: Double, angle: Double) -> (x: Double, y: Double) {
    (cx + r * cos(angle), cy + r * sin(angle))
  }
}
