import Geometry

/// An anti-aliased coverage mask (A8) in device pixels: 0 = outside, 255 = fully inside.
/// Coverage outside `bounds` is 0. Used for clips (masksToBounds, mask paths), shadows and
/// any shape drawn through `Bitmap.fill(_:color:)`.
///
/// A mask is either an axis-aligned rectangle, kept analytically (its edge pixels get the
/// exact area fraction), or a byte per pixel over `bounds`. A mask made from a path also
/// keeps the path's polygons (`outline`): a shape drawn through a convex clip (rectangle,
/// rounded rectangle, ellipse) is then intersected with it as a shape, so that an edge
/// they share is anti-aliased once (coverage c, not c·c); see docs/raster.md, "Clips".
public struct Mask: Sendable {
  enum Storage: Sendable {
    /// Device-pixel rectangle x0 ..< x1, y0 ..< y1 (fractional edges allowed).
    case rect(x0: Double, y0: Double, x1: Double, y1: Double)
    case alpha([UInt8])
  }

  /// The pixels that may have non-zero coverage.
  public let bounds: PixelRect
  let storage: Storage
  /// The polygons the coverage came from (nil for a mask made from bytes: text, blurs).
  let outline: MaskOutline?
  /// Set on a clip used inside a group drawn offscreen (`groupClip`): the group's own clip,
  /// which its composite applies once. Coverage drawn through this clip is divided by it,
  /// so the offscreen holds each part's coverage within the clip and the group's edge is
  /// anti-aliased by the composite alone.
  var divisor: DivisorBox?
  /// True for a clip that only divides (see `divisor`): the shape drawn through it was
  /// already intersected with the clip's shape.
  var dividesOnly = false

  /// A rectangle in device pixels. Pixels on its edges get the exact fraction of their
  /// area inside it: `Mask(rect: Rect(10.5, 0, 5, 1))` covers pixel (10, 0) by 128/255.
  public init(rect: Rect) {
    let r = rect.standardized
    self.bounds = PixelRect(enclosing: r)
    self.storage = .rect(x0: r.minX, y0: r.minY, x1: r.maxX, y1: r.maxY)
    self.outline = MaskOutline(loops: [[Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]], rule: .nonZero)
  }

  /// The coverage of a filled path, transformed by `transform` into device pixels, over the
  /// part of it inside `limit` (usually the bitmap's bounds).
  public init(path: Path, transform: AffineTransform = .identity, rule: Path.FillRule = .nonZero, limit: PixelRect) {
    let loops = PathFlattener.polylines(path, transform: transform).map(\.points)
    self.init(outline: MaskOutline(loops: loops, rule: rule), limit: limit)
  }

  /// The coverage of closed polygons (device pixels) over the part inside `limit`.
  init(outline: MaskOutline, limit: PixelRect) {
    self.init(edges: outline.edges, rule: outline.rule, limit: limit)
    self = Mask(bounds: bounds, storage: storage, outline: outline)
  }

  private init(bounds: PixelRect, storage: Storage, outline: MaskOutline?) {
    self.bounds = bounds
    self.storage = storage
    self.outline = outline
  }

  init(edges: [Edge], rule: Path.FillRule, limit: PixelRect) {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for e in edges {
      minX = min(minX, e.x0, e.x1); maxX = max(maxX, e.x0, e.x1)
      minY = min(minY, e.y0, e.y1); maxY = max(maxY, e.y0, e.y1)
    }
    let box = edges.isEmpty ? .empty
      : PixelRect(enclosing: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)).intersection(limit)
    // Fill left of the box's edge are irrelevant: coverage only comes from edges inside.
    let data = box.isEmpty ? [] : CoverageRasterizer.rasterize(edges, in: box, rule: rule)
    self.init(bounds: box, coverage: data)
  }

  /// Raw coverage bytes, `bounds.width * bounds.height` of them, row-major.
  public init(bounds: PixelRect, coverage: [UInt8]) {
    precondition(coverage.count == bounds.area, "mask needs \(bounds.area) bytes, got \(coverage.count)")
    self.bounds = bounds
    self.storage = .alpha(coverage)
    self.outline = nil
  }

  /// A mask that covers nothing.
  public static let empty = Mask(bounds: .empty, coverage: [])

  /// True when the mask is an analytic rectangle (every row has the same coverage pattern,
  /// scaled by that row's vertical overlap).
  var isRect: Bool {
    if case .rect = storage { return true }
    return false
  }

  /// True when the mask is an analytic rectangle with pixel-aligned edges.
  var isPixelAlignedRect: Bool {
    if case .rect(let x0, let y0, let x1, let y1) = storage {
      return x0 == x0.rounded() && y0 == y0.rounded() && x1 == x1.rounded() && y1 == y1.rounded()
    }
    return false
  }

  /// Coverage of pixel (x, y), 0...255.
  public func coverage(x: Int, y: Int) -> UInt8 {
    guard bounds.contains(x: x, y: y) else { return 0 }
    switch storage {
    case .rect(let x0, let y0, let x1, let y1):
      return Mask.rectCoverage(x, y, x0, y0, x1, y1)
    case .alpha(let data):
      return data[(y - bounds.y) * bounds.width + (x - bounds.x)]
    }
  }

  @inline(__always)
  static func span(_ i: Int, _ lo: Double, _ hi: Double) -> Double {
    max(0, min(Double(i + 1), hi) - max(Double(i), lo))
  }

  @inline(__always)
  static func rectCoverage(_ x: Int, _ y: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> UInt8 {
    UInt8((span(x, x0, x1) * span(y, y0, y1) * 255).rounded(.toNearestOrAwayFromZero))
  }

  /// True when a rectangle mask surely covers every pixel of row `y`, columns `x0 ..< x1`,
  /// fully (the rectangle contains them): then `row` would write only 255s. False says
  /// nothing (call `row`).
  @inline(__always)
  func coversRow(_ y: Int, _ x0: Int, _ x1: Int) -> Bool {
    guard case .rect(let rx0, let ry0, let rx1, let ry1) = storage else { return false }
    return ry0 <= Double(y) && Double(y + 1) <= ry1 && rx0 <= Double(x0) && Double(x1) <= rx1
  }

  /// Writes the coverage of row `y`, columns `x0 ..< x1`, to `out` (0 outside `bounds`).
  /// Returns true when every byte written is 255.
  @discardableResult
  func row(_ y: Int, _ x0: Int, _ x1: Int, into out: UnsafeMutablePointer<UInt8>) -> Bool {
    let n = x1 - x0
    guard n > 0 else { return true }
    guard y >= bounds.y, y < bounds.maxY else {
      out.initialize(repeating: 0, count: n)
      return false
    }
    let a = max(x0, bounds.x), b = min(x1, bounds.maxX)
    if a >= b {
      out.initialize(repeating: 0, count: n)
      return false
    }
    if a > x0 { out.initialize(repeating: 0, count: a - x0) }
    if b < x1 { (out + (b - x0)).initialize(repeating: 0, count: x1 - b) }
    var full = a == x0 && b == x1
    switch storage {
    case .rect(let rx0, let ry0, let rx1, let ry1):
      let yc = Mask.span(y, ry0, ry1)
      let inner = UInt8((yc * 255).rounded(.toNearestOrAwayFromZero))
      if inner != 255 { full = false }
      // Interior columns have x coverage 1; only the first and last column can be partial.
      (out + (a - x0)).initialize(repeating: inner, count: b - a)
      // (Two separate stores rather than a loop over [a, b - 1], which allocated per row.)
      let first = UInt8((Mask.span(a, rx0, rx1) * yc * 255).rounded(.toNearestOrAwayFromZero))
      let last = UInt8((Mask.span(b - 1, rx0, rx1) * yc * 255).rounded(.toNearestOrAwayFromZero))
      out[a - x0] = first
      out[b - 1 - x0] = last
      if first != 255 || last != 255 { full = false }
    case .alpha(let data):
      data.withUnsafeBufferPointer { d in
        let src = d.baseAddress! + (y - bounds.y) * bounds.width + (a - bounds.x)
        UnsafeMutableRawPointer(out + (a - x0)).copyMemory(from: src, byteCount: b - a)
        if full { full = allFull(src, b - a) }
      }
    }
    return full
  }

  /// A clip inside a clip. Two rectangles intersect as rectangles; a shape and a convex
  /// outline as shapes (`clipped(by:)`); otherwise the coverages multiply (exact rounding).
  /// A group clip's divisor carries over.
  public func intersection(_ other: Mask) -> Mask {
    var result = plainIntersection(other)
    result.divisor = divisor ?? other.divisor
    return result
  }

  private func plainIntersection(_ other: Mask) -> Mask {
    if case .rect(let a0, let b0, let a1, let b1) = storage, case .rect(let c0, let d0, let c1, let d1) = other.storage {
      let x0 = max(a0, c0), y0 = max(b0, d0), x1 = min(a1, c1), y1 = min(b1, d1)
      if x1 <= x0 || y1 <= y0 { return .empty }
      return Mask(rect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }
    if let exact = shapeIntersection(other) ?? other.shapeIntersection(self) { return exact }
    return product(other)
  }

  /// This mask's shape intersected with `clip`'s, when `clip` has a convex outline and this
  /// mask has one: the exact coverage of the intersection (one anti-aliased edge where the
  /// two edges coincide), with the divisor of `clip` left to apply. Nil otherwise.
  func clipped(by clip: Mask) -> Mask? {
    if case .rect = storage, case .rect = clip.storage { return plainIntersection(clip) }
    return shapeIntersection(clip)
  }

  private func shapeIntersection(_ clip: Mask) -> Mask? {
    guard let k = clip.outline, let kPolygon = k.clipPolygon, let s = outline else { return nil }
    let box = bounds.intersection(clip.bounds)
    if box.isEmpty { return .empty }
    let kp = ConvexPolygon(kPolygon)
    // One inside the other: the inner one's coverage is the intersection's.
    if s.isInside(kp) { return self.plain }
    if let sPolygon = s.clipPolygon, k.isInside(ConvexPolygon(sPolygon)) { return clip.plain }
    return Mask(outline: s.clipped(to: kp), limit: box)
  }

  /// The same coverage (and divisor) without the outline: shapes drawn through it multiply
  /// coverage instead of being intersected exactly (for pixels that are drawn again).
  var withoutOutline: Mask {
    var m = Mask(bounds: bounds, storage: storage, outline: nil)
    m.divisor = divisor
    m.dividesOnly = dividesOnly
    return m
  }

  /// The same coverage and outline without a divisor.
  var plain: Mask {
    Mask(bounds: bounds, storage: storage, outline: outline)
  }

  /// The clip that is left to apply after a shape was intersected with this one exactly:
  /// the division by a group clip's divisor, or nothing.
  var remainderAfterShapeIntersection: Mask? {
    guard let d = divisor?.mask else { return nil }
    var r = d
    r.dividesOnly = true
    return r
  }

  /// The pixel-wise product of two masks' coverages, exactly rounded.
  private func product(_ other: Mask) -> Mask {
    let box = bounds.intersection(other.bounds)
    if box.isEmpty { return .empty }
    var data = [UInt8](repeating: 0, count: box.area)
    var tmp = [UInt8](repeating: 0, count: box.width)
    data.withUnsafeMutableBufferPointer { d in
      tmp.withUnsafeMutableBufferPointer { t in
        for y in box.y..<box.maxY {
          let out = d.baseAddress! + (y - box.y) * box.width
          row(y, box.x, box.maxX, into: out)
          other.row(y, box.x, box.maxX, into: t.baseAddress!)
          for i in 0..<box.width {
            out[i] = UInt8(truncatingIfNeeded: mul255(UInt32(out[i]), UInt32(t[i])))
          }
        }
      }
    }
    return Mask(bounds: box, coverage: data)
  }

  /// Applies this clip to the coverage `c` of row `y`, columns `x0 ..< x1` (`scratch` holds
  /// as many bytes): multiplies by the clip's coverage, then divides by its divisor's (a
  /// group clip), or only divides (`dividesOnly`). Returns true when nothing changed (the
  /// clip is 255 across the row).
  @discardableResult
  func apply(to c: UnsafeMutablePointer<UInt8>, y: Int, _ x0: Int, _ x1: Int, scratch: UnsafeMutablePointer<UInt8>) -> Bool {
    let n = x1 - x0
    if row(y, x0, x1, into: scratch) { return true }
    if dividesOnly {
      divideCoverage(c, scratch, n)
      return false
    }
    multiplyCoverage(c, scratch, n)
    if let d = divisor?.mask, !d.row(y, x0, x1, into: scratch) { divideCoverage(c, scratch, n) }
    return false
  }

  /// The mask moved by whole pixels.
  public func offsetBy(dx: Int, dy: Int) -> Mask {
    switch storage {
    case .rect(let x0, let y0, let x1, let y1):
      var m = Mask(rect: Rect(x: x0 + Double(dx), y: y0 + Double(dy), width: x1 - x0, height: y1 - y0))
      m.divisor = divisor.map { DivisorBox($0.mask.offsetBy(dx: dx, dy: dy)) }
      m.dividesOnly = dividesOnly
      return m
    case .alpha(let data):
      let moved = outline.map { o -> MaskOutline in
        var o = o
        o.loops = o.loops.map { $0.map { Point($0.x + Double(dx), $0.y + Double(dy)) } }
        o.clipPolygon = o.clipPolygon.map { $0.map { Point($0.x + Double(dx), $0.y + Double(dy)) } }
        return o
      }
      var m = Mask(bounds: PixelRect(x: bounds.x + dx, y: bounds.y + dy, width: bounds.width, height: bounds.height),
                   storage: .alpha(data), outline: moved)
      m.divisor = divisor.map { DivisorBox($0.mask.offsetBy(dx: dx, dy: dy)) }
      m.dividesOnly = dividesOnly
      return m
    }
  }

  /// The coverage bytes over `bounds` (materialized for a rectangle).
  public var bytes: [UInt8] {
    if case .alpha(let data) = storage { return data }
    var data = [UInt8](repeating: 0, count: bounds.area)
    data.withUnsafeMutableBufferPointer { d in
      for y in bounds.y..<bounds.maxY {
        row(y, bounds.x, bounds.maxX, into: d.baseAddress! + (y - bounds.y) * bounds.width)
      }
    }
    return data
  }
}

/// A group clip's divisor (a class, so that `Mask` can hold a `Mask`).
final class DivisorBox: Sendable {
  let mask: Mask
  init(_ mask: Mask) { self.mask = mask.plain }
}

extension Mask {
  /// This clip as seen from inside a group drawn offscreen and composited through it once:
  /// coverage drawn through it is divided by its own (see `divisor`).
  var groupClip: Mask {
    var m = plain
    m.divisor = DivisorBox(self)
    return m
  }
}
