import Geometry

// Rounded rectangles as CALayer draws them.
//
// Circular corners are quarter circles, each four cubics of 22.5° (`Path.arc`; error
// 6.6e-8·r, where one cubic per quarter strays 2.7e-4·r, 0.08 px at r = 300 px). Radii are clamped as CALayer does: each to half the
// shorter side, then, if two corners on one side still ask for more than the side, all
// radii scale down by the same factor (the CSS border-radius rule).
//
// Continuous corners (CALayer.cornerCurve = .continuous, UIBezierPath(roundedRect:) since
// iOS 7) follow the curve measured from UIKit's own paths and published by PaintCode
// ("Code for iOS 7 rounded rectangles", paintcodeapp.com, 2013): the corner leaves each
// edge 1.52866483·r from the vertex and is three cubics joined by two short lines. In
// units of r, with `a` measured from the vertex along the edge the path arrives on and `b`
// along the edge it leaves on, the points are:
//   start (1.52866483, 0)
//   cubic (1.08849323, 0) (0.86840689, 0) → (0.66993427, 0.06549600)
//   line → (0.63149399, 0.07491100)
//   cubic (0.37282392, 0.16905899) (0.16905899, 0.37282392) → (0.07491100, 0.63149399)
//   line → (0.06549600, 0.66993427)
//   cubic (0, 0.86840689) (0, 1.08849323) → (0, 1.52866483)
// When 1.52866483·r does not fit in half the shorter side, UIKit switches to other shapes
// (PaintCode found three); this renderer then draws a circular corner with the radius
// clamped to half the shorter side, which is what UIKit draws for a capsule.

extension Path {
  /// The extent of a continuous corner along each edge, in units of its radius.
  public static let continuousCornerExtent = 1.52866483

  /// A rounded rectangle with one radius for every corner (points or pixels, the path's
  /// unit), drawn clockwise on a y-down screen.
  public init(roundedRect r: Rect, cornerRadius: Double, curve: CornerCurve = .circular) {
    self.init(roundedRect: r, radii: CornerRadii(all: cornerRadius), curve: curve)
  }

  /// A rounded rectangle with per-corner radii, drawn clockwise on a y-down screen. Zero
  /// radii give sharp corners; a rectangle with no radii is `Path(rect:)`.
  public init(roundedRect rect: Rect, radii: CornerRadii, curve: CornerCurve = .circular) {
    let r = rect.standardized
    let clamped = Path.clampedRadii(radii, width: r.width, height: r.height)
    guard !clamped.isZero, r.width > 0, r.height > 0 else {
      self.init(rect: r)
      return
    }
    let half = min(r.width, r.height) / 2
    let k = Path.continuousCornerExtent
    func extent(_ radius: Double) -> Double {
      curve == .continuous && radius * k <= half ? radius * k : radius
    }
    let tl = clamped.topLeft, tr = clamped.topRight, br = clamped.bottomRight, bl = clamped.bottomLeft
    self.init()
    move(to: Point(r.minX + extent(tl), r.minY))
    line(to: Point(r.maxX - extent(tr), r.minY))
    corner(Point(r.maxX, r.minY), Point(-1, 0), Point(0, 1), tr, curve, half)
    line(to: Point(r.maxX, r.maxY - extent(br)))
    corner(Point(r.maxX, r.maxY), Point(0, -1), Point(-1, 0), br, curve, half)
    line(to: Point(r.minX + extent(bl), r.maxY))
    corner(Point(r.minX, r.maxY), Point(1, 0), Point(0, -1), bl, curve, half)
    line(to: Point(r.minX, r.minY + extent(tl)))
    corner(Point(r.minX, r.minY), Point(0, 1), Point(1, 0), tl, curve, half)
    close()
  }

  /// Radii limited to half the shorter side, then scaled so adjacent corners fit each side.
  static func clampedRadii(_ radii: CornerRadii, width w: Double, height h: Double) -> CornerRadii {
    let half = min(w, h) / 2
    func c(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), half) : 0 }
    var out = CornerRadii(topLeft: c(radii.topLeft), topRight: c(radii.topRight),
                          bottomRight: c(radii.bottomRight), bottomLeft: c(radii.bottomLeft))
    var f = 1.0
    for (a, b, side) in [(out.topLeft, out.topRight, w), (out.bottomLeft, out.bottomRight, w),
                         (out.topLeft, out.bottomLeft, h), (out.topRight, out.bottomRight, h)] where a + b > side {
      f = min(f, side / (a + b))
    }
    if f < 1 {
      out = CornerRadii(topLeft: out.topLeft * f, topRight: out.topRight * f,
                        bottomRight: out.bottomRight * f, bottomLeft: out.bottomLeft * f)
    }
    return out
  }

  /// Appends one corner at vertex `v`: `inDir` points from the vertex back along the edge
  /// the path arrives on, `outDir` along the edge it leaves on. The path is at the corner's
  /// start point already.
  private mutating func corner(_ v: Point, _ inDir: Point, _ outDir: Point, _ radius: Double, _ curve: CornerCurve, _ half: Double) {
    guard radius > 0 else { return }
    func p(_ a: Double, _ b: Double) -> Point { v + (a * radius) * inDir + (b * radius) * outDir }
    if curve == .continuous && radius * Path.continuousCornerExtent <= half {
      cubic(to: p(0.66993427, 0.06549600), control1: p(1.08849323, 0), control2: p(0.86840689, 0))
      line(to: p(0.63149399, 0.07491100))
      cubic(to: p(0.07491100, 0.63149399), control1: p(0.37282392, 0.16905899), control2: p(0.16905899, 0.37282392))
      line(to: p(0.06549600, 0.66993427))
      cubic(to: p(0, 1.52866483), control1: p(0, 0.86840689), control2: p(0, 1.08849323))
    } else {
      // A true quarter circle around v + r·inDir + r·outDir, from −outDir to −inDir.
      let centre = v + radius * inDir + radius * outDir
      let start = atan2d(-outDir.y, -outDir.x)
      arc(center: centre, rx: radius, ry: radius, from: start, to: start + Double.pi / 2)
    }
  }
}
