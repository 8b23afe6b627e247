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
struct BackdropBlur: Sendable {
  let region: PixelRect
  /// Block size in pixels (1: the grid is the pixels themselves).
  let f: Int
  /// The block grid's origin in device pixels and its size in blocks.
  let origin: (x: Int, y: Int)
  let gw: Int, gh: Int
  /// Blurred block values, row-major.
  private(set) var grid: [SIMD4<Float>]
  /// Per output column: the two grid columns it interpolates and the second one's weight.
  let c0: [Int], c1: [Int], wx: [Float]

  /// How far beyond the region the blur reads, in pixels (at most: the padding plus the
  /// last block's rounding).
  static func reach(sigma: Double) -> Int {
    let sigma = sigma.isFinite ? max(sigma, 0) : 0
    let f = sigma < 3 ? 1 : Int(sigma / 3)
    return Int((3 * sigma).rounded(.up)) + 2 * f
  }

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
    let planes = BackdropBlur.blockAverages(bitmap, x0: x0, y0: y0, f: f, gw: gw, gh: gh)
    // The separable Gaussian on the grid (Blur.swift's kernel and convolution).
    var blurred = planes
    if sigma > 0.05 {
      let s2 = sigma * sigma - (f > 1 ? Double(f * f) / 12 : 0)
      let kernel = Mask.gaussianKernel(sigma: s2.squareRoot() / Double(f), integrated: f == 1)
      for c in 0..<4 { blurred[c] = Mask.convolve(planes[c], width: gw, height: gh, kernel: kernel) }
    }
    var grid = [SIMD4<Float>](repeating: .zero, count: gw * gh)
    for i in grid.indices { grid[i] = SIMD4(blurred[0][i], blurred[1][i], blurred[2][i], blurred[3][i]) }
    self.grid = grid
    // Column weights, the same for every row.
    let n = region.width
    var c0 = [Int](repeating: 0, count: n), c1 = c0
    var wx = [Float](repeating: 0, count: n)
    let ff = Float(f)
    for i in 0..<n {
      if f == 1 {
        c0[i] = region.x + i - x0; c1[i] = c0[i]
        continue
      }
      let tx = (Float(region.x + i - x0) + 0.5) / ff - 0.5
      let fx = tx.rounded(.down)
      c0[i] = min(max(Int(fx), 0), gw - 1); c1[i] = min(max(Int(fx) + 1, 0), gw - 1)
      wx[i] = tx - fx
    }
    self.c0 = c0; self.c1 = c1; self.wx = wx
  }

  /// Averages of f × f blocks of the bitmap's four channels, blocks from (x0, y0), reading
  /// clamped coordinates: four planes (R, G, B, A) of gw × gh values in 0...255. Per block
  /// row, the f clamped rows are first summed per column (byte lanes widened to 32 bits, a
  /// loop the compiler vectorizes), then each block sums f clamped columns of those: the same
  /// integer sums as adding the f × f pixels one by one.
  static func blockAverages(_ bitmap: Bitmap, x0: Int, y0: Int, f: Int, gw: Int, gh: Int) -> [[Float]] {
    let W = bitmap.width, H = bitmap.height
    var planes = [[Float]](repeating: [Float](repeating: 0, count: gw * gh), count: 4)
    var columns = [UInt32](repeating: 0, count: W * 4)
    let inv = 1 / Float(f * f)
    bitmap.pixels.withUnsafeBytes { raw in
      let px = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
      columns.withUnsafeMutableBufferPointer { cb in
        let col = cb.baseAddress!, n = W * 4
        for gy in 0..<gh {
          col.update(repeating: 0, count: n)
          // A block row wholly beyond the top or bottom edge: f times one clamped row.
          let first = min(max(y0 + gy * f, 0), H - 1), last = min(max(y0 + gy * f + f - 1, 0), H - 1)
          if first == last {
            let row = px + first * n, k = UInt32(f)
            for i in 0..<n { col[i] = UInt32(row[i]) &* k }
          } else {
            for dy in 0..<f {
              let row = px + min(max(y0 + gy * f + dy, 0), H - 1) * n
              for i in 0..<n { col[i] &+= UInt32(row[i]) }
            }
          }
          for gx in 0..<gw {
            let start = x0 + gx * f
            var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
            if start >= 0 && start + f <= W {
              var p = col + start * 4
              for _ in 0..<f {
                r &+= p[0]; g &+= p[1]; b &+= p[2]; a &+= p[3]
                p += 4
              }
            } else {
              for k in 0..<f {
                let p = col + min(max(start + k, 0), W - 1) * 4
                r &+= p[0]; g &+= p[1]; b &+= p[2]; a &+= p[3]
              }
            }
            let at = gy * gw + gx
            planes[0][at] = Float(r) * inv; planes[1][at] = Float(g) * inv
            planes[2][at] = Float(b) * inv; planes[3][at] = Float(a) * inv
          }
        }
      }
    }
    return planes
  }

  /// Bytes held (for cache accounting).
  var bytes: Int { grid.count * 16 + c0.count * 16 + wx.count * 4 }

  /// Applies `transform` to every grid value (an affine map such as a colour matrix and a
  /// tint commutes with the bilinear interpolation, so this equals mapping every pixel,
  /// except that a clamp inside `transform` acts at the grid points).
  mutating func map(_ transform: (SIMD4<Float>) -> SIMD4<Float>) {
    for i in grid.indices { grid[i] = transform(grid[i]) }
  }

  /// Calls `body` with each blurred pixel of row `y` (in device pixels, inside `region`),
  /// columns `region.x ..< region.maxX` (offsets from `region.x`), interpolated bilinearly
  /// from the block centres: the two grid rows are interpolated first (into `line`, gw
  /// values), then each pixel between two of those.
  @inline(__always)
  func forEachPixel(ofRow y: Int, line: inout [SIMD4<Float>], _ body: (Int, SIMD4<Float>) -> Void) {
    let n = region.width
    grid.withUnsafeBufferPointer { g in
      if f == 1 {
        let base = (y - origin.y) * gw
        for i in 0..<n { body(i, g[base + c0[i]]) }
        return
      }
      let ty = (Float(y - origin.y) + 0.5) / Float(f) - 0.5
      let fy = ty.rounded(.down)
      let r0 = min(max(Int(fy), 0), gh - 1) * gw, r1 = min(max(Int(fy) + 1, 0), gh - 1) * gw
      let wy = ty - fy
      for j in 0..<gw { line[j] = g[r0 + j] * (1 - wy) + g[r1 + j] * wy }
      line.withUnsafeBufferPointer { l in
        c0.withUnsafeBufferPointer { c0 in
          c1.withUnsafeBufferPointer { c1 in
            wx.withUnsafeBufferPointer { wx in
              for i in 0..<n {
                let w = wx[i]
                body(i, l[c0[i]] * (1 - w) + l[c1[i]] * w)
              }
            }
          }
        }
      }
    }
  }
}
