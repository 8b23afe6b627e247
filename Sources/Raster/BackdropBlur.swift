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
  /// clamped coordinates: four planes (R, G, B, A) of gw × gh values in 0...255. Rows are
  /// summed in 16-bit lanes (PixelMath's R, B, G, A layout), at most 257 pixels per lane.
  static func blockAverages(_ bitmap: Bitmap, x0: Int, y0: Int, f: Int, gw: Int, gh: Int) -> [[Float]] {
    let W = bitmap.width, H = bitmap.height
    var planes = [[Float]](repeating: [Float](repeating: 0, count: gw * gh), count: 4)
    var sums = [UInt32](repeating: 0, count: gw * 4)
    let inv = 1 / Float(f * f)
    bitmap.pixels.withUnsafeBytes { raw in
      let px = raw.baseAddress!.assumingMemoryBound(to: UInt32.self)
      for gy in 0..<gh {
        for i in sums.indices { sums[i] = 0 }
        // A block row wholly beyond the top or bottom edge reads one clamped row f times.
        let first = min(max(y0 + gy * f, 0), H - 1), last = min(max(y0 + gy * f + f - 1, 0), H - 1)
        let repeats = first == last ? UInt32(f) : 1
        for dy in 0..<(first == last ? 1 : f) {
          let row = px + min(max(y0 + gy * f + dy, 0), H - 1) * W
          for gx in 0..<gw {
            let start = x0 + gx * f
            var lanes: UInt64 = 0, total = SIMD4<UInt32>.zero
            if f <= 257 && (start + f <= 0 || start >= W) {
              // A block wholly beyond the left or right edge: f copies of the edge pixel.
              lanes = expand(row[start >= W ? W - 1 : 0]) &* UInt64(f)
            } else {
              var count = 0
              let inside = start >= 0 && start + f <= W
              for k in 0..<f {
                lanes &+= expand(inside ? row[start + k] : row[min(max(start + k, 0), W - 1)])
                count &+= 1
                if count == 257 { BackdropBlur.add(lanes, to: &total); lanes = 0; count = 0 }
              }
            }
            BackdropBlur.add(lanes, to: &total)
            total &*= repeats
            sums[gx * 4] &+= total[0]; sums[gx * 4 + 1] &+= total[1]
            sums[gx * 4 + 2] &+= total[2]; sums[gx * 4 + 3] &+= total[3]
          }
        }
        for gx in 0..<gw {
          for c in 0..<4 { planes[c][gy * gw + gx] = Float(sums[gx * 4 + c]) * inv }
        }
      }
    }
    return planes
  }

  /// Adds 16-bit lanes (R, B, G, A) to (R, G, B, A) totals.
  @inline(__always)
  static func add(_ lanes: UInt64, to t: inout SIMD4<UInt32>) {
    t &+= SIMD4(UInt32(lanes & 0xFFFF), UInt32((lanes >> 32) & 0xFFFF), UInt32((lanes >> 16) & 0xFFFF), UInt32(lanes >> 48))
  }

  /// Bytes held (for cache accounting).
  var bytes: Int { grid.count * 16 + c0.count * 16 + wx.count * 4 }

  /// Applies `transform` to every grid value (an affine map such as a colour matrix and a
  /// tint commutes with the bilinear interpolation, so this equals mapping every pixel,
  /// except that a clamp inside `transform` acts at the grid points).
  mutating func map(_ transform: (SIMD4<Float>) -> SIMD4<Float>) {
    for i in grid.indices { grid[i] = transform(grid[i]) }
  }

  /// The blurred pixels of row `y` (in device pixels, inside `region`), columns
  /// `region.x ..< region.maxX`, interpolated bilinearly from the block centres: the two
  /// grid rows are interpolated first (into `line`, gw values), then each pixel between
  /// two of those.
  func row(_ y: Int, into out: inout [SIMD4<Float>], line: inout [SIMD4<Float>]) {
    let n = region.width
    grid.withUnsafeBufferPointer { g in
      if f == 1 {
        let base = (y - origin.y) * gw
        for i in 0..<n { out[i] = g[base + c0[i]] }
        return
      }
      let ty = (Float(y - origin.y) + 0.5) / Float(f) - 0.5
      let fy = ty.rounded(.down)
      let r0 = min(max(Int(fy), 0), gh - 1) * gw, r1 = min(max(Int(fy) + 1, 0), gh - 1) * gw
      let wy = ty - fy
      for j in 0..<gw { line[j] = g[r0 + j] * (1 - wy) + g[r1 + j] * wy }
      for i in 0..<n {
        let w = wx[i]
        out[i] = line[c0[i]] * (1 - w) + line[c1[i]] * w
      }
    }
  }
}
