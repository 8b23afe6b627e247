import Geometry

extension LinearGradient {
  /// 1,024 premultiplied colours from `start` (index 0) to `end` (index 1,023): stops are
  /// interpolated in sRGB-encoded straight alpha (as `Color.lerp`), then premultiplied.
  /// Before the first and after the last location the end colours extend, as
  /// CAGradientLayer draws them.
  func lookupTable() -> [UInt32] {
    let n = 1024
    guard !colors.isEmpty else { return [UInt32](repeating: 0, count: n) }
    let stops = zip(locations, colors).map { ($0, $1) }.sorted { $0.0 < $1.0 }
    return (0..<n).map { i in
      let t = Double(i) / Double(n - 1)
      var c = stops[0].1
      if t >= stops[stops.count - 1].0 {
        c = stops[stops.count - 1].1
      } else if t > stops[0].0 {
        for k in 1..<stops.count where t <= stops[k].0 {
          let (t0, c0) = stops[k - 1], (t1, c1) = stops[k]
          c = t1 > t0 ? Color.lerp(c0, c1, (t - t0) / (t1 - t0)) : c1
          break
        }
      }
      return PremultipliedColor(c).packed
    }
  }
}

extension Bitmap {
  /// Fills `rect` (user space, mapped by `transform` to device pixels) with an axial
  /// gradient whose `start` and `end` are unit coordinates of `rect`, as CAGradientLayer.
  public mutating func draw(
    _ gradient: LinearGradient, in rect: Rect, transform: AffineTransform = .identity,
    opacity: Double = 1, clip clipArgument: Mask? = nil
  ) {
    guard opacity > 0, let inv = transform.inverted(), !gradient.colors.isEmpty else { return }
    var clip = clipArgument
    var limit = pixelBounds
    if let clip { limit = limit.intersection(clip.bounds) }
    if limit.isEmpty { return }
    let r = rect.standardized
    var shape = transform.b == 0 && transform.c == 0
      ? Mask(rect: transform.apply(r))
      : Mask(path: Path(rect: r), transform: transform, limit: limit)
    if let c = clip, let exact = shape.clipped(by: c) {
      shape = exact
      clip = c.remainderAfterShapeIntersection
    }
    let region = shape.bounds.intersection(limit)
    if region.isEmpty { return }
    let s = Point(r.minX + gradient.start.x * r.width, r.minY + gradient.start.y * r.height)
    let e = Point(r.minX + gradient.end.x * r.width, r.minY + gradient.end.y * r.height)
    let d = e - s
    let len2 = d.x * d.x + d.y * d.y
    let lut = gradient.lookupTable()
    let table = opacityTable(opacity)
    let n = region.width, w = width
    var src = [UInt32](repeating: 0, count: n)
    var cov = [UInt8](repeating: 0, count: n), cov2 = cov
    withPixels { base in
      src.withUnsafeMutableBufferPointer { sb in
        cov.withUnsafeMutableBufferPointer { cb in
          cov2.withUnsafeMutableBufferPointer { c2b in
            lut.withUnsafeBufferPointer { lb in
              table.withUnsafeBufferPointer { tb in
                let c = cb.baseAddress!, c2 = c2b.baseAddress!
                // t(X, Y) is affine in the device pixel: t0 + X·dtx + Y·dty.
                let k = len2 > 0 ? 1 / len2 : 0
                let dtx = (inv.a * d.x + inv.b * d.y) * k
                let dty = (inv.c * d.x + inv.d * d.y) * k
                let t00 = ((inv.tx - s.x) * d.x + (inv.ty - s.y) * d.y) * k
                for y in region.y..<region.maxY {
                  var full = shape.row(y, region.x, region.maxX, into: c)
                  if let clip, !clip.apply(to: c, y: y, region.x, region.maxX, scratch: c2) { full = false }
                  var t = t00 + (Double(region.x) + 0.5) * dtx + (Double(y) + 0.5) * dty
                  let dst = base + (y * w + region.x) * 4
                  if dtx == 0 {
                    // Constant along the row (a vertical gradient, the usual scrim): one
                    // colour, blended as a solid span (the same arithmetic as `blendRow`).
                    let ti = len2 > 0 ? min(max(t, 0), 1) : 0
                    let color = lb[Int(ti * 1023 + 0.5)]
                    if opacity < 1 { applyTable(c, tb.baseAddress!, n); full = false }
                    if full { blendSolidSpan(dst, n, color, 255) } else { blendSolidMasked(dst, c, n, color) }
                    continue
                  }
                  for i in 0..<n {
                    let ti = len2 > 0 ? min(max(t, 0), 1) : 0
                    sb[i] = lb[Int(ti * 1023 + 0.5)]
                    t += dtx
                  }
                  if opacity < 1 { applyTable(c, tb.baseAddress!, n); full = false }
                  blendRow(dst, UnsafePointer(sb.baseAddress!), full ? nil : UnsafePointer(c), n)
                }
              }
            }
          }
        }
      }
    }
  }
}
