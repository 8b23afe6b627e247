import Geometry

/// An anti-aliased coverage mask (A8) in device pixels: 0 = outside, 255 = fully inside.
/// Coverage outside `bounds` is 0. Used for clips (masksToBounds, mask paths), shadows and
/// any shape drawn through `Bitmap.fill(_:color:)`.
///
/// A mask is either an axis-aligned rectangle, kept analytically (its edge pixels get the
/// exact area fraction), or a byte per pixel over `bounds`.
public struct Mask: Sendable {
  enum Storage: Sendable {
    /// Device-pixel rectangle x0 ..< x1, y0 ..< y1 (fractional edges allowed).
    case rect(x0: Double, y0: Double, x1: Double, y1: Double)
    case alpha([UInt8])
  }

  /// The pixels that may have non-zero coverage.
  public let bounds: PixelRect
  let storage: Storage

  /// A rectangle in device pixels. Pixels on its edges get the exact fraction of their
  /// area inside it: `Mask(rect: Rect(10.5, 0, 5, 1))` covers pixel (10, 0) by 128/255.
  public init(rect: Rect) {
    let r = rect.standardized
    self.bounds = PixelRect(enclosing: r)
    self.storage = .rect(x0: r.minX, y0: r.minY, x1: r.maxX, y1: r.maxY)
  }

  /// The coverage of a filled path, transformed by `transform` into device pixels, over the
  /// part of it inside `limit` (usually the bitmap's bounds).
  public init(path: Path, transform: AffineTransform = .identity, rule: Path.FillRule = .nonZero, limit: PixelRect) {
    let edges = PathFlattener.edges(path, transform: transform)
    self.init(edges: edges, rule: rule, limit: limit)
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
        (out + (a - x0)).update(from: src, count: b - a)
        if full {
          for i in 0..<(b - a) where src[i] != 255 { full = false; break }
        }
      }
    }
    return full
  }

  /// The pixel-wise product of two masks (coverage multiplied with exact rounding): a
  /// clip inside a clip. Two rectangles intersect exactly, as rectangles.
  public func intersection(_ other: Mask) -> Mask {
    if case .rect(let a0, let b0, let a1, let b1) = storage, case .rect(let c0, let d0, let c1, let d1) = other.storage {
      let x0 = max(a0, c0), y0 = max(b0, d0), x1 = min(a1, c1), y1 = min(b1, d1)
      if x1 <= x0 || y1 <= y0 { return .empty }
      return Mask(rect: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }
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

  /// The mask moved by whole pixels.
  public func offsetBy(dx: Int, dy: Int) -> Mask {
    switch storage {
    case .rect(let x0, let y0, let x1, let y1):
      return Mask(rect: Rect(x: x0 + Double(dx), y: y0 + Double(dy), width: x1 - x0, height: y1 - y0))
    case .alpha(let data):
      return Mask(bounds: PixelRect(x: bounds.x + dx, y: bounds.y + dy, width: bounds.width, height: bounds.height), coverage: data)
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
