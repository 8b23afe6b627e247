import Raster

/// A grey picture (8-bit luma, BT.709 weights on sRGB-encoded values, as a BT.709 video's Y
/// plane), the form every recorded and rendered frame is compared in.
public struct GrayImage: Sendable {
  public let width: Int, height: Int
  /// Row-major, `width * height` values.
  public var pixels: [UInt8]

  public init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height, "pixel count must match the size")
    self.width = width; self.height = height; self.pixels = pixels
  }

  /// A rendered frame's luma (premultiplied RGBA over black, which is what the screen shows).
  public init(_ bitmap: Bitmap) {
    let count = bitmap.width * bitmap.height
    width = bitmap.width; height = bitmap.height
    var out = [UInt8](repeating: 0, count: count)
    bitmap.pixels.withUnsafeBufferPointer { src in
      for i in 0..<count {
        let r = Double(src[4 * i]), g = Double(src[4 * i + 1]), b = Double(src[4 * i + 2])
        out[i] = UInt8(min(255, (0.2126 * r + 0.7152 * g + 0.0722 * b).rounded()))
      }
    }
    pixels = out
  }

  @inline(__always) public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }

  /// Half the size, each pixel the mean of a 2x2 block (odd edges dropped).
  public func halved() -> GrayImage {
    let w = width / 2, h = height / 2
    var out = [UInt8](repeating: 0, count: w * h)
    pixels.withUnsafeBufferPointer { p in
      for y in 0..<h {
        for x in 0..<w {
          let i = 2 * y * width + 2 * x
          let s = Int(p[i]) + Int(p[i + 1]) + Int(p[i + width]) + Int(p[i + width + 1])
          out[y * w + x] = UInt8((s + 2) / 4)
        }
      }
    }
    return GrayImage(width: w, height: h, pixels: out)
  }

  /// Smoothed by the binomial kernel 1 4 6 4 1 (/16) along rows and columns (about a Gaussian
  /// of σ = 1 px; edges repeat), so that a picture drawn half a pixel off, or blocky from
  /// compression, still correlates with the original.
  public func smoothed() -> GrayImage {
    let w = width, h = height
    var tmp = [Int](repeating: 0, count: w * h)
    var out = [UInt8](repeating: 0, count: w * h)
    let k = [1, 4, 6, 4, 1]
    pixels.withUnsafeBufferPointer { p in
      for y in 0..<h {
        for x in 0..<w {
          var s = 0
          for (j, c) in k.enumerated() { s += c * Int(p[y * w + min(w - 1, max(0, x + j - 2))]) }
          tmp[y * w + x] = s
        }
      }
    }
    for y in 0..<h {
      for x in 0..<w {
        var s = 0
        for (j, c) in k.enumerated() { s += c * tmp[min(h - 1, max(0, y + j - 2)) * w + x] }
        out[y * w + x] = UInt8((s + 128) / 256)
      }
    }
    return GrayImage(width: w, height: h, pixels: out)
  }

  /// The rectangle [x0, x1) x [y0, y1) as an image of its own.
  public func cropped(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> GrayImage {
    var patch: [UInt8] = []
    patch.reserveCapacity((x1 - x0) * (y1 - y0))
    for y in y0..<y1 { patch += pixels[(y * width + x0)..<(y * width + x1)] }
    return GrayImage(width: x1 - x0, height: y1 - y0, pixels: patch)
  }

  /// The picture `scale` times the size (each side rounded down, at least 1 px), sampled
  /// bilinearly: pixel (i, j) shows what was at (i / scale, j / scale).
  public func resampled(scale: Double) -> GrayImage {
    let w = max(1, Int(Double(width) * scale)), h = max(1, Int(Double(height) * scale))
    var out = [UInt8](repeating: 0, count: w * h)
    for j in 0..<h {
      let y = min(Double(height - 1), Double(j) / scale)
      let y0 = Int(y), y1 = min(height - 1, y0 + 1), fy = y - Double(y0)
      for i in 0..<w {
        let x = min(Double(width - 1), Double(i) / scale)
        let x0 = Int(x), x1 = min(width - 1, x0 + 1), fx = x - Double(x0)
        let top = Double(pixels[y0 * width + x0]) * (1 - fx) + Double(pixels[y0 * width + x1]) * fx
        let bottom = Double(pixels[y1 * width + x0]) * (1 - fx) + Double(pixels[y1 * width + x1]) * fx
        out[j * w + i] = UInt8((top * (1 - fy) + bottom * fy).rounded())
      }
    }
    return GrayImage(width: w, height: h, pixels: out)
  }

  /// Mean absolute difference to `other` (same size) over rows `rows`, in grey levels.
  public func meanAbsoluteDifference(to other: GrayImage, rows: Range<Int>) -> Double {
    precondition(width == other.width && height == other.height, "sizes must match")
    let lo = max(0, rows.lowerBound), hi = min(height, rows.upperBound)
    guard hi > lo else { return 0 }
    var sum = 0
    pixels.withUnsafeBufferPointer { a in
      other.pixels.withUnsafeBufferPointer { b in
        for i in (lo * width)..<(hi * width) { sum += abs(Int(a[i]) - Int(b[i])) }
      }
    }
    return Double(sum) / Double((hi - lo) * width)
  }
}
