/// An axis-aligned rectangle: origin at its top-left corner (y down), size non-negative
/// once `standardized`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    self.init(x: x, y: y, width: width, height: height)
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { min(origin.x, origin.x + size.width) }
  public var minY: Double { min(origin.y, origin.y + size.height) }
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var width: Double { abs(size.width) }
  public var height: Double { abs(size.height) }
  public var center: Point { Point(x: midX, y: midY) }
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  /// The same rectangle with a non-negative width and height.
  public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
  }

  /// Grows (positive) or shrinks (negative) the rectangle by `dx` on the left and right
  /// and `dy` on the top and bottom, as `CGRect.insetBy` with negated arguments.
  public func outsetBy(dx: Double, dy: Double) -> Rect {
    let r = standardized
    return Rect(x: r.minX - dx, y: r.minY - dy, width: r.width + 2 * dx, height: r.height + 2 * dy)
  }

  public func insetBy(dx: Double, dy: Double) -> Rect { outsetBy(dx: -dx, dy: -dy) }

  /// The overlap of two rectangles, or `nil` when they do not overlap.
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The smallest rectangle containing both.
  public func union(_ other: Rect) -> Rect {
    let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
    let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public func contains(_ p: Point) -> Bool {
    p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
  }

  /// Linear interpolation of origin and size: `a` at `t = 0`, `b` at `t = 1`, unclamped.
  public static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(
      x: a.origin.x + (b.origin.x - a.origin.x) * t,
      y: a.origin.y + (b.origin.y - a.origin.y) * t,
      width: a.size.width + (b.size.width - a.size.width) * t,
      height: a.size.height + (b.size.height - a.size.height) * t)
  }

  public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
