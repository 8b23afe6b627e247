import Geometry

extension Bitmap {
  /// Composites another premultiplied bitmap (source-over) with its top-left pixel at
  /// device pixel (x, y), times `opacity`, under `clip`: group opacity.
  public mutating func draw(_ source: Bitmap, atX x: Int, y: Int, opacity: Double = 1, clip: Mask? = nil) {
    draw(source, rows: 0..<source.height, atX: x, y: y, opacity: opacity, clip: clip)
  }

  /// Composites rows of premultiplied pixels over `region` (clipped to the bitmap and
  /// `clip`), times `opacity`, under `clip`. `row(y, x0, n)` returns the source pixels of
  /// row `y`, columns `x0 ..< x0 + n`, valid until the next call.
  mutating func composite(
    _ region: PixelRect, opacity: Double, clip: Mask?,
    row: (_ y: Int, _ x0: Int, _ n: Int) -> UnsafePointer<UInt32>
  ) {
    guard opacity > 0 else { return }
    var region = region.intersection(pixelBounds)
    if let clip { region = region.intersection(clip.bounds) }
    if region.isEmpty { return }
    let n = region.width, w = width
    let table = opacityTable(opacity)
    let uniform = UInt32(table[255])
    var cov = [UInt8](repeating: 255, count: clip == nil ? 0 : n)
    var scratch = [UInt8](repeating: 0, count: clip?.divisor == nil ? 0 : n)
    withPixels { base in
      scratch.withUnsafeMutableBufferPointer { sb in
      cov.withUnsafeMutableBufferPointer { cb in
        table.withUnsafeBufferPointer { tb in
          for yy in region.y..<region.maxY {
            let src = row(yy, region.x, n)
            let dst = base + (yy * w + region.x) * 4
            if let clip {
              let c = cb.baseAddress!
              var full = clip.row(yy, region.x, region.maxX, into: c)
              if !full, let d = clip.divisor?.mask, !d.row(yy, region.x, region.maxX, into: sb.baseAddress!) {
                divideCoverage(c, sb.baseAddress!, n)
              }
              if uniform < 255 { applyTable(c, tb.baseAddress!, n); full = false }
              blendRow(dst, src, full ? nil : UnsafePointer(c), n)
            } else {
              blendRow(dst, src, nil, n, uniform: uniform)
            }
          }
        }
      }
      }
    }
  }
}

extension Bitmap {
  /// Composites `rows` (device pixels) of a group whose offscreen would hold only its
  /// background there: `mask` is the background's coverage in the offscreen's pixels (its
  /// pixel (0, 0) at `origin`'s top-left), `color` the premultiplied colour. Each source
  /// pixel is the colour times its coverage, exactly what filling the offscreen stores, so
  /// the result equals drawing the offscreen and compositing it.
  mutating func compositeBackground(
    _ mask: Mask, color: UInt32, origin: PixelRect, rows: PixelRect, opacity: Double, clip: Mask?
  ) {
    let b = mask.bounds
    var region = rows.intersection(PixelRect(x: b.x + origin.x, y: b.y + origin.y, width: b.width, height: b.height))
      .intersection(pixelBounds)
    if let clip { region = region.intersection(clip.bounds) }
    if region.isEmpty || opacity <= 0 { return }
    if clip == nil {
      // One colour at one coverage per row where the mask is solid: a plain span blend.
      let c = UInt32(opacityTable(opacity)[255])
      var solid = true
      var probe = [UInt8](repeating: 0, count: region.width)
      probe.withUnsafeMutableBufferPointer { p in
        for y in [region.y, region.maxY - 1] {
          solid = solid && mask.row(y - origin.y, region.x - origin.x, region.maxX - origin.x, into: p.baseAddress!)
        }
      }
      if solid, mask.isRect {
        let w = width
        withPixels { base in
          for y in region.y..<region.maxY {
            blendSolidSpan(base + (y * w + region.x) * 4, region.width, color, c)
          }
        }
        return
      }
    }
    let e = expand(color)
    var src = [UInt32](repeating: 0, count: region.width)
    var cov = [UInt8](repeating: 0, count: region.width)
    src.withUnsafeMutableBufferPointer { s in
      cov.withUnsafeMutableBufferPointer { c in
        composite(region, opacity: opacity, clip: clip) { y, x0, n in
          mask.row(y - origin.y, x0 - origin.x, x0 - origin.x + n, into: c.baseAddress!)
          for i in 0..<n { s[i] = pack(mulLanes(e, UInt64(c[i]))) }
          return UnsafePointer(s.baseAddress!)
        }
      }
    }
  }
}
