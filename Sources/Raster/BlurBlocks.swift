// Step 1 of the shadow blur (`Mask.blurred`): the mask's coverage averaged over f × f blocks.

extension Mask {
  /// The coverage bytes of `source` (its rows `bounds.width` bytes long, at `bounds` in
  /// device pixels) summed over the f × f blocks of `out` (device pixels, whole blocks,
  /// containing `bounds`) and divided by 255·f², so 1 is a fully covered block. Row-major
  /// grid of `out.width / f` × `out.height / f` cells.
  ///
  /// A block's sum is at most 255·f², which a `Float` holds exactly below 2²⁴ (f ≤ 256):
  /// there the sums are taken in integers (the same `Float` as adding the bytes one by one)
  /// and multiplied by 1/(255·f²) once. Larger blocks add each row's run in `Float`.
  static func blockAverages(_ source: UnsafeBufferPointer<UInt8>, bounds: PixelRect, out: PixelRect, f: Int) -> [Float] {
    let gw = out.width / f, gh = out.height / f
    let inv = 1 / Float(255 * f * f)
    let dx = bounds.x - out.x, dy = bounds.y - out.y
    if f > 256 { return blockAveragesInFloat(source, bounds: bounds, out: out, f: f) }
    var grid = [Float](repeating: 0, count: gw * gh)
    var columns = [UInt32](repeating: 0, count: bounds.width)
    grid.withUnsafeMutableBufferPointer { g in
      columns.withUnsafeMutableBufferPointer { cb in
        let col = cb.baseAddress!, w = bounds.width
        // Source rows dy ..< dy + height (out-relative) fall in grid rows dy/f ... .
        var y = 0
        while y < bounds.height {
          let gy = (y + dy) / f
          let end = min(bounds.height, (gy + 1) * f - dy)
          // Column sums of this block row, in integers.
          col.update(repeating: 0, count: w)
          for yy in y..<end {
            let row = source.baseAddress! + yy * w
            for x in 0..<w { col[x] &+= UInt32(row[x]) }
          }
          // Each cell's columns: out-relative [c·f, (c + 1)·f) within [dx, dx + w).
          let grow = g.baseAddress! + gy * gw
          var x = 0
          var cell = dx / f
          while x < w {
            let stop = min(w, (cell + 1) * f - dx)
            var sum: UInt32 = 0
            while x < stop { sum &+= col[x]; x &+= 1 }
            grow[cell] = Float(sum) * inv
            cell += 1
          }
          y = end
        }
      }
    }
    return grid
  }

  /// `blockAverages` for f > 256, where a block's sum may pass 2²⁴: each row's run in a
  /// block is added to the block's `Float` in row order.
  private static func blockAveragesInFloat(_ source: UnsafeBufferPointer<UInt8>, bounds: PixelRect, out: PixelRect, f: Int) -> [Float] {
    let gw = out.width / f, gh = out.height / f
    var grid = [Float](repeating: 0, count: gw * gh)
    let inv = 1 / Float(255 * f * f)
    let dx = bounds.x - out.x
    grid.withUnsafeMutableBufferPointer { g in
      for y in 0..<bounds.height {
        let gy = (y + bounds.y - out.y) / f
        let row = source.baseAddress! + y * bounds.width
        let grow = g.baseAddress! + gy * gw
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
    return grid
  }
}
