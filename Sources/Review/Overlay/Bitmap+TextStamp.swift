import Geometry
import Raster
import Text

extension Bitmap {
  /// Draws `label` (its colour, straight alpha) laid out in the box `rect` (device pixels)
  /// at `scale` pixels per point, as UILabel lays it out; text outside the box is clipped.
  /// Returns the pixels it may have changed (the box, clipped to the bitmap).
  @discardableResult
  public mutating func stamp(_ label: Label, in rect: PixelRect, scale: Double) throws(TextError) -> PixelRect {
    let box = Size(Double(rect.width) / scale, Double(rect.height) / scale)
    let mask = try rasterize(label, boxSize: box, scale: scale)
    let c = label.color
    let a = min(max(c.alpha, 0), 1)
    // Premultiplied colour in 0...255 * 255 fixed point.
    let pr = min(max(c.red, 0), 1) * a * 255, pg = min(max(c.green, 0), 1) * a * 255
    let pb = min(max(c.blue, 0), 1) * a * 255, pa = a * 255
    let x0 = max(0, rect.x), y0 = max(0, rect.y)
    let x1 = min(width, rect.x + min(rect.width, mask.width)), y1 = min(height, rect.y + min(rect.height, mask.height))
    guard x0 < x1, y0 < y1 else { return PixelRect(x: rect.x, y: rect.y, width: 0, height: 0) }
    let w = width
    pixels.withUnsafeMutableBufferPointer { dst in
      mask.alpha.withUnsafeBufferPointer { cov in
        for y in y0..<y1 {
          for x in x0..<x1 {
            let k = Double(cov[(y - rect.y) * mask.width + (x - rect.x)]) / 255
            if k == 0 { continue }
            let i = (y * w + x) * 4
            let sa = pa * k, inv = 1 - sa / 255
            dst[i] = UInt8(min(255, (pr * k + Double(dst[i]) * inv).rounded()))
            dst[i + 1] = UInt8(min(255, (pg * k + Double(dst[i + 1]) * inv).rounded()))
            dst[i + 2] = UInt8(min(255, (pb * k + Double(dst[i + 2]) * inv).rounded()))
            dst[i + 3] = UInt8(min(255, (sa + Double(dst[i + 3]) * inv).rounded()))
          }
        }
      }
    }
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
