import Geometry

extension Bitmap {
  /// Calls `body` with the address of pixel (0, 0); pixels are 4 bytes, rows `4 * width`.
  @inlinable
  mutating func withPixels<R>(_ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R {
    try pixels.withUnsafeMutableBytes { try body($0.baseAddress!) }
  }

  /// Replaces every pixel with `color` (premultiplied on entry; no blending).
  public mutating func clear(to color: Color = .clear) {
    let p = PremultipliedColor(color, opacity: 1).packed
    let n = width * height
    withPixels { fillPixels($0, n, p) }
  }

  /// Composites `color` (straight alpha, times `opacity`) over the whole bitmap, or over
  /// the part inside `clip`.
  public mutating func fill(_ color: Color, opacity: Double = 1, clip: Mask? = nil) {
    fill(pixelBounds.rect, color: color, opacity: opacity, clip: clip)
  }

  /// Composites a solid colour over an axis-aligned rectangle in device pixels. Edge pixels
  /// get the exact area fraction inside the rectangle.
  public mutating func fill(_ rect: Rect, color: Color, opacity: Double = 1, clip: Mask? = nil) {
    if let clip {
      fill(Mask(rect: rect), color: color, opacity: opacity, clip: clip)
      return
    }
    let r = rect.standardized
    let box = PixelRect(enclosing: r).intersection(pixelBounds)
    if box.isEmpty { return }
    let col = PremultipliedColor(color, opacity: opacity).packed
    if col == 0 { return }
    let w = width
    withPixels { base in
      for y in box.y..<box.maxY {
        let yc = Mask.span(y, r.minY, r.maxY)
        let row = base + (y * w) * 4
        let first = box.x, last = box.maxX - 1
        let cFirst = UInt32((Mask.span(first, r.minX, r.maxX) * yc * 255).rounded(.toNearestOrAwayFromZero))
        blendSolidSpan(row + first * 4, 1, col, cFirst)
        if last > first {
          let inner = UInt32((yc * 255).rounded(.toNearestOrAwayFromZero))
          blendSolidSpan(row + (first + 1) * 4, last - first - 1, col, inner)
          let cLast = UInt32((Mask.span(last, r.minX, r.maxX) * yc * 255).rounded(.toNearestOrAwayFromZero))
          blendSolidSpan(row + last * 4, 1, col, cLast)
        }
      }
    }
  }

  /// Composites a solid colour through a coverage mask (and an optional clip). A mask with
  /// an outline drawn through a convex clip is intersected with it as a shape (an edge they
  /// share is anti-aliased once); other clips multiply coverage.
  public mutating func fill(_ mask: Mask, color: Color, opacity: Double = 1, clip: Mask? = nil) {
    fill(mask, color: color, opacity: opacity, clip: clip, except: [])
  }

  /// `fill(_:color:opacity:clip:)` leaving the pixels of `holes` as they are (pixels a later
  /// draw overwrites anyway; every other pixel gets the same bytes).
  mutating func fill(_ mask: Mask, color: Color, opacity: Double, clip: Mask?, except holes: [PixelRect]) {
    if let clip, let exact = mask.clipped(by: clip) {
      fillThrough(exact, color: color, opacity: opacity, clip: clip.remainderAfterShapeIntersection, except: holes)
    } else {
      fillThrough(mask, color: color, opacity: opacity, clip: clip, except: holes)
    }
  }

  private mutating func fillThrough(_ mask: Mask, color: Color, opacity: Double, clip: Mask?, except: [PixelRect]) {
    var region = mask.bounds.intersection(pixelBounds)
    if let clip { region = region.intersection(clip.bounds) }
    if region.isEmpty { return }
    let col = PremultipliedColor(color, opacity: opacity).packed
    if col == 0 { return }
    let holes = except.map { $0.intersection(region) }.filter { !$0.isEmpty }.sorted { $0.x < $1.x }
    if holes.contains(region) { return }
    let w = width, n = region.width
    // An opaque colour over whole rows the mask covers, unclipped: one store pass over the
    // rows' contiguous bytes (a frame's background).
    if holes.isEmpty, clip == nil, col >> 24 == 255, region.x == 0, n == w,
       mask.coversRow(region.y, 0, w), mask.coversRow(region.maxY - 1, 0, w) {
      withPixels { fillPixels($0 + region.y * w * 4, region.height * w, col) }
      return
    }
    var cov = [UInt8](repeating: 0, count: n)
    var cov2 = [UInt8](repeating: 0, count: n)
    withPixels { base in
      cov.withUnsafeMutableBufferPointer { cb in
        cov2.withUnsafeMutableBufferPointer { c2b in
          let c = cb.baseAddress!, c2 = c2b.baseAddress!
          // Columns x0 ..< x1 of row y (each pixel's bytes do not depend on the span).
          func span(_ y: Int, _ x0: Int, _ x1: Int) {
            let dst = base + (y * w + x0) * 4, m = x1 - x0
            if mask.coversRow(y, x0, x1) && (clip?.coversRow(y, x0, x1) ?? true) {
              blendSolidSpan(dst, m, col, 255)
              return
            }
            var full = mask.row(y, x0, x1, into: c)
            if let clip {
              if !clip.apply(to: c, y: y, x0, x1, scratch: c2) { full = false }
            }
            if full { blendSolidSpan(dst, m, col, 255) } else { blendSolidMasked(dst, c, m, col) }
          }
          for y in region.y..<region.maxY {
            var x = region.x
            for h in holes where h.y <= y && y < h.maxY {
              if h.x > x { span(y, x, h.x) }
              x = max(x, h.maxX)
            }
            if x < region.maxX { span(y, x, region.maxX) }
          }
        }
      }
    }
  }

  /// Fills a path (in user space, mapped to device pixels by `transform`) with a solid
  /// colour, anti-aliased by exact area coverage.
  public mutating func fill(
    _ path: Path, color: Color, rule: Path.FillRule = .nonZero, transform: AffineTransform = .identity,
    opacity: Double = 1, clip: Mask? = nil
  ) {
    let limit = clip.map { $0.bounds.intersection(pixelBounds) } ?? pixelBounds
    fill(Mask(path: path, transform: transform, rule: rule, limit: limit), color: color, opacity: opacity, clip: clip)
  }
}
