/// A raster image: premultiplied RGBA8, sRGB-encoded, row-major, byte order R, G, B, A,
/// stride `4 * width`, no padding. Pixel (x, y) covers [x, x+1) × [y, y+1) in device pixels.
public struct Bitmap: Hashable, Sendable {
  /// Width in pixels (> 0).
  public let width: Int
  /// Height in pixels (> 0).
  public let height: Int
  /// `4 * width * height` bytes, premultiplied: every colour byte is <= its alpha byte.
  public var pixels: [UInt8]

  /// A fully transparent bitmap.
  public init(width: Int, height: Int) {
    precondition(width > 0 && height > 0, "Bitmap size must be positive, got \(width)x\(height)")
    self.width = width
    self.height = height
    self.pixels = zeroedPixelStorage(width * height * 4)
  }

  /// Wraps existing premultiplied RGBA8 bytes; `pixels.count` must be `4 * width * height`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0, "Bitmap size must be positive, got \(width)x\(height)")
    precondition(pixels.count == width * height * 4, "Bitmap needs \(width * height * 4) bytes, got \(pixels.count)")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The premultiplied (r, g, b, a) bytes of pixel (x, y).
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }

  /// True when every pixel's alpha is 255.
  public var isOpaque: Bool {
    var i = 3
    while i < pixels.count {
      if pixels[i] != 255 { return false }
      i += 4
    }
    return true
  }
}
