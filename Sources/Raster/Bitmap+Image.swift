
import Geometry

extension Bitmap {
  /// Draws `image` through `transform`, which maps the image's texel space (texel (i, j)
  /// covers [i, i+1) × [j, j+1)) to device pixels. Filtering is bilinear, exactly as
  /// FRAME.md specifies, down to half size. Below 0.5 device pixels per texel, where
  /// bilinear taps would start skipping texels, it samples the mipmap pyramid instead
  /// (trilinear: level log2(0.5 / scale), two levels mixed), so a large photo drawn small
  /// does not shimmer or alias. (FRAME.md's scale-2 grid shrinks photos to 0.60–0.85 and
  /// specifies plain bilinear there.)
  /// Coverage is the transformed image rectangle (anti-aliased), times `clip`, times
  /// `opacity`.
  ///
  /// With a `cache`, samples of a draw repeated with the same image, transform and pixels
  /// are reused (see `SampleCache`); the result is the same bytes either way.
  public mutating func draw(
    _ image: Image, transform t: AffineTransform, opacity: Double = 1, clip clipArgument: Mask? = nil, cache: SampleCache? = nil
  ) {
    var clip = clipArgument
    guard opacity > 0, let inv = t.inverted(),
          [inv.a, inv.b, inv.c, inv.d, inv.tx, inv.ty].allSatisfy(\.isFinite) else { return }
    let imageRect = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    var limit = pixelBounds
    if let clip { limit = limit.intersection(clip.bounds) }
    if limit.isEmpty { return }
    var shape = t.b == 0 && t.c == 0
      ? Mask(rect: t.apply(imageRect))
      : Mask(path: Path(rect: imageRect), transform: t, limit: limit)
    if let c = clip, let exact = shape.clipped(by: c) {
      // The image's edges and a convex clip's intersect as shapes (one anti-aliased edge).
      shape = exact
      clip = c.remainderAfterShapeIntersection
    }
    let region = shape.bounds.intersection(limit)
    if region.isEmpty { return }

    // Device pixels per texel along the image's two axes; the smaller one picks the level.
    let scale = min((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    let lambda = scale < 0.5 ? log2d(0.5 / scale) : 0
    let level0 = Int(lambda.rounded(.down))
    let mix = UInt32(((lambda - Double(level0)) * 256).rounded())
    let levelA = image.level(level0)
    let levelB = mix > 0 ? image.level(level0 + 1) : levelA
    let useB = mix > 0 && levelB.width != levelA.width

    func inverse(for b: Bitmap) -> AffineTransform {
      inv.concatenating(AffineTransform(scaleX: Double(b.width) / Double(image.width), y: Double(b.height) / Double(image.height)))
    }
    let opaque = image.isOpaque && opacity >= 1
    let table = opacityTable(opacity)
    let n = region.width, w = width
    var srcRow = [UInt32](repeating: 0, count: n)
    var srcRowB = [UInt32](repeating: 0, count: useB ? n : 0)
    var cov = [UInt8](repeating: 0, count: n)
    var cov2 = [UInt8](repeating: 0, count: n)

    let key = SampleCache.key(image, t, region)
    var stored: SampleCache.Samples?
    var store = false
    if let cache {
      switch cache.lookup(key) {
      case .hit(let samples): stored = samples
      case .store: store = true
      case .miss: break
      }
    }

    levelA.pixels.withUnsafeBytes { aBytes in
      levelB.pixels.withUnsafeBytes { bBytes in
        let samplerA = BilinearSampler(src: aBytes.baseAddress!, width: levelA.width, height: levelA.height,
                                       inverse: inverse(for: levelA), region: stored == nil ? region : .empty)
        let samplerB = BilinearSampler(src: bBytes.baseAddress!, width: levelB.width, height: levelB.height,
                                       inverse: inverse(for: levelB), region: useB && stored == nil ? region : .empty)
        if store, let cache {
          // Seen before: sample every row once into a new cache entry, then draw from it.
          let samples = SampleCache.Samples(count: n * region.height, image: image)
          let scratch = UnsafeMutableRawPointer.allocate(byteCount: useB ? n * 4 : 0, alignment: 16)
          defer { scratch.deallocate() }
          for y in region.y..<region.maxY {
            let row = UnsafeMutableRawPointer(samples.pixels + (y - region.y) * n)
            samplerA.sampleRow(y, into: row)
            if useB {
              samplerB.sampleRow(y, into: scratch)
              lerpBytes(UnsafeRawPointer(row), UnsafeRawPointer(scratch), row, n * 4, mix)
            }
          }
          cache.insert(samples, for: key)
          stored = samples
        }
        withPixels { base in
          srcRow.withUnsafeMutableBytes { sr in
            srcRowB.withUnsafeMutableBytes { srB in
              cov.withUnsafeMutableBufferPointer { cb in
                cov2.withUnsafeMutableBufferPointer { c2b in
                  table.withUnsafeBufferPointer { tb in
                    let c = cb.baseAddress!, c2 = c2b.baseAddress!
                    for y in region.y..<region.maxY {
                      var full: Bool
                      if shape.coversRow(y, region.x, region.maxX) && (clip?.coversRow(y, region.x, region.maxX) ?? true) {
                        // Every coverage byte would be 255: only needed below when not full.
                        full = true
                      } else {
                        full = shape.row(y, region.x, region.maxX, into: c)
                        if let clip {
                          if !clip.apply(to: c, y: y, region.x, region.maxX, scratch: c2) { full = false }
                        }
                      }
                      let dst = base + (y * w + region.x) * 4
                      let src: UnsafePointer<UInt32>
                      if let stored {
                        src = UnsafePointer(stored.pixels + (y - region.y) * n)
                        if full && opaque {
                          // Opaque samples at full coverage are stored as they are.
                          dst.copyMemory(from: src, byteCount: n * 4)
                          continue
                        }
                      } else {
                        if full && opaque && !useB {
                          samplerA.sampleRow(y, into: dst)
                          continue
                        }
                        samplerA.sampleRow(y, into: sr.baseAddress!)
                        if useB {
                          samplerB.sampleRow(y, into: srB.baseAddress!)
                          lerpBytes(UnsafeRawPointer(sr.baseAddress!), UnsafeRawPointer(srB.baseAddress!), sr.baseAddress!, n * 4, mix)
                        }
                        src = UnsafePointer(sr.baseAddress!.assumingMemoryBound(to: UInt32.self))
                      }
                      let uniform = opacity < 1 ? UInt32(tb[255]) : 255
                      if full {
                        // Every pixel's coverage is the opacity's: one uniform value.
                        blendRow(dst, src, nil, n, uniform: uniform)
                      } else if let (lo, hi) = fullRun(c, n), hi &- lo >= 16 {
                        // An anti-aliased shape's row: partial pixels at its ends only. Each
                        // pixel's bytes do not depend on the span it is blended in.
                        if opacity < 1 {
                          applyTable(c, tb.baseAddress!, lo)
                          applyTable(c + hi, tb.baseAddress!, n &- hi)
                        }
                        blendRow(dst, src, UnsafePointer(c), lo)
                        blendRow(dst + lo &* 4, src + lo, nil, hi &- lo, uniform: uniform)
                        blendRow(dst + hi &* 4, src + hi, UnsafePointer(c + hi), n &- hi)
                      } else {
                        if opacity < 1 { applyTable(c, tb.baseAddress!, n) }
                        blendRow(dst, src, UnsafePointer(c), n)
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// Draws `image` into `rect` (user space, mapped to device pixels by `transform`) as a
  /// UIImageView with `contentMode` would: aspect-fill overflows `rect` (pass a clip to
  /// crop it, as clipsToBounds does). `pointsPerTexel` is the image's size in user units
  /// per texel for `.center` (1 / UIImage.scale).
  public mutating func draw(
    _ image: Image, in rect: Rect, contentMode: ContentMode, transform: AffineTransform = .identity,
    opacity: Double = 1, clip: Mask? = nil, pointsPerTexel: Double = 1, cache: SampleCache? = nil
  ) {
    let size = Size(Double(image.width) * pointsPerTexel, Double(image.height) * pointsPerTexel)
    let r = contentMode.imageRect(imageSize: size, in: rect)
    guard r.width > 0, r.height > 0 else { return }
    let toRect = AffineTransform(scaleX: r.width / Double(image.width), y: r.height / Double(image.height))
      .concatenating(AffineTransform(translationX: r.minX, y: r.minY))
    draw(image, transform: toRect.concatenating(transform), opacity: opacity, clip: clip, cache: cache)
  }
}

extension ContentMode {
  /// Where an image of `imageSize` lands inside `bounds` (same units), as UIImageView
  /// places it: stretched, fitted or filled with its aspect ratio kept and centred, or at
  /// its own size centred.
  public func imageRect(imageSize s: Size, in bounds: Rect) -> Rect {
    let b = bounds.standardized
    guard s.width > 0, s.height > 0 else { return .zero }
    switch self {
    case .scaleToFill:
      return b
    case .aspectFit, .aspectFill:
      let kx = b.width / s.width, ky = b.height / s.height
      let k = self == .aspectFit ? min(kx, ky) : max(kx, ky)
      let w = s.width * k, h = s.height * k
      return Rect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
    case .center:
      return Rect(x: b.midX - s.width / 2, y: b.midY - s.height / 2, width: s.width, height: s.height)
    }
  }
}
