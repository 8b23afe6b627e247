import Foundation

/// A 2-D affine transform with CGAffineTransform's layout and conventions:
/// a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty).
///
/// `concatenating(t2)` is CGAffineTransformConcat(self, t2): apply `self` first, then `t2`.
/// `scaledBy`, `rotated` and `translatedBy` prepend, as their CoreGraphics namesakes do, so
/// `identity.scaledBy(s, s).translatedBy(tx, ty)` moves a point by `s·(tx, ty)`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// Rotation by `angle` radians; positive turns clockwise on a y-down screen, as in UIKit.
  public init(rotationAngle angle: Double) {
    let cs = cos(angle), sn = sin(angle)
    self.init(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
  }

  /// `self` then `other`.
  public func concatenating(_ t: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * t.a + b * t.c, b: a * t.b + b * t.d,
      c: c * t.a + d * t.c, d: c * t.b + d * t.d,
      tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
  }

  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }

  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }

  public func rotated(by angle: Double) -> AffineTransform {
    AffineTransform(rotationAngle: angle).concatenating(self)
  }

  public var determinant: Double { a * d - b * c }

  /// The inverse, or `nil` when the transform is singular (determinant 0 or not finite).
  public func inverted() -> AffineTransform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
    return AffineTransform(
      a: ia, b: ib, c: ic, d: id,
      tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
  }

  public func apply(_ p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }

  /// Applies the linear part only (no translation): for vectors and sizes.
  public func applyToVector(_ p: Point) -> Point {
    Point(x: a * p.x + c * p.y, y: b * p.x + d * p.y)
  }

  /// The axis-aligned bounds of the transformed rectangle.
  public func apply(_ r: Rect) -> Rect {
    let ps = [
      apply(Point(x: r.minX, y: r.minY)), apply(Point(x: r.maxX, y: r.minY)),
      apply(Point(x: r.minX, y: r.maxY)), apply(Point(x: r.maxX, y: r.maxY)),
    ]
    let xs = ps.map(\.x), ys = ps.map(\.y)
    let x0 = xs.min()!, y0 = ys.min()!
    return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
  }

  public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}
