// Step 3 of the shadow blur (`Mask.blurred`): the blurred block grid back to coverage bytes.

extension Mask {
  /// Coverage bytes of the pixels `region` (device pixels, inside `out`) interpolated
  /// bilinearly from `grid` (`out.width / f` × `out.height / f` cells, row-major, values in
  /// 0...1 for coverage 0...255; cell (i, j) is the f × f block at out-relative pixels
  /// f·i ..< f·(i + 1), f·j ..< f·(j + 1), its value taken at the block's centre), clamped at
  /// the grid's border. A pixel's byte is ⌊clamp(v, 0, 1)·255 + 0.5⌋ with, in `Float`,
  /// `v = R[c0]·(1 − wx) + R[c1]·wx` and `R[c] = grid[r0][c]·(1 − wy) + grid[r1][c]·wy`,
  /// the two cells and weights around the pixel centre in each axis.
  ///
  /// Pixels whose two cells `R[c0]`, `R[c1]` are both below 2⁻¹⁰ are 0 and both at least
  /// 1 − 2⁻¹⁰ are 255, without the arithmetic: v is a weighted mean of the two computed with
  /// three roundings (relative error under 2⁻²²), so v·255 + 0.5 stays inside [0, 0.75) or
  /// [255.25, 255.5]. Other pixels are computed eight at a time in vector lanes, each lane
  /// with the same operations as one pixel (`BlurExactnessTests` holds them to a per-pixel
  /// implementation).
  static func upsample(_ grid: [Float], f: Int, out: PixelRect, region: PixelRect) -> [UInt8] {
    let gw = out.width / f, gh = out.height / f
    let rw = region.width, rx = region.x - out.x, ry = region.y - out.y
    if region.isEmpty { return [] }
    if f == 1 { return bytes(grid, width: gw, region: PixelRect(x: rx, y: ry, width: rw, height: region.height)) }
    var data = [UInt8](repeating: 0, count: region.area)
    // Per column of the region: the two grid columns, weights (1 − wx) and wx; eight
    // more zero weights for the last vector step.
    var c0 = [Int](repeating: 0, count: rw), c1 = c0
    var w0 = [Float](repeating: 0, count: rw + 8), w1 = w0
    for i in 0..<rw {
      let t = (Double(rx + i) + 0.5) / Double(f) - 0.5
      let fl = t.rounded(.down)
      c0[i] = min(max(Int(fl), 0), gw - 1); c1[i] = min(max(Int(fl) + 1, 0), gw - 1)
      let wx = Float(t - fl)
      w0[i] = 1 - wx; w1[i] = wx
    }
    // Runs of columns with the same two grid columns: (first column, end, c0, c1).
    var runs: [(Int, Int, Int, Int)] = []
    var start = 0
    for i in 1...rw where i == rw || c0[i] != c0[start] || c1[i] != c1[start] {
      runs.append((start, i, c0[start], c1[start]))
      start = i
    }
    let low: Float = 1.0 / 1024, high: Float = 1 - 1.0 / 1024
    var rowBuf = [Float](repeating: 0, count: gw)
    // One output row, and per column the row's two interpolated cells R[c0], R[c1] (room
    // for a vector step to run over the end in each).
    var line = [UInt8](repeating: 0, count: rw + 8)
    var left = [Float](repeating: 0, count: rw + 8), right = left
    grid.withUnsafeBufferPointer { g in
      data.withUnsafeMutableBufferPointer { d in
        rowBuf.withUnsafeMutableBufferPointer { rb in
          line.withUnsafeMutableBufferPointer { lb in
            left.withUnsafeMutableBufferPointer { lfb in
              right.withUnsafeMutableBufferPointer { rtb in
                w0.withUnsafeBufferPointer { w0b in
                  w1.withUnsafeBufferPointer { w1b in
                    let ln = lb.baseAddress!, pa = lfb.baseAddress!, pb = rtb.baseAddress!
                    let pw0 = w0b.baseAddress!, pw1 = w1b.baseAddress!
                    // Columns from ..< to of the line, eight at a time (may store up to
                    // seven bytes past `to`).
                    func compute(_ from: Int, _ to: Int) {
                      var x = from
                      while x < to {
                        let va = UnsafeRawPointer(pa + x).loadUnaligned(as: SIMD8<Float>.self)
                        let vb = UnsafeRawPointer(pb + x).loadUnaligned(as: SIMD8<Float>.self)
                        let p0 = UnsafeRawPointer(pw0 + x).loadUnaligned(as: SIMD8<Float>.self)
                        let p1 = UnsafeRawPointer(pw1 + x).loadUnaligned(as: SIMD8<Float>.self)
                        var v = va * p0 + vb * p1
                        v = v.replacing(with: 0, where: v .< 0).replacing(with: 1, where: v .> 1)
                        ln.storeTruncated(v * 255 + 0.5, at: x)
                        x += 8
                      }
                    }
                    for y in 0..<region.height {
                      let t = (Double(ry + y) + 0.5) / Double(f) - 0.5
                      let fl = t.rounded(.down)
                      let r0 = min(max(Int(fl), 0), gh - 1), r1 = min(max(Int(fl) + 1, 0), gh - 1)
                      let wy = Float(t - fl)
                      let g0 = g.baseAddress! + r0 * gw, g1 = g.baseAddress! + r1 * gw
                      var any = false
                      for i in 0..<gw {
                        let v = g0[i] * (1 - wy) + g1[i] * wy
                        rb[i] = v
                        any = any || v >= low
                      }
                      if !any { continue }  // every byte of the row is 0, as `data` holds
                      // Runs left to right. A run to compute spreads its two cells over its
                      // columns; consecutive ones are computed together when a run of 0s or
                      // 255s (or the row's end) follows. Every eight-wide store that runs past
                      // its run is overwritten by what comes after it.
                      var pending = -1
                      for (a0, a1, k0, k1) in runs {
                        let a = rb[k0], b = rb[k1]
                        let zero = a < low && b < low, full = a >= high && b >= high
                        if !zero && !full {
                          if pending < 0 { pending = a0 }
                          let va = SIMD8<Float>(repeating: a), vb = SIMD8<Float>(repeating: b)
                          var x = a0
                          while x < a1 {
                            UnsafeMutableRawPointer(pa + x).storeBytes(of: va, as: SIMD8<Float>.self)
                            UnsafeMutableRawPointer(pb + x).storeBytes(of: vb, as: SIMD8<Float>.self)
                            x += 8
                          }
                          continue
                        }
                        if pending >= 0 { compute(pending, a0); pending = -1 }
                        let byte = SIMD8<UInt8>(repeating: zero ? 0 : 255)
                        var x = a0
                        while x < a1 { ln.storeBytes(byte, at: x); x += 8 }
                      }
                      if pending >= 0 { compute(pending, rw) }
                      (d.baseAddress! + y * rw).update(from: ln, count: rw)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return data
  }
}

extension Mask {
  /// The bytes ⌊clamp(v, 0, 1)·255 + 0.5⌋ of the cells `region` of a row-major grid
  /// `width` cells wide (the blur with f = 1, whose grid cells are the pixels).
  private static func bytes(_ grid: [Float], width gw: Int, region: PixelRect) -> [UInt8] {
    var data = [UInt8](repeating: 0, count: region.area)
    grid.withUnsafeBufferPointer { g in
      data.withUnsafeMutableBufferPointer { d in
        for y in 0..<region.height {
          let src = g.baseAddress! + (region.y + y) * gw + region.x
          let dst = d.baseAddress! + y * region.width
          var x = 0
          while x + 8 <= region.width {
            var v = UnsafeRawPointer(src + x).loadUnaligned(as: SIMD8<Float>.self)
            v = v.replacing(with: 0, where: v .< 0).replacing(with: 1, where: v .> 1)
            dst.storeTruncated(v * 255 + 0.5, at: x)
            x += 8
          }
          while x < region.width {
            dst[x] = UInt8(min(max(src[x], 0), 1) * 255 + 0.5)
            x += 1
          }
        }
      }
    }
    return data
  }
}

extension UnsafeMutablePointer<UInt8> {
  /// Stores eight bytes at `self + offset` (no alignment needed).
  @inline(__always)
  fileprivate func storeBytes(_ v: SIMD8<UInt8>, at offset: Int) {
    UnsafeMutableRawPointer(self + offset).storeBytes(of: v, as: SIMD8<UInt8>.self)
  }

  /// Stores ⌊v⌋ of eight values in 0 ..< 256 at `self + offset`, as `UInt8(v)` does one
  /// by one. (Written per lane: the optimizer makes it one truncating conversion and two
  /// packs, where `SIMD8<Int32>(_:rounding:)` is a generic call per step.)
  @inline(__always)
  fileprivate func storeTruncated(_ v: SIMD8<Float>, at offset: Int) {
    for i in 0..<8 { self[offset + i] = UInt8(truncatingIfNeeded: Int32(v[i])) }
  }
}
