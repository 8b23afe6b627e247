import Geometry

/// A blur material behind a layer (CABackdropLayer with a gaussianBlur and a colorSaturate
/// filter, then a tint layer, as UIVisualEffectView builds a UIBlurEffect): the pixels
/// already composited under the layer's rounded bounds are blurred, saturated, tinted and
/// drawn back through the layer's shape. See docs/raster.md, "Backdrop materials".
public struct Backdrop: Hashable, Sendable {
  /// The Gaussian's standard deviation in points (CSS `blur()` and CAFilter gaussianBlur's
  /// inputRadius are both σ), scaled with the layer to device pixels.
  public var blurRadius: Double
  /// The colour-matrix saturation (CSS `saturate()`, SVG feColorMatrix "saturate"): 1 leaves
  /// colours alone, 0 is grey, 1.8 is the boost UIKit's materials apply.
  public var saturation: Double
  /// A colour composited source-over the saturated blur (straight alpha).
  public var tint: Color

  public init(blurRadius: Double, saturation: Double = 1, tint: Color = .clear) {
    self.blurRadius = blurRadius; self.saturation = saturation; self.tint = tint
  }
}

extension Bitmap {
  /// Replaces the pixels under `shape` (device-pixel coverage, further limited by `clip`:
  /// intersected as shapes when both have outlines and the clip is convex, else multiplied)
  /// with a blurred, saturated and tinted copy of themselves, composited source-over at
  /// the shape's coverage times `opacity`. The blur (σ = `sigma` device pixels) reads 3σ
  /// beyond the shape, clamping to the nearest edge pixel outside the bitmap, so a bar at
  /// the top of the screen does not darken toward the edge.
  ///
  /// With a `cache`, a draw whose input pixels, coverage and parameters all equal a cached
  /// one's copies that draw's output; with only the input pixels and parameters equal (another
  /// opacity or coverage), it composites the cached blur (the same bytes; see `BackdropCache`).
  public mutating func drawBackdrop(_ backdrop: Backdrop, sigma: Double, shape: Mask, opacity: Double = 1, clip: Mask? = nil, cache: BackdropCache? = nil) {
    var region = shape.bounds.intersection(pixelBounds)
    if let clip { region = region.intersection(clip.bounds) }
    let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
    if region.isEmpty || o <= 0 { return }
    let n = region.width
    // The coverage of every row: the shape's times the clip's.
    // A shape and a convex clip with outlines are intersected as shapes (an edge they share
    // is anti-aliased once, as `fill` does); other clips multiply.
    var shape = shape, clip = clip
    if let k = clip, let exact = shape.clipped(by: k) {
      shape = exact
      clip = k.remainderAfterShapeIntersection
    }
    var cov2 = [UInt8](repeating: 0, count: n)
    // `row` writes all n bytes of each row (no zeroing first).
    let coverage = [UInt8](unsafeUninitializedCapacity: n * region.height) { cb, count in
      cov2.withUnsafeMutableBufferPointer { c2b in
        for r in 0..<region.height {
          let row = cb.baseAddress! + r * n
          shape.row(region.y + r, region.x, region.maxX, into: row)
          clip?.apply(to: row, y: region.y + r, region.x, region.maxX, scratch: c2b.baseAddress!)
        }
      }
      count = n * region.height
    }
    let input = region.outset(by: BackdropBlur.reach(sigma: sigma)).intersection(pixelBounds)
    let key = BackdropCache.Key(region: region, input: input, sigma: sigma.bitPattern, backdrop: backdrop)
    let lookup = cache?.lookup(key, bitmap: self) ?? .skip
    var hit: BackdropCache.Entry?
    if case .hit(let entry) = lookup { hit = entry }
    if let hit, hit.drew(coverage: coverage, opacity: o.bitPattern) {
      copyRows(hit.output, into: region)
      return
    }
    // The same pixels under another coverage or opacity: the kept blur, composited afresh.
    var stored: [UInt8]?
    if let hit { stored = hit.input } else if case .store = lookup { stored = BackdropCache.copy(self, input) }
    let blur = hit?.blur ?? Self.blurred(self, backdrop, region: region, sigma: sigma)
    composite(blur, coverage: coverage, opacity: o)
    if let cache, let stored {
      cache.insert(BackdropCache.Entry(input: stored, blur: blur, coverage: coverage, opacity: o.bitPattern,
                                       output: BackdropCache.copy(self, region)), for: key)
    }
  }

  /// The blur of `region`'s surroundings, saturated and tinted.
  private static func blurred(_ bitmap: Bitmap, _ backdrop: Backdrop, region: PixelRect, sigma: Double) -> BackdropBlur {
    var blur = BackdropBlur(bitmap, region: region, sigma: sigma)
    let s = Float(backdrop.saturation.isFinite ? max(backdrop.saturation, 0) : 1)
    // SVG feColorMatrix type="saturate" (the matrix CSS saturate() uses), on encoded values.
    let (m0, m1, m2) = (0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s)
    let (m3, m4, m5) = (0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s)
    let (m6, m7, m8) = (0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s)
    let tint = PremultipliedColor(backdrop.tint)
    let (tr, tg, tb, ta) = (Float(tint.r), Float(tint.g), Float(tint.b), Float(tint.a))
    let keep = 1 - ta / 255
    // Saturation, then the tint, on the blurred grid (both affine, so they commute with the
    // interpolation to pixels; the clamp to [0, alpha] acts at the grid points).
    blur.map { b in
      let a = min(max(b.w, 0), 255)
      let r = min(max(m0 * b.x + m1 * b.y + m2 * b.z, 0), a)
      let g = min(max(m3 * b.x + m4 * b.y + m5 * b.z, 0), a)
      let bl = min(max(m6 * b.x + m7 * b.y + m8 * b.z, 0), a)
      return SIMD4(tr + r * keep, tg + g * keep, tb + bl * keep, ta + a * keep)
    }
    return blur
  }

  /// Composites the blur over its region at `coverage` (row-major over the region) times
  /// `o`: per channel, c·k + d·(1 − c.a·k / 255) rounded, with k = coverage · o / 255.
  private mutating func composite(_ blur: BackdropBlur, coverage: [UInt8], opacity o: Double) {
    let region = blur.region, n = region.width
    let scaleCoverage = Float(o) / 255
    let w = width
    var line = [SIMD4<Float>](repeating: .zero, count: blur.gw)
    withPixels { base in
      let px = base.assumingMemoryBound(to: UInt8.self)
      coverage.withUnsafeBufferPointer { cb in
        for y in region.y..<region.maxY {
          let cov = cb.baseAddress! + (y - region.y) * n
          let d = px + (y * w + region.x) * 4
          blur.forEachPixel(ofRow: y, line: &line) { i, c in
            if cov[i] == 0 { return }
            let k = Float(cov[i]) * scaleCoverage
            let rest = 1 - c.w * k / 255
            // The four channels at once; each lane is c·k + d·rest + 0.5, clamped, truncated.
            let q = d + i * 4
            let dv = SIMD4<Float>(Float(q[0]), Float(q[1]), Float(q[2]), Float(q[3]))
            let v = c * k + dv * rest + 0.5
            q[0] = UInt8(min(max(v.x, 0), 255))
            q[1] = UInt8(min(max(v.y, 0), 255))
            q[2] = UInt8(min(max(v.z, 0), 255))
            q[3] = UInt8(min(max(v.w, 0), 255))
          }
        }
      }
    }
  }

  /// Writes `rows` (row-major pixels of `region`, inside the bitmap) into the bitmap.
  private mutating func copyRows(_ rows: [UInt8], into region: PixelRect) {
    let w = width, rowBytes = region.width * 4
    withPixels { base in
      rows.withUnsafeBytes { src in
        for r in 0..<region.height {
          (base + ((region.y + r) * w + region.x) * 4).copyMemory(from: src.baseAddress! + r * rowBytes, byteCount: rowBytes)
        }
      }
    }
  }
}

extension LayerRenderer {
  /// The layer's backdrop, drawn onto `bitmap` before anything else of the layer (and
  /// outside any offscreen group, since a backdrop must read what is already composited
  /// behind the layer). `t` maps the layer's bounds to device pixels.
  func drawBackdrop(of layer: Layer, _ t: AffineTransform, clip: Mask?, opacity: Double, into bitmap: inout Bitmap) {
    guard let backdrop = layer.backdrop else { return }
    let limit = clip.map { $0.bounds.intersection(bitmap.pixelBounds) } ?? bitmap.pixelBounds
    if limit.isEmpty { return }
    let shape: Mask
    if layer.cornerRadii.isZero && t.b == 0 && t.c == 0 {
      shape = Mask(rect: t.apply(layer.bounds))
    } else {
      shape = roundedMask(Path(roundedRect: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve), t, limit: limit)
    }
    let sigma = backdrop.blurRadius * abs(t.determinant).squareRoot()
    bitmap.drawBackdrop(backdrop, sigma: sigma, shape: shape, opacity: opacity, clip: clip, cache: backdropCache)
  }
}

extension LayerRenderer {
  /// For a layer drawn as an offscreen group: the backdrops of its descendants, drawn onto
  /// the real destination first (an offscreen bitmap has nothing behind it to blur). Each is
  /// drawn at the group's opacity times the opacities between the group and it, through its
  /// ancestors' clips (`masksToBounds`, `mask`) inside the group. A descendant's backdrop so
  /// sees what is under the group. Only backdrops with nothing of the group painted before
  /// them move (the layer paints no shadow, background or contents of its own, and no earlier
  /// sublayer paints anything): there the offscreen behind them is still empty, and what
  /// shows through in the finished frame is the destination (a navigation bar, whose material
  /// view comes first, fading in or out during a push or pop). A backdrop over the group's own
  /// content (a toolbar over its fading screen's background) stays in the offscreen and blurs
  /// that content. Returns the layer without the moved backdrops, for the offscreen pass.
  func drawDescendantBackdrops(of layer: Layer, _ t: AffineTransform, clip: Mask?, opacity: Double, into bitmap: inout Bitmap) -> Layer {
    guard layer.sublayers.contains(where: \.hasBackdropInTree), !paintsUnderSublayers(layer) else { return layer }
    var stripped = layer
    var inner = clip
    if layer.masksToBounds {
      let limit = clip.map { $0.bounds.intersection(bitmap.pixelBounds) } ?? bitmap.pixelBounds
      let b = boundsMask(layer, t, limit: limit)
      inner = inner.map { $0.intersection(b) } ?? b
    }
    for i in stripped.sublayers.indices {
      let sub = stripped.sublayers[i]
      guard sub.hasBackdropInTree else {
        if paintsAnything(sub) { break }
        continue
      }
      let st = LayerRenderer.toParent(sub).concatenating(t)
      guard st.inverted() != nil else { continue }
      var subClip = inner
      if let m = sub.mask {
        let limit = subClip.map { $0.bounds.intersection(bitmap.pixelBounds) } ?? bitmap.pixelBounds
        let mm = Mask(path: m, transform: st, limit: limit)
        subClip = subClip.map { $0.intersection(mm) } ?? mm
      }
      let o = opacity * min(sub.opacity, 1)
      drawBackdrop(of: sub, st, clip: subClip, opacity: o, into: &bitmap)
      var rest = drawDescendantBackdrops(of: sub, st, clip: subClip, opacity: o, into: &bitmap)
      rest.backdrop = nil
      stripped.sublayers[i] = rest
      if paintsAnything(sub) { break }  // later sublayers' backdrops see this one in the group
    }
    return stripped
  }
}

extension Layer {
  /// Whether this layer or any visible descendant draws a backdrop.
  var hasBackdropInTree: Bool {
    !isHidden && opacity > 0 && (backdrop != nil || sublayers.contains { $0.hasBackdropInTree })
  }
}
