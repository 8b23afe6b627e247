#if arch(x86_64)
import CYUVKernels
#endif

/// The Y plane: `BT709.luma` per pixel, rounded half up, black (16) in the padding.
///
/// Sixteen pixels go at a time in 16-bit lanes (where x86-64's baseline multiplies in one
/// instruction; 32-bit lanes need five). Each weight is split as K = 256·Kh + Kl with Kh the
/// nearest whole multiple (BT.709: 11966 = 256·47 − 66, 40254 = 256·157 + 62,
/// 4064 = 256·16 − 32), so Kr·R + Kg·G + Kb·B = 256·H + L with H = Σ Kh·C ≤ 220·255 (unsigned)
/// and L = Σ Kl·C in −98·255...62·255 (signed): both fit 16 bits. Then
///
///     Y = 16 + ⌊(256·H + L + 2^15) / 2^16⌋ = 16 + ⌊(H + 128 + ⌊L / 256⌋) / 256⌋
///
/// whose numerator lies in 30...56289: the 32-bit result, exactly, in 16-bit lanes.
///
/// With `wide` (Raster's `wideKernels`: AVX2), the row is CYUVKernels' `yk_luma_row_avx2`
/// instead, which takes the same sum in 32-bit lanes (docs/yuv.md, "AVX2 kernels").
enum LumaRows {
  /// Row `y` of the Y plane (`pw` bytes at `out`) from the bitmap's RGBA bytes at `rgba`.
  static func convert(
    _ rgba: UnsafeRawPointer, row y: Int, width w: Int, height h: Int, into out: UnsafeMutablePointer<UInt8>,
    paddedWidth pw: Int, wide: Bool
  ) {
    let (kr, kg, kb) = BT709.luma
    let black: UInt8 = 16
    guard y < h else {
      out.update(repeating: black, count: pw)
      return
    }
    #if arch(x86_64)
    if wide {
      precondition(kr >= 0 && kb >= 0 && kr < 1 << 15 && kb < 1 << 15 && kg >= 0 && kg < 1 << 16, "luma weights out of the kernel's reach")
      yk_luma_row_avx2(rgba.assumingMemoryBound(to: UInt8.self) + 4 * y * w, w, out, Int32(kr), Int32(kg), Int32(kb))
      if pw > w { out[w] = black }
      return
    }
    #endif
    let (hr, hg, hb, lr, lg, lb) = halves
    let round = SIMD16<UInt16>(repeating: 128), base = SIMD16<UInt16>(repeating: 16)
    let src = rgba + 4 * y * w
    var x = 0
    while x + 16 <= w {
      let (r, g, b) = RGBALanes.load16(src, x)
      let r16 = SIMD16<UInt16>(truncatingIfNeeded: r), g16 = SIMD16<UInt16>(truncatingIfNeeded: g)
      let b16 = SIMD16<UInt16>(truncatingIfNeeded: b)
      let high = hr &* r16 &+ hg &* g16 &+ hb &* b16
      let low = SIMD16<Int16>(truncatingIfNeeded: lr &* r16 &+ lg &* g16 &+ lb &* b16)
      let v = base &+ ((high &+ round &+ SIMD16<UInt16>(truncatingIfNeeded: low &>> 8)) &>> 8)
      UnsafeMutableRawPointer(out + x).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: v), as: SIMD16<UInt8>.self)
      x += 16
    }
    let p = src.assumingMemoryBound(to: UInt8.self)
    let offset = (16 << BT709.lumaShift) + (1 << (BT709.lumaShift - 1))
    while x < w {
      let v = kr * Int(p[4 * x]) + kg * Int(p[4 * x + 1]) + kb * Int(p[4 * x + 2]) + offset
      out[x] = UInt8(truncatingIfNeeded: v >> BT709.lumaShift)
      x += 1
    }
    if pw > w { out[w] = black }
  }

  /// The weights' halves (Kh for R, G, B, then Kl for R, G, B) as lanes of 16-bit patterns,
  /// checked once against the bounds above.
  static let halves: (SIMD16<UInt16>, SIMD16<UInt16>, SIMD16<UInt16>, SIMD16<UInt16>, SIMD16<UInt16>, SIMD16<UInt16>) = {
    let k = [BT709.luma.r, BT709.luma.g, BT709.luma.b]
    let kh = k.map { ($0 + 128) >> 8 }, kl = zip(k, kh).map { $0 - 256 * $1 }
    let lowUp = kl.filter { $0 > 0 }.reduce(0, +), lowDown = -kl.filter { $0 < 0 }.reduce(0, +)
    precondition(BT709.lumaShift == 16 && 255 * kh.reduce(0, +) + 128 + 127 < 1 << 16
      && 255 * max(lowUp, lowDown) < 1 << 15 && (255 * lowDown + 255) / 256 <= 128, "luma weights out of 16-bit reach")
    func lanes(_ v: Int) -> SIMD16<UInt16> { SIMD16(repeating: UInt16(truncatingIfNeeded: v)) }
    return (lanes(kh[0]), lanes(kh[1]), lanes(kh[2]), lanes(kl[0]), lanes(kl[1]), lanes(kl[2]))
  }()
}
