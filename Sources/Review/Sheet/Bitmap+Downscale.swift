import Raster

extension Bitmap {
  /// This bitmap shrunk to `newWidth` x `newHeight` with an area (box) filter: each output
  /// pixel is the coverage-weighted mean of the source pixels under it, in premultiplied
  /// sRGB-encoded values, as a contact sheet needs (no aliasing of fine detail). Sizes at or
  /// above the source's are returned unchanged when equal; upscaling is not supported.
  public func areaDownscaled(width newWidth: Int, height newHeight: Int) -> Bitmap {
    precondition(newWidth >= 1 && newHeight >= 1 && newWidth <= width && newHeight <= height,
                 "areaDownscaled: \(width)x\(height) -> \(newWidth)x\(newHeight) is not a reduction")
    if newWidth == width && newHeight == height { return self }
    let xs = Bitmap.boxWeights(from: width, to: newWidth)
    let ys = Bitmap.boxWeights(from: height, to: newHeight)
    // Horizontal pass into Double rows, then vertical.
    var rows = [Double](repeating: 0, count: newWidth * height * 4)
    pixels.withUnsafeBufferPointer { src in
      for y in 0..<height {
        for (ox, taps) in xs.enumerated() {
          var acc = (0.0, 0.0, 0.0, 0.0)
          for (sx, w) in taps {
            let i = (y * width + sx) * 4
            acc.0 += Double(src[i]) * w; acc.1 += Double(src[i + 1]) * w
            acc.2 += Double(src[i + 2]) * w; acc.3 += Double(src[i + 3]) * w
          }
          let o = (y * newWidth + ox) * 4
          rows[o] = acc.0; rows[o + 1] = acc.1; rows[o + 2] = acc.2; rows[o + 3] = acc.3
        }
      }
    }
    var out = Bitmap(width: newWidth, height: newHeight)
    for (oy, taps) in ys.enumerated() {
      for ox in 0..<newWidth {
        var acc = [0.0, 0.0, 0.0, 0.0]
        for (sy, w) in taps {
          let i = (sy * newWidth + ox) * 4
          for k in 0..<4 { acc[k] += rows[i + k] * w }
        }
        let o = (oy * newWidth + ox) * 4
        let a = min(255, max(0, acc[3].rounded()))
        out.pixels[o + 3] = UInt8(a)
        for k in 0..<3 { out.pixels[o + k] = UInt8(min(a, max(0, acc[k].rounded()))) }
      }
    }
    return out
  }

  /// For each output sample, the source samples it covers and their weights (summing to 1).
  static func boxWeights(from n: Int, to m: Int) -> [[(Int, Double)]] {
    let scale = Double(n) / Double(m)
    return (0..<m).map { o in
      let a = Double(o) * scale, b = Double(o + 1) * scale
      var taps: [(Int, Double)] = []
      var s = Int(a.rounded(.down))
      while Double(s) < b && s < n {
        let w = min(b, Double(s + 1)) - max(a, Double(s))
        if w > 1e-12 { taps.append((s, w / scale)) }
        s += 1
      }
      return taps
    }
  }

  /// This bitmap shrunk to `newWidth` pixels wide, keeping the aspect ratio.
  public func areaDownscaled(width newWidth: Int) -> Bitmap {
    let h = max(1, Int((Double(height) * Double(newWidth) / Double(width)).rounded()))
    return areaDownscaled(width: newWidth, height: h)
  }
}
