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
    guard sigma.isFinite, sigma > 0.05, !bounds.isEmpty else { return self }
    let pad = Int((3 * sigma).rounded(.up)) + 1
    let f = sigma < 3 ? 1 : Int(sigma / 3)
    // Output box, grown so its size is a whole number of f-blocks.
    var out = bounds.outset(by: pad)
    out.width = (out.width + f - 1) / f * f
    out.height = (out.height + f - 1) / f * f
    let gw = out.width / f, gh = out.height / f
    // 1. Block averages of the coverage (in 0...1).
    var grid = [Float](repeating: 0, count: gw * gh)
    let src = bytes
    let inv = 1 / Float(255 * f * f)
    src.withUnsafeBufferPointer { s in
      grid.withUnsafeMutableBufferPointer { g in
        let dx = bounds.x - out.x
        for y in 0..<bounds.height {
          let gy = (y + bounds.y - out.y) / f
          let row = s.baseAddress! + y * bounds.width
          let grow = g.baseAddress! + gy * gw
          // Walk the row block by block (no division per pixel).
          var x = 0
          var cell = dx / f
          var end = min(bounds.width, (cell + 1) * f - dx)
          while x < bounds.width {
            var sum: UInt32 = 0
            while x < end { sum &+= UInt32(row[x]); x &+= 1 }
            grow[cell] += Float(sum)
            cell += 1
            end = min(bounds.width, end + f)
          }
        }
        for i in 0..<g.count { g[i] *= inv }
      }
    }
    // 2. Separable Gaussian on the grid.
    let s2 = sigma * sigma - (f > 1 ? Double(f * f) / 12 : 0)
    let sg = s2.squareRoot() / Double(f)
    let kernel = Mask.gaussianKernel(sigma: sg, integrated: f == 1)
    grid = Mask.convolve(grid, width: gw, height: gh, kernel: kernel)
    // 3. Back to pixels: bilinear from block centres, clamped at the grid's border.
    var data = [UInt8](repeating: 0, count: out.area)
    grid.withUnsafeBufferPointer { g in
      data.withUnsafeMutableBufferPointer { d in
        if f == 1 {
          for i in 0..<d.count { d[i] = UInt8(min(max(g[i], 0), 1) * 255 + 0.5) }
          return
        }
        // Per column: the two grid columns and the weight of the second.
        var cx0 = [Int](repeating: 0, count: out.width), cx1 = cx0
        var wx = [Float](repeating: 0, count: out.width)
        for x in 0..<out.width {
          let t = (Double(x) + 0.5) / Double(f) - 0.5
          let fl = t.rounded(.down)
          cx0[x] = min(max(Int(fl), 0), gw - 1); cx1[x] = min(max(Int(fl) + 1, 0), gw - 1)
          wx[x] = Float(t - fl)
        }
        var rowBuf = [Float](repeating: 0, count: gw)
        for y in 0..<out.height {
          let t = (Double(y) + 0.5) / Double(f) - 0.5
          let fl = t.rounded(.down)
          let r0 = min(max(Int(fl), 0), gh - 1), r1 = min(max(Int(fl) + 1, 0), gh - 1)
          let wy = Float(t - fl)
          for i in 0..<gw { rowBuf[i] = g[r0 * gw + i] * (1 - wy) + g[r1 * gw + i] * wy }
          let drow = d.baseAddress! + y * out.width
          for x in 0..<out.width {
            let v = rowBuf[cx0[x]] * (1 - wx[x]) + rowBuf[cx1[x]] * wx[x]
            drow[x] = UInt8(min(max(v, 0), 1) * 255 + 0.5)
          }
        }
      }
    }
    return Mask(bounds: out, coverage: data)
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

  /// Horizontal then vertical convolution, zero outside.
  static func convolve(_ input: [Float], width w: Int, height h: Int, kernel: [Float]) -> [Float] {
    let r = kernel.count / 2
    var tmp = [Float](repeating: 0, count: w * h)
    var out = [Float](repeating: 0, count: w * h)
    input.withUnsafeBufferPointer { a in
      tmp.withUnsafeMutableBufferPointer { t in
        kernel.withUnsafeBufferPointer { k in
          for y in 0..<h {
            let row = a.baseAddress! + y * w, trow = t.baseAddress! + y * w
            for x in 0..<w {
              var s: Float = 0
              let lo = max(-r, -x), hi = min(r, w - 1 - x)
              if lo <= hi { for j in lo...hi { s += k[j + r] * row[x + j] } }
              trow[x] = s
            }
          }
        }
      }
    }
    tmp.withUnsafeBufferPointer { t in
      out.withUnsafeMutableBufferPointer { o in
        kernel.withUnsafeBufferPointer { k in
          for y in 0..<h {
            let lo = max(-r, -y), hi = min(r, h - 1 - y)
            let orow = o.baseAddress! + y * w
            if lo > hi { continue }
            for j in lo...hi {
              let kj = k[j + r]
              let srow = t.baseAddress! + (y + j) * w
              for x in 0..<w { orow[x] += kj * srow[x] }
            }
          }
        }
      }
    }
    return out
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
    let blurred = mask.offsetBy(dx: dx, dy: dy).blurred(sigma: sigma)
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
    fill(shape.blurred(sigma: sigma), color: color, opacity: opacity, clip: clip)
  }
}
