#if arch(x86_64)
import CYUVKernels
#endif

/// The Cb and Cr planes: `BT709.cb`/`BT709.cr` on the R, G, B sums of each horizontal pixel
/// pair (computed once per input row into a ring of 8 rows, the filter's reach, so the extra
/// memory is 8 half-width rows whatever the height), then `ChromaFilter.taps` down the rows,
/// rounded half up and clamped to 0...255.
///
/// The pair step runs in `Float` lanes, exact because its products and sums are integers under
/// 2^24 (|c| ≤ (824 + 2774 + 3598) · 510 < 2^22). The filter runs eight samples at a time in
/// 32-bit lanes. The taps are symmetric, so it sums the four pairs d = c(k) + c(7 − k)
/// (|d| < 2^22) first; Σ t·d needs 34 bits, so it is taken exactly in two 32-bit halves,
/// d = 2^12 · hi + lo with lo in 0...4095:
///
///     ⌊(Σ t·d + 2^25) / 2^26⌋ = ⌊(Σ t·hi + 2^13 + ⌊Σ t·lo / 2^12⌋) / 2^14⌋
///
/// (|Σ t·hi| ≤ 2510 · 2^10, |Σ t·lo| ≤ 2510 · 4095: both fit), which is the 64-bit result.
///
/// With `wide` (Raster's `wideKernels`: AVX2), both steps are CYUVKernels' loops instead
/// (`yk_chroma_differences_avx2`, `yk_chroma_filter_avx2`: 16-bit multiply-adds, and the filter
/// in 64-bit lanes), which give the same integers (docs/yuv.md, "AVX2 kernels").
enum ChromaRows {
  static let split = 12

  /// Writes all three planes to `out`; each input row's luma is converted as the row enters
  /// the ring, while its bytes are in cache. With `reusing` (the planes of a conversion of
  /// another bitmap, and which input rows differ from it), an unchanged row's luma and a
  /// chroma row whose eight input rows are unchanged are copied from those planes, and only
  /// the rows the other chroma rows read enter the ring.
  static func convert(
    _ rgba: UnsafeRawPointer, width w: Int, height h: Int, into out: UnsafeMutablePointer<UInt8>,
    paddedWidth pw: Int, paddedHeight ph: Int, reusing: (planes: UnsafePointer<UInt8>, changed: [Bool])? = nil,
    wide: Bool
  ) {
    let cw = pw / 2, ch = ph / 2
    let lumaOut = out, cbOut = out + pw * ph, crOut = cbOut + cw * ch
    let cbRing = UnsafeMutablePointer<Int32>.allocate(capacity: 8 * cw)
    let crRing = UnsafeMutablePointer<Int32>.allocate(capacity: 8 * cw)
    defer { cbRing.deallocate(); crRing.deallocate() }
    func window(_ j: Int) -> [Int] { (0..<8).map { k in min(max(2 * j - 3 + k, 0), ph - 1) } }
    // Which chroma rows are filtered again, and which input rows they read.
    var filtered = [Bool](repeating: true, count: ch)
    var needed = [Bool](repeating: true, count: ph)
    if let reusing {
      needed = [Bool](repeating: false, count: ph)
      for j in 0..<ch {
        let rows = window(j)
        filtered[j] = rows.contains { reusing.changed[$0] }
        if filtered[j] { for r in rows { needed[r] = true } }
      }
    }
    var computed = -1  // the last input row in the ring
    for j in 0..<ch {
      let last = min(ph - 1, 2 * j + 4)
      while computed < last {
        computed += 1
        let slot = (computed & 7) * cw
        if let reusing, !reusing.changed[computed] {
          (lumaOut + computed * pw).update(from: reusing.planes + computed * pw, count: pw)
        } else {
          LumaRows.convert(rgba, row: computed, width: w, height: h, into: lumaOut + computed * pw, paddedWidth: pw, wide: wide)
        }
        if needed[computed] {
          differences(rgba, row: computed, width: w, height: h, cb: cbRing + slot, cr: crRing + slot, count: cw, wide: wide)
        }
      }
      if let reusing, !filtered[j] {
        (cbOut + j * cw).update(from: reusing.planes + pw * ph + j * cw, count: cw)
        (crOut + j * cw).update(from: reusing.planes + pw * ph + cw * ch + j * cw, count: cw)
        continue
      }
      let rows = window(j).map { ($0 & 7) * cw }
      filter(cbRing, crRing, rows: rows, cb: cbOut + j * cw, cr: crOut + j * cw, count: cw, wide: wide)
    }
  }

  #if arch(x86_64)
  /// `BT709.cb` and `BT709.cr` for `yk_chroma_differences_avx2`, which needs them within ±2^15.
  static let kernelWeights: ([Int32], [Int32]) = {
    let cb = [BT709.cb.r, BT709.cb.g, BT709.cb.b], cr = [BT709.cr.r, BT709.cr.g, BT709.cr.b]
    precondition((cb + cr).allSatisfy { abs($0) < 1 << 15 }, "chroma weights out of 16-bit reach")
    return (cb.map { Int32($0) }, cr.map { Int32($0) })
  }()

  /// The first four of `ChromaFilter.taps` (the rest mirror them) for `yk_chroma_filter_avx2`,
  /// which needs them within ±2^15.
  static let kernelTaps: [Int32] = {
    let taps = ChromaFilter.taps[0..<4]
    precondition(taps.allSatisfy { abs($0) < 1 << 15 }, "taps out of 16-bit reach")
    return taps.map { Int32($0) }
  }()
  #endif

  /// The colour differences of input row `r`'s `count` pixel pairs (zero in the padding row).
  static func differences(
    _ rgba: UnsafeRawPointer, row r: Int, width w: Int, height h: Int,
    cb: UnsafeMutablePointer<Int32>, cr: UnsafeMutablePointer<Int32>, count cw: Int, wide: Bool
  ) {
    guard r < h else {
      cb.update(repeating: 0, count: cw)
      cr.update(repeating: 0, count: cw)
      return
    }
    let (br, bg, bb) = BT709.cb
    let (rr, rg, rb) = BT709.cr
    #if arch(x86_64)
    if wide {
      let (cbw, crw) = kernelWeights
      yk_chroma_differences_avx2(rgba.assumingMemoryBound(to: UInt8.self) + 4 * r * w, w, cw, cbw, crw, cb, cr)
      return
    }
    #endif
    let vbr = SIMD8<Float>(repeating: Float(br)), vbg = SIMD8<Float>(repeating: Float(bg)), vbb = SIMD8<Float>(repeating: Float(bb))
    let vrr = SIMD8<Float>(repeating: Float(rr)), vrg = SIMD8<Float>(repeating: Float(rg)), vrb = SIMD8<Float>(repeating: Float(rb))
    let src = rgba + 4 * r * w
    var x = 0
    while 2 * x + 16 <= w {
      let (pr, pg, pb) = RGBALanes.pairSums8(src, 2 * x)
      let sr = RGBALanes.float(pr), sg = RGBALanes.float(pg), sb = RGBALanes.float(pb)
      let b = RGBALanes.int(vbr * sr + vbg * sg + vbb * sb)
      let r = RGBALanes.int(vrr * sr + vrg * sg + vrb * sb)
      UnsafeMutableRawPointer(cb + x).storeBytes(of: b, as: SIMD8<Int32>.self)
      UnsafeMutableRawPointer(cr + x).storeBytes(of: r, as: SIMD8<Int32>.self)
      x += 8
    }
    let p = src.assumingMemoryBound(to: UInt8.self)
    while x < cw {
      let a = 8 * x
      var sr = Int(p[a]), sg = Int(p[a + 1]), sb = Int(p[a + 2])
      if 2 * x + 1 < w { sr += Int(p[a + 4]); sg += Int(p[a + 5]); sb += Int(p[a + 6]) }
      cb[x] = Int32(truncatingIfNeeded: br * sr + bg * sg + bb * sb)
      cr[x] = Int32(truncatingIfNeeded: rr * sr + rg * sg + rb * sb)
      x += 1
    }
  }

  /// One output row of both planes from the eight ring rows at offsets `rows` (for input rows
  /// 2j − 3 ... 2j + 4).
  static func filter(
    _ cbRing: UnsafeMutablePointer<Int32>, _ crRing: UnsafeMutablePointer<Int32>, rows: [Int],
    cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, count cw: Int, wide: Bool
  ) {
    let taps = ChromaFilter.taps
    let shift = BT709.chromaShift + ChromaFilter.shift
    precondition(shift > split + 1 && (0..<4).allSatisfy { taps[$0] == taps[7 - $0] }, "the taps are symmetric")
    #if arch(x86_64)
    if wide {
      withUnsafeTemporaryAllocation(of: UnsafePointer<Int32>?.self, capacity: 16) { pointers in
        for k in 0..<8 {
          pointers[k] = UnsafePointer(cbRing + rows[k])
          pointers[8 + k] = UnsafePointer(crRing + rows[k])
        }
        let p = pointers.baseAddress!
        yk_chroma_filter_avx2(p, p + 8, kernelTaps, Int32(shift), cw, cb, cr)
      }
      return
    }
    #endif
    let t0 = SIMD8<Int32>(repeating: Int32(taps[0])), t1 = SIMD8<Int32>(repeating: Int32(taps[1]))
    let t2 = SIMD8<Int32>(repeating: Int32(taps[2])), t3 = SIMD8<Int32>(repeating: Int32(taps[3]))
    let low = SIMD8<Int32>(repeating: Int32((1 << split) - 1))
    let hiHalf = SIMD8<Int32>(repeating: Int32(1 << (shift - 1 - split)))
    let vSplit = SIMD8<Int32>(repeating: Int32(split)), vRest = SIMD8<Int32>(repeating: Int32(shift - split))
    let mid = SIMD8<Int32>(repeating: 128), zero = SIMD8<Int32>(repeating: 0), top = SIMD8<Int32>(repeating: 255)

    @inline(__always) func sample(_ ring: UnsafeMutablePointer<Int32>, _ x: Int) -> SIMD8<UInt8> {
      @inline(__always) func at(_ k: Int) -> SIMD8<Int32> {
        UnsafeRawPointer(ring + rows[k] + x).loadUnaligned(as: SIMD8<Int32>.self)
      }
      let d0 = at(0) &+ at(7), d1 = at(1) &+ at(6), d2 = at(2) &+ at(5), d3 = at(3) &+ at(4)
      let hi = t0 &* (d0 &>> vSplit) &+ t1 &* (d1 &>> vSplit) &+ t2 &* (d2 &>> vSplit) &+ t3 &* (d3 &>> vSplit)
      let lo = t0 &* (d0 & low) &+ t1 &* (d1 & low) &+ t2 &* (d2 & low) &+ t3 &* (d3 & low)
      let v = mid &+ ((hi &+ hiHalf &+ (lo &>> vSplit)) &>> vRest)
      return SIMD8<UInt8>(truncatingIfNeeded: v.clamped(lowerBound: zero, upperBound: top))
    }

    var x = 0
    while x + 8 <= cw {
      UnsafeMutableRawPointer(cb + x).storeBytes(of: sample(cbRing, x), as: SIMD8<UInt8>.self)
      UnsafeMutableRawPointer(cr + x).storeBytes(of: sample(crRing, x), as: SIMD8<UInt8>.self)
      x += 8
    }
    let half = 1 << (shift - 1)
    while x < cw {
      var b = half, r = half
      for k in 0..<8 {
        b += taps[k] * Int(cbRing[rows[k] + x])
        r += taps[k] * Int(crRing[rows[k] + x])
      }
      cb[x] = UInt8(min(max(128 + (b >> shift), 0), 255))
      cr[x] = UInt8(min(max(128 + (r >> shift), 0), 255))
      x += 1
    }
  }
}
