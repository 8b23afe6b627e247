import Geometry

// Gaussian blur of a coverage mask, for shadows.
//
// Small blurs (σ < 3 px) convolve the mask directly with a separable kernel whose taps
// are the Gaussian's integral over each pixel (erf differences), out to 3σ.
// Larger blurs first average f × f blocks (f = ⌊σ/3⌋), blur that grid with
// σ' = sqrt(σ² − f²/12) / f (the block average already contributes variance f²/12),
// and interpolate back bilinearly. The Gaussian is smooth on the scale of σ, so
// interpolating it from samples f ≤ σ/3 apart is off by at most about
// (f²/8)·max|G''| ≈ 0.004 of full coverage (under 1/255); `BlurTests` checks a blurred
// rectangle against the exact erf product of FRAME.md layer (e).

extension Mask {
  /// The mask convolved with a Gaussian of standard deviation `sigma` device pixels
  /// (CALayer.shadowRadius times the scale). The result is larger by ⌈3σ⌉ on each side.
  public func blurred(sigma: Double) -> Mask {
    blurred(sigma: sigma, within: nil)
  }

  /// `blurred(sigma:)` computed only over the pixels inside `within` (device pixels; nil
  /// for all): the result's bounds are the whole blur's cut to `within`, and each of its
  /// pixels is the byte the whole blur has there. A σ of 0.05 px or less (no blur) returns
  /// the mask as it is, uncut.
  public func blurred(sigma: Double, within: PixelRect?) -> Mask {
    guard sigma.isFinite, sigma > 0.05, !bounds.isEmpty else { return self }
    let pad = Int((3 * sigma).rounded(.up)) + 1
    let f = sigma < 3 ? 1 : Int(sigma / 3)
    // Output box, grown so its size is a whole number of f-blocks.
    var out = bounds.outset(by: pad)
    out.width = (out.width + f - 1) / f * f
    out.height = (out.height + f - 1) / f * f
    let region = within.map { out.intersection($0) } ?? out
    if region.isEmpty { return .empty }
    let gw = out.width / f, gh = out.height / f
    // 1. Block averages of the coverage (in 0...1).
    var grid = bytes.withUnsafeBufferPointer { Mask.blockAverages($0, bounds: bounds, out: out, f: f) }
    // 2. Separable Gaussian on the grid.
    let s2 = sigma * sigma - (f > 1 ? Double(f * f) / 12 : 0)
    let sg = s2.squareRoot() / Double(f)
    let kernel = Mask.gaussianKernel(sigma: sg, integrated: f == 1)
    grid = Mask.convolve(grid, width: gw, height: gh, kernel: kernel)
    // 3. Back to pixels: bilinear from block centres, clamped at the grid's border.
    return Mask(bounds: region, coverage: Mask.upsample(grid, f: f, out: out, region: region))
  }

  /// Normalized taps from −⌈3σ⌉ to ⌈3σ⌉: either the Gaussian's integral over each unit
  /// interval (for blurring pixels) or its samples (for blurring block centres).
  static func gaussianKernel(sigma: Double, integrated: Bool) -> [Float] {
    let r = max(1, Int((3 * sigma).rounded(.up)))
    let k = 1 / (sigma * 2.0.squareRoot())
    var taps = (-r...r).map { i -> Double in
      let x = Double(i)
      return integrated ? 0.5 * (erfd((x + 0.5) * k) - erfd((x - 0.5) * k)) : expd(-x * x / (2 * sigma * sigma))
    }
    let sum = taps.reduce(0, +)
    taps = taps.map { $0 / sum }
    return taps.map(Float.init)
  }
}

extension Bitmap {
  /// A Gaussian shadow of a filled shape: `mask` (the shape's coverage in device pixels,
  /// which must reach at least 3σ beyond the visible area for exact edges) moved by
  /// `offset` device pixels (rounded to whole pixels), blurred with σ = `sigma` device pixels, in `color` times
  /// `opacity`, composited under `clip`.
  public mutating func drawShadow(of mask: Mask, color: Color, opacity: Double, sigma: Double, offset: Point, clip: Mask? = nil) {
    guard opacity > 0, color.alpha > 0 else { return }
    // The mask moves by whole pixels (the offset is rounded); for a fractional offset,
    // use the path form, which moves the shape before rasterizing it.
    let dx = Int(offset.x.rounded()), dy = Int(offset.y.rounded())
    let blurred = mask.offsetBy(dx: dx, dy: dy).blurred(sigma: sigma, within: shadowRegion(clip))
    fill(blurred, color: color, opacity: opacity, clip: clip)
  }

  /// The shadow of `path` (user space → device pixels by `transform`), offset by `offset`
  /// device pixels and blurred with σ = `sigma` device pixels: CALayer's shadowPath with
  /// shadowRadius, shadowOffset, shadowColor and shadowOpacity (scaled to pixels).
  public mutating func drawShadow(
    of path: Path, transform: AffineTransform = .identity, color: Color, opacity: Double, sigma: Double,
    offset: Point, clip: Mask? = nil
  ) {
    guard opacity > 0, color.alpha > 0 else { return }
    let pad = Int((3 * max(sigma, 0)).rounded(.up)) + 2
    var limit = pixelBounds.outset(by: pad)
    if let clip { limit = limit.intersection(clip.bounds.outset(by: pad)) }
    let moved = transform.concatenating(AffineTransform(translationX: offset.x, y: offset.y))
    let shape = Mask(path: path, transform: moved, limit: limit)
    fill(shape.blurred(sigma: sigma, within: shadowRegion(clip)), color: color, opacity: opacity, clip: clip)
  }

  /// The pixels a shadow can change: the bitmap's, inside the clip's bounds (the blur is
  /// computed only there).
  private func shadowRegion(_ clip: Mask?) -> PixelRect {
    clip.map { pixelBounds.intersection($0.bounds) } ?? pixelBounds
  }
}
