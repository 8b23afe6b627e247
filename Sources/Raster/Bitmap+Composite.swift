import Geometry

extension Bitmap {
  /// Composites another premultiplied bitmap (source-over) with its top-left pixel at
  /// device pixel (x, y), times `opacity`, under `clip`: group opacity.
  public mutating func draw(_ source: Bitmap, atX x: Int, y: Int, opacity: Double = 1, clip: Mask? = nil) {
    guard opacity > 0 else { return }
    var region = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(pixelBounds)
    if let clip { region = region.intersection(clip.bounds) }
    if region.isEmpty { return }
    let n = region.width, w = width, sw = source.width
    let table = opacityTable(opacity)
    var cov = [UInt8](repeating: 255, count: n)
    source.pixels.withUnsafeBytes { sb in
      withPixels { base in
        cov.withUnsafeMutableBufferPointer { cb in
          table.withUnsafeBufferPointer { tb in
            let c = cb.baseAddress!
            for yy in region.y..<region.maxY {
              var full = true
              if let clip { full = clip.row(yy, region.x, region.maxX, into: c) } else if opacity < 1 { c.update(repeating: 255, count: n) }
              if opacity < 1 { applyTable(c, tb.baseAddress!, n); full = false }
              let src = (sb.baseAddress! + ((yy - y) * sw + (region.x - x)) * 4).assumingMemoryBound(to: UInt32.self)
              blendRow(base + (yy * w + region.x) * 4, src, full ? nil : UnsafePointer(c), n)
            }
          }
        }
      }
    }
  }
}
