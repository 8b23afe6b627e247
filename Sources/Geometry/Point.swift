/// A location or displacement in a 2-D coordinate space (points, pixels or source texels,
/// whichever space the caller works in). y grows downward, as in UIKit.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public init(_ x: Double, _ y: Double) {
    self.init(x: x, y: y)
  }

  public static let zero = Point(x: 0, y: 0)

  /// Euclidean length of the vector from the origin to this point.
  public var length: Double { (x * x + y * y).squareRoot() }

  public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
  public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
  public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
  public static func * (k: Double, a: Point) -> Point { Point(x: a.x * k, y: a.y * k) }
  public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }

  /// Linear interpolation: `a` at `t = 0`, `b` at `t = 1`, unclamped.
  public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
  }

  public var description: String { "(\(x), \(y))" }
}
