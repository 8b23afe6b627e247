/// The largest image a decoder accepts. Checked against the IHDR chunk before any
/// allocation that depends on the image size.
public struct PNGLimits: Hashable, Sendable {
  /// Maximum width and maximum height, in pixels.
  public var maxSide: Int
  /// Maximum width × height, in pixels.
  public var maxPixels: Int

  public init(maxSide: Int, maxPixels: Int) {
    self.maxSide = maxSide
    self.maxPixels = maxPixels
  }

  /// 16,384 px per side and 100 Mpx in all (400 MB of RGBA8): larger than any phone
  /// screenshot or photo a scene would use, small enough to never exhaust memory.
  public static let `default` = PNGLimits(maxSide: 16_384, maxPixels: 100_000_000)

  /// True when a `width` × `height` image is within these limits.
  public func allows(width: Int, height: Int) -> Bool {
    guard width <= maxSide, height <= maxSide else { return false }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    return !overflow && pixels <= maxPixels
  }
}
