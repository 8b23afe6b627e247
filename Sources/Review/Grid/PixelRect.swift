/// An axis-aligned rectangle of whole pixels: origin at the top-left, y down.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int, y: Int, width: Int, height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x; self.y = y; self.width = width; self.height = height
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }

  public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

  public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
