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
  /// Replaces the pixels under `shape` (device-pixel coverage, further limited by `clip`)
  /// with a blurred, saturated and tinted copy of themselves, composited source-over at
  /// the shape's coverage times `opacity`. The blur (σ = `sigma` device pixels) reads 3σ
  /// beyond the shape, clamping to the nearest edge pixel outside the bitmap, so a bar at
  /// the top of the screen does not darken toward the edge.
  public mutating func drawBackdrop(_ backdrop: Backdrop, sigma: Double, shape: Mask, opacity: Double = 1, clip: Mask? = nil) {
    var region = shape.bounds.intersection(pixelBounds)
    if let clip { region = region.intersection(clip.bounds) }
    let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
    if region.isEmpty || o <= 0 { return }
    let blur = BackdropBlur(self, region: region, sigma: sigma)
    let s = Float(backdrop.saturation.isFinite ? max(backdrop.saturation, 0) : 1)
    // SVG feColorMatrix type="saturate" (the matrix CSS saturate() uses), on encoded values.
    let m: [Float] = [
      0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
      0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
      0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s,
    ]
    let tint = PremultipliedColor(backdrop.tint)
    let tintV = SIMD4<Float>(Float(tint.r), Float(tint.g), Float(tint.b), Float(tint.a))
    let keep = 1 - tintV.w / 255
    let scaleCoverage = Float(o) / 255
    let w = width, n = region.width
    var cov = [UInt8](repeating: 0, count: n)
    var cov2 = [UInt8](repeating: 0, count: n)
    var row = [SIMD4<Float>](repeating: .zero, count: n)
    withPixels { base in
      let px = base.assumingMemoryBound(to: UInt8.self)
      for y in region.y..<region.maxY {
        cov.withUnsafeMutableBufferPointer { cb in
          cov2.withUnsafeMutableBufferPointer { c2b in
            shape.row(y, region.x, region.maxX, into: cb.baseAddress!)
            if let clip {
              clip.row(y, region.x, region.maxX, into: c2b.baseAddress!)
              multiplyCoverage(cb.baseAddress!, c2b.baseAddress!, n)
            }
          }
        }
        blur.row(y, into: &row)
        for i in 0..<n where cov[i] != 0 {
          let b = row[i]
          let a = min(max(b.w, 0), 255)
          var c = SIMD4<Float>(
            m[0] * b.x + m[1] * b.y + m[2] * b.z,
            m[3] * b.x + m[4] * b.y + m[5] * b.z,
            m[6] * b.x + m[7] * b.y + m[8] * b.z, a)
          c = c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: a))
          c = tintV + c * keep
          let k = Float(cov[i]) * scaleCoverage
          let d = px + (y * w + region.x + i) * 4
          let dst = SIMD4<Float>(Float(d[0]), Float(d[1]), Float(d[2]), Float(d[3]))
          let out = c * k + dst * (1 - c.w * k / 255)
          let r = (out + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
          d[0] = UInt8(r.x); d[1] = UInt8(r.y); d[2] = UInt8(r.z); d[3] = UInt8(r.w)
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
      shape = Mask(path: Path(roundedRect: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve), transform: t, limit: limit)
    }
    let sigma = backdrop.blurRadius * abs(t.determinant).squareRoot()
    bitmap.drawBackdrop(backdrop, sigma: sigma, shape: shape, opacity: opacity, clip: clip)
  }
}
