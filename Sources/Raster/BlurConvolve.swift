// Step 2 of the shadow and backdrop blurs: a separable convolution of a Float grid.

extension Mask {
  /// Horizontal then vertical convolution of a row-major `width` × `height` grid with the
  /// odd-length `kernel` (centre tap at `kernel.count / 2`), zero outside the grid.
  ///
  /// Every output is the sum, in `Float`, of tap × input for the taps that land inside the
  /// grid, added from the lowest offset up and starting from 0; eight outputs are computed
  /// at once in vector lanes, each in that order. Taps that land outside add k·0 = +0, which
  /// changes no sum (all terms are sums of non-negative products, never −0), so the
  /// horizontal pass reads a copy of each row with zeros on both sides.
  static func convolve(_ input: [Float], width w: Int, height h: Int, kernel: [Float]) -> [Float] {
    let r = kernel.count / 2, taps = kernel.count
    var tmp = [Float](repeating: 0, count: w * h)
    var out = [Float](repeating: 0, count: w * h)
    // A row with r zeros before it and r + 8 after (the last vector step may read past it).
    var padded = [Float](repeating: 0, count: w + 2 * r + 8)
    input.withUnsafeBufferPointer { a in
      tmp.withUnsafeMutableBufferPointer { t in
        kernel.withUnsafeBufferPointer { k in
          padded.withUnsafeMutableBufferPointer { pb in
            let p = pb.baseAddress!
            for y in 0..<h {
              (p + r).update(from: a.baseAddress! + y * w, count: w)
              let trow = t.baseAddress! + y * w
              var x = 0
              while x + 8 <= w {
                var s = SIMD8<Float>(repeating: 0)
                for j in 0..<taps {
                  s += SIMD8(repeating: k[j]) * UnsafeRawPointer(p + x + j).loadUnaligned(as: SIMD8<Float>.self)
                }
                UnsafeMutableRawPointer(trow + x).storeBytes(of: s, as: SIMD8<Float>.self)
                x += 8
              }
              while x < w {
                var s: Float = 0
                for j in 0..<taps { s += k[j] * p[x + j] }
                trow[x] = s
                x += 1
              }
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
            // Eight columns at a time, all the rows' terms added in registers.
            var x = 0
            while x + 8 <= w {
              var s = SIMD8<Float>(repeating: 0)
              for j in lo...hi {
                s += SIMD8(repeating: k[j + r]) * UnsafeRawPointer(t.baseAddress! + (y + j) * w + x).loadUnaligned(as: SIMD8<Float>.self)
              }
              UnsafeMutableRawPointer(orow + x).storeBytes(of: s, as: SIMD8<Float>.self)
              x += 8
            }
            while x < w {
              var s: Float = 0
              for j in lo...hi { s += k[j + r] * t[(y + j) * w + x] }
              orow[x] = s
              x += 1
            }
          }
        }
      }
    }
    return out
  }
}
