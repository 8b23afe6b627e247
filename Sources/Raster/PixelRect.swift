import Geometry

/// An integer rectangle of device pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int, y: Int, width: Int, height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
  }

  public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width <= 0 || height <= 0 }
  public var area: Int { width * height }

  /// The pixels that a rectangle in device pixels touches (rounded outwards); empty for
  /// a non-finite or empty rectangle.
  public init(enclosing r: Rect) {
    let x0 = r.minX.rounded(.down), y0 = r.minY.rounded(.down)
    let x1 = r.maxX.rounded(.up), y1 = r.maxY.rounded(.up)
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else {
      self = .empty
      return
    }
    // Keep the numbers in a range where Int conversion cannot trap.
    let lim = 1e8
    let cx0 = Int(max(-lim, min(lim, x0))), cy0 = Int(max(-lim, min(lim, y0)))
    let cx1 = Int(max(-lim, min(lim, x1))), cy1 = Int(max(-lim, min(lim, y1)))
    self.init(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0)
  }

  public func intersection(_ o: PixelRect) -> PixelRect {
    let x0 = max(x, o.x), y0 = max(y, o.y), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
    guard x1 > x0, y1 > y0 else { return .empty }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public func union(_ o: PixelRect) -> PixelRect {
    if isEmpty { return o }
    if o.isEmpty { return self }
    let x0 = min(x, o.x), y0 = min(y, o.y), x1 = max(maxX, o.maxX), y1 = max(maxY, o.maxY)
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  public func outset(by d: Int) -> PixelRect {
    PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
  }

  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

  public var description: String { "[\(x), \(y), \(width)x\(height)]" }
}

extension Bitmap {
  /// The whole bitmap as a pixel rectangle.
  public var pixelBounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
}
