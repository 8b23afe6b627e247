import Raster

/// A frame laid out as H.264 encoders take it: 8-bit planar Y, then Cb, then Cr (I420, ffmpeg's
/// `yuv420p`), chroma at half the width and half the height, BT.709 limited range.
public struct YUV420Frame: Hashable, Sendable {
  /// Width in pixels (even).
  public let width: Int
  /// Height in pixels (even).
  public let height: Int
  /// `width · height` luma bytes, then `(width / 2) · (height / 2)` Cb bytes, then as many Cr.
  public var bytes: [UInt8]

  /// Wraps existing planes; `bytes.count` must be `byteCount(width:height:)`.
  public init(width: Int, height: Int, bytes: [UInt8]) {
    precondition(width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0, "YUV 4:2:0 size must be even, got \(width)x\(height)")
    precondition(bytes.count == Self.byteCount(width: width, height: height), "wrong plane size")
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// Bytes of a `width` x `height` frame (both even): 1.5 a pixel.
  public static func byteCount(width: Int, height: Int) -> Int { width * height + 2 * (width / 2) * (height / 2) }

  /// The even size a `width` x `height` bitmap is padded to: one black column on the right
  /// when the width is odd, one black row at the bottom when the height is odd (never resized).
  public static func paddedSize(width: Int, height: Int) -> (width: Int, height: Int) {
    (width + width % 2, height + height % 2)
  }

  /// Luma byte of pixel (x, y).
  public func luma(x: Int, y: Int) -> UInt8 { bytes[y * width + x] }
  /// Cb byte of chroma sample (x, y), which covers pixels 2x, 2x + 1 of rows 2y, 2y + 1.
  public func cb(x: Int, y: Int) -> UInt8 { bytes[width * height + y * (width / 2) + x] }
  /// Cr byte of chroma sample (x, y).
  public func cr(x: Int, y: Int) -> UInt8 { bytes[width * height + (width / 2) * (height / 2) + y * (width / 2) + x] }
}
