import Geometry

/// Anti-aliased text coverage, one byte per pixel (A8): 0 is empty, 255 fully covered.
/// Rows run top to bottom, `width` bytes each, no padding. The colour is applied by Raster.
public struct TextMask: Hashable, Sendable {
  /// Size in pixels.
  public let width: Int, height: Int
  /// `width * height` coverage values, row-major from the top-left pixel.
  public internal(set) var alpha: [UInt8]

  public init(width: Int, height: Int, alpha: [UInt8]) {
    precondition(width >= 0 && height >= 0 && alpha.count == width * height, "TextMask: \(width) x \(height) needs \(width * height) bytes")
    self.width = width
    self.height = height
    self.alpha = alpha
  }

  /// A fully transparent mask.
  public init(width: Int, height: Int) {
    self.init(width: width, height: height, alpha: [UInt8](repeating: 0, count: max(0, width) * max(0, height)))
  }

  /// Coverage at pixel (x, y); 0 outside the mask.
  public subscript(x: Int, y: Int) -> UInt8 {
    guard x >= 0, y >= 0, x < width, y < height else { return 0 }
    return alpha[y * width + x]
  }
}
