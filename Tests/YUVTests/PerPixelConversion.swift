import Raster
import YUV

/// The conversion as it was written first, one pixel at a time in `Int` (64-bit) arithmetic:
/// the reference the vectorised `YUV420Frame(converting:)` must equal byte for byte
/// (`VectorisedConversionTests`). Same rules, see `YUV420Frame(converting:)`.
enum PerPixelConversion {
  static func planes(_ bitmap: Bitmap) -> [UInt8] {
    let w = bitmap.width, h = bitmap.height
    let (pw, ph) = YUV420Frame.paddedSize(width: w, height: h)
    let cw = pw / 2, ch = ph / 2
    var planes = [UInt8](repeating: 0, count: YUV420Frame.byteCount(width: pw, height: ph))
    bitmap.pixels.withUnsafeBufferPointer { src in
      planes.withUnsafeMutableBufferPointer { dst in
        convertLuma(src, w, h, into: dst, pw, ph)
        convertChroma(src, w, h, into: dst, pw, ph, cw, ch)
      }
    }
    return planes
  }

  static func convertLuma(
    _ src: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, into dst: UnsafeMutableBufferPointer<UInt8>, _ pw: Int, _ ph: Int
  ) {
    let (kr, kg, kb) = BT709.luma
    let offset = (16 << BT709.lumaShift) + (1 << (BT709.lumaShift - 1))
    let black = UInt8(16)
    for y in 0..<ph {
      let row = y * pw
      guard y < h else {
        for x in 0..<pw { dst[row + x] = black }
        continue
      }
      var s = 4 * y * w
      for x in 0..<w {
        let v = kr * Int(src[s]) + kg * Int(src[s + 1]) + kb * Int(src[s + 2]) + offset
        dst[row + x] = UInt8(truncatingIfNeeded: v >> BT709.lumaShift)
        s += 4
      }
      if pw > w { dst[row + w] = black }
    }
  }

  /// Chroma rows are computed into a ring of 8 (the filter's reach), so the extra memory is
  /// 8 rows of half width whatever the frame's height.
  static func convertChroma(
    _ src: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, into dst: UnsafeMutableBufferPointer<UInt8>,
    _ pw: Int, _ ph: Int, _ cw: Int, _ ch: Int
  ) {
    let (br, bg, bb) = BT709.cb
    let (rr, rg, rb) = BT709.cr
    var cbRing = [Int32](repeating: 0, count: 8 * cw)
    var crRing = [Int32](repeating: 0, count: 8 * cw)
    let taps = ChromaFilter.taps
    let shift = BT709.chromaShift + ChromaFilter.shift
    let half = 1 << (shift - 1)
    let cbBase = pw * ph, crBase = pw * ph + cw * ch
    var computed = -1  // the last input row in the ring
    cbRing.withUnsafeMutableBufferPointer { cbR in
      crRing.withUnsafeMutableBufferPointer { crR in
        func computeRow(_ r: Int) {
          let slot = (r & 7) * cw
          guard r < h else {  // the padding row: black, zero colour difference
            for x in 0..<cw { cbR[slot + x] = 0; crR[slot + x] = 0 }
            return
          }
          let s0 = 4 * r * w
          for x in 0..<cw {
            let a = s0 + 8 * x
            var sr = Int(src[a]), sg = Int(src[a + 1]), sb = Int(src[a + 2])
            if 2 * x + 1 < w { sr += Int(src[a + 4]); sg += Int(src[a + 5]); sb += Int(src[a + 6]) }
            cbR[slot + x] = Int32(truncatingIfNeeded: br * sr + bg * sg + bb * sb)
            crR[slot + x] = Int32(truncatingIfNeeded: rr * sr + rg * sg + rb * sb)
          }
        }
        var slots = [Int](repeating: 0, count: 8)
        for j in 0..<ch {
          let last = min(ph - 1, 2 * j + 4)
          while computed < last {
            computed += 1
            computeRow(computed)
          }
          for k in 0..<8 { slots[k] = (min(max(2 * j - 3 + k, 0), ph - 1) & 7) * cw }
          let outRow = j * cw
          for x in 0..<cw {
            var cb = half, cr = half
            for k in 0..<8 {
              cb += taps[k] * Int(cbR[slots[k] + x])
              cr += taps[k] * Int(crR[slots[k] + x])
            }
            dst[cbBase + outRow + x] = UInt8(min(max(128 + (cb >> shift), 0), 255))
            dst[crBase + outRow + x] = UInt8(min(max(128 + (cr >> shift), 0), 255))
          }
        }
      }
    }
  }
}
