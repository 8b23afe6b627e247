import Geometry
import Raster

extension Bitmap {
  /// A bitmap of one colour.
  public static func solid(width: Int, height: Int, color: Color) -> Bitmap {
    var b = Bitmap(width: width, height: height)
    b.fill(PixelRect(x: 0, y: 0, width: width, height: height), with: color)
    return b
  }

  /// Replaces the pixels of `rect` (clipped to the bitmap) with `color`, premultiplied.
  public mutating func fill(_ rect: PixelRect, with color: Color) {
    let a = min(max(color.alpha, 0), 1)
    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * a * 255).rounded()) }
    let px: [UInt8] = [byte(color.red), byte(color.green), byte(color.blue), UInt8((a * 255).rounded())]
    let x0 = max(0, rect.x), x1 = min(width, rect.maxX), y0 = max(0, rect.y), y1 = min(height, rect.maxY)
    guard x0 < x1, y0 < y1 else { return }
    pixels.withUnsafeMutableBufferPointer { p in
      for y in y0..<y1 {
        var i = (y * width + x0) * 4
        for _ in x0..<x1 {
          p[i] = px[0]; p[i + 1] = px[1]; p[i + 2] = px[2]; p[i + 3] = px[3]
          i += 4
        }
      }
    }
  }

  /// Copies `source` so its top-left pixel lands at (`x`, `y`), replacing what was there
  /// (no blending: the copy is byte-exact). Parts outside this bitmap are dropped.
  public mutating func copy(_ source: Bitmap, toX x: Int, y: Int) {
    let sx0 = max(0, -x), sy0 = max(0, -y)
    let sx1 = min(source.width, width - x), sy1 = min(source.height, height - y)
    guard sx0 < sx1, sy0 < sy1 else { return }
    let rowBytes = (sx1 - sx0) * 4
    let w = width
    pixels.withUnsafeMutableBytes { dst in
      source.pixels.withUnsafeBytes { src in
        for sy in sy0..<sy1 {
          let s = (sy * source.width + sx0) * 4
          let d = ((sy + y) * w + sx0 + x) * 4
          (dst.baseAddress! + d).copyMemory(from: src.baseAddress! + s, byteCount: rowBytes)
        }
      }
    }
  }

  /// The pixels of `rect` (which must lie inside the bitmap) as a new bitmap.
  public func cropped(to rect: PixelRect) -> Bitmap {
    precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height && rect.width > 0 && rect.height > 0,
                 "crop \(rect) outside \(width)x\(height)")
    var out = Bitmap(width: rect.width, height: rect.height)
    out.copy(self, toX: -rect.x, y: -rect.y)
    return out
  }
}
