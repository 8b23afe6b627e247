import Geometry
import Raster

/// Anti-aliased coverage of simple shapes (discs, capsules, rounded rectangles), built from
/// each shape's signed distance at pixel centres with a one-pixel ramp. Overlapping shapes
/// take the larger coverage, so a polyline's joints are not blended twice. Coordinates are
/// device pixels; pixel (x, y) has its centre at (x + 0.5, y + 0.5).
///
/// This is for review graphics (dots, pills, chart lines), not for scene content, which
/// Raster draws exactly.
public struct ShapeMask: Sendable {
  public let bounds: PixelRect
  private(set) var coverage: [Float]

  public init(bounds: PixelRect) {
    self.bounds = bounds
    self.coverage = [Float](repeating: 0, count: max(0, bounds.width * bounds.height))
  }

  /// The pixels whose coverage is not zero, or nil when nothing was drawn.
  public var touched: PixelRect? {
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
    for y in 0..<bounds.height {
      for x in 0..<bounds.width where coverage[y * bounds.width + x] > 0 {
        x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
      }
    }
    guard x0 <= x1 else { return nil }
    return PixelRect(x: bounds.x + x0, y: bounds.y + y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
  }

  /// Coverage at pixel (x, y) in 0...1; 0 outside `bounds`.
  public func value(x: Int, y: Int) -> Double {
    guard bounds.contains(x: x, y: y) else { return 0 }
    return Double(coverage[(y - bounds.y) * bounds.width + (x - bounds.x)])
  }

  /// Adds coverage `1/2 - d` (clamped) for a shape with signed distance `d` (negative inside)
  /// over the pixels of `box` (a region that encloses the shape plus one pixel).
  mutating func add(box: (Double, Double, Double, Double), distance: (Double, Double) -> Double) {
    let x0 = max(bounds.x, Int((box.0 - 1).rounded(.down))), y0 = max(bounds.y, Int((box.1 - 1).rounded(.down)))
    let x1 = min(bounds.x + bounds.width, Int((box.2 + 1).rounded(.up)))
    let y1 = min(bounds.y + bounds.height, Int((box.3 + 1).rounded(.up)))
    guard x0 < x1, y0 < y1 else { return }
    for y in y0..<y1 {
      let py = Double(y) + 0.5
      for x in x0..<x1 {
        let c = Float(min(1, max(0, 0.5 - distance(Double(x) + 0.5, py))))
        let i = (y - bounds.y) * bounds.width + (x - bounds.x)
        if c > coverage[i] { coverage[i] = c }
      }
    }
  }

  /// The coverage as Raster's 8-bit mask (each value rounded to the nearest 1/255), for
  /// `Bitmap.fill(_:color:)`.
  public var mask: Mask {
    Mask(bounds: bounds, coverage: coverage.map { UInt8(($0 * 255).rounded(.toNearestOrAwayFromZero)) })
  }

  /// 1 - coverage everywhere in `bounds`: the outside of what was drawn.
  public mutating func invert() {
    for i in coverage.indices { coverage[i] = 1 - coverage[i] }
  }

  /// A filled disc.
  public mutating func addDisc(center c: Point, radius r: Double) {
    add(box: (c.x - r, c.y - r, c.x + r, c.y + r)) { x, y in ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot() - r }
  }

  /// A ring: the band `width` wide centred on the circle of radius `r`.
  public mutating func addRing(center c: Point, radius r: Double, width w: Double) {
    add(box: (c.x - r - w, c.y - r - w, c.x + r + w, c.y + r + w)) { x, y in
      abs(((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot() - r) - w / 2
    }
  }

  /// A line segment `width` wide with round caps.
  public mutating func addSegment(from a: Point, to b: Point, width w: Double) {
    let h = w / 2
    let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
    add(box: (min(a.x, b.x) - h, min(a.y, b.y) - h, max(a.x, b.x) + h, max(a.y, b.y) + h)) { x, y in
      let t = len2 > 0 ? min(1, max(0, ((x - a.x) * dx + (y - a.y) * dy) / len2)) : 0
      let ex = x - (a.x + t * dx), ey = y - (a.y + t * dy)
      return (ex * ex + ey * ey).squareRoot() - h
    }
  }

  /// A polyline `width` wide (round joins and caps).
  public mutating func addPolyline(_ points: [Point], width: Double) {
    guard let first = points.first else { return }
    if points.count == 1 { addDisc(center: first, radius: width / 2); return }
    for i in 1..<points.count { addSegment(from: points[i - 1], to: points[i], width: width) }
  }

  /// A dashed straight line (dash and gap lengths in pixels).
  public mutating func addDashedLine(from a: Point, to b: Point, width: Double, dash: Double, gap: Double) {
    let len = (b - a).length
    guard len > 0 else { return }
    var s = 0.0
    while s < len {
      let e = min(len, s + dash)
      addSegment(from: Point.lerp(a, b, s / len), to: Point.lerp(a, b, e / len), width: width)
      s = e + gap
    }
  }

  /// A filled rounded rectangle (circular corners of radius `r`, limited to half the side).
  public mutating func addRoundedRect(_ rect: Rect, radius: Double) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    let cx = rect.midX, cy = rect.midY, hx = rect.width / 2 - r, hy = rect.height / 2 - r
    add(box: (rect.minX, rect.minY, rect.maxX, rect.maxY)) { x, y in
      let qx = abs(x - cx) - hx, qy = abs(y - cy) - hy
      let ox = max(qx, 0), oy = max(qy, 0)
      return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
    }
  }
}

extension Bitmap {
  /// Composites `color` (straight alpha) through a shape built by `build` on a mask covering
  /// this bitmap (or `region`), with Raster's source-over; returns the pixels that changed
  /// colour at most (nil if none).
  @discardableResult
  public mutating func draw(_ color: Color, region: PixelRect? = nil, _ build: (inout ShapeMask) -> Void) -> PixelRect? {
    var m = ShapeMask(bounds: region ?? pixelBounds)
    build(&m)
    fill(m.mask, color: color)
    return m.touched
  }
}
