// The Gaussian blur of a bitmap region for backdrop materials: Blur.swift's method (block
// averages, a separable Gaussian on the block grid, bilinear back to pixels) on the four
// premultiplied channels, reading outside the bitmap as the nearest edge pixel.
//
// The input reaches ⌈3σ⌉ + f pixels beyond the region on each side (f is the block size),
// so every output pixel sees its whole truncated kernel. Beyond the bitmap's edges the
// input repeats the edge pixels (clamp-to-edge), as UIKit's backdrop does at the screen's
// edge: a bar over white stays white up to the top of the screen instead of fading to the
// transparent black beyond it.

/// The blurred, premultiplied channels (0...255 as `Float`) of one region of a bitmap.
struct BackdropBlur {
  let region: PixelRect
  /// Block size in pixels (1: the grid is the pixels themselves).
  let f: Int
  /// The block grid's origin in device pixels and its size in blocks.
  let origin: (x: Int, y: Int)
  let gw: Int, gh: Int
  /// Blurred block values, row-major.
  let grid: [SIMD4<Float>]

  init(_ bitmap: Bitmap, region: PixelRect, sigma: Double) {
    self.region = region
    let sigma = sigma.isFinite ? max(sigma, 0) : 0
    let f = sigma < 3 ? 1 : Int(sigma / 3)
    let pad = Int((3 * sigma).rounded(.up)) + f
    let x0 = region.x - pad, y0 = region.y - pad
    let gw = (region.width + 2 * pad + f - 1) / f, gh = (region.height + 2 * pad + f - 1) / f
    self.f = f
    self.origin = (x0, y0)
    self.gw = gw
    self.gh = gh
    // 1. Block sums of each channel, reading clamped coordinates.
    let W = bitmap.width, H = bitmap.height
    let columns = (0..<(gw * f)).map { min(max(x0 + $0, 0), W - 1) * 4 }
    var planes = [[Float]](repeating: [Float](repeating: 0, count: gw * gh), count: 4)
    var sums = [UInt32](repeating: 0, count: gw * 4)
    bitmap.pixels.withUnsafeBufferPointer { p in
      for gy in 0..<gh {
        for i in sums.indices { sums[i] = 0 }
        for dy in 0..<f {
          let sy = min(max(y0 + gy * f + dy, 0), H - 1)
          let row = p.baseAddress! + sy * W * 4
          var x = 0
          for gx in 0..<gw {
            var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
            for _ in 0..<f {
              let q = row + columns[x]
              r &+= UInt32(q[0]); g &+= UInt32(q[1]); b &+= UInt32(q[2]); a &+= UInt32(q[3])
              x &+= 1
            }
            sums[gx * 4] &+= r; sums[gx * 4 + 1] &+= g; sums[gx * 4 + 2] &+= b; sums[gx * 4 + 3] &+= a
          }
        }
        let inv = 1 / Float(f * f)
        for gx in 0..<gw {
          for c in 0..<4 { planes[c][gy * gw + gx] = Float(sums[gx * 4 + c]) * inv }
        }
      }
    }
    // 2. The separable Gaussian on the grid (Blur.swift's kernel and convolution).
    if sigma > 0.05 {
      let s2 = sigma * sigma - (f > 1 ? Double(f * f) / 12 : 0)
      let kernel = Mask.gaussianKernel(sigma: s2.squareRoot() / Double(f), integrated: f == 1)
      for c in 0..<4 { planes[c] = Mask.convolve(planes[c], width: gw, height: gh, kernel: kernel) }
    }
    var grid = [SIMD4<Float>](repeating: .zero, count: gw * gh)
    for i in grid.indices { grid[i] = SIMD4(planes[0][i], planes[1][i], planes[2][i], planes[3][i]) }
    self.grid = grid
  }

  /// The blurred pixels of row `y` (in device pixels, inside `region`), columns
  /// `region.x ..< region.maxX`, interpolated bilinearly from the block centres.
  func row(_ y: Int, into out: inout [SIMD4<Float>]) {
    let n = region.width
    if f == 1 {
      let base = (y - origin.y) * gw + (region.x - origin.x)
      for i in 0..<n { out[i] = grid[base + i] }
      return
    }
    let ff = Float(f)
    let ty = (Float(y - origin.y) + 0.5) / ff - 0.5
    let fy = ty.rounded(.down)
    let r0 = min(max(Int(fy), 0), gh - 1), r1 = min(max(Int(fy) + 1, 0), gh - 1)
    let wy = ty - fy
    for i in 0..<n {
      let tx = (Float(region.x + i - origin.x) + 0.5) / ff - 0.5
      let fx = tx.rounded(.down)
      let c0 = min(max(Int(fx), 0), gw - 1), c1 = min(max(Int(fx) + 1, 0), gw - 1)
      let wx = tx - fx
      let top = grid[r0 * gw + c0] * (1 - wx) + grid[r0 * gw + c1] * wx
      let bottom = grid[r1 * gw + c0] * (1 - wx) + grid[r1 * gw + c1] * wx
      out[i] = top * (1 - wy) + bottom * wy
    }
  }
}
