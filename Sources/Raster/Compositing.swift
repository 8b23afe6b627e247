// The blend loops: Porter-Duff source-over on premultiplied RGBA8,
// D' = S·c + D·(1 − Sa·c), with S·c rounded to 8 bits first (as pixman and Skia do) and
// every division by 255 exactly rounded (see PixelMath.swift).
// All pointers address pixels (4 bytes each); callers guarantee the spans are in bounds.

#if arch(x86_64)
import CPixelKernels
#endif

/// Solid premultiplied colour `color` (packed) at constant coverage `c` over `n` pixels;
/// `wide`: through the AVX2 kernel where it runs (WideKernels.swift).
@inline(__always)
func blendSolidSpan(_ dst: UnsafeMutableRawPointer, _ n: Int, _ color: UInt32, _ c: UInt32, wide: Bool = wideKernels) {
  guard n > 0, c > 0 else { return }
  let s = c == 255 ? expand(color) : mulLanes(expand(color), UInt64(c))
  let sa = UInt32(truncatingIfNeeded: s &>> 48)
  if sa == 0 && s == 0 { return }
  if sa == 255 {
    fillPixels(dst, n, pack(s))
    return
  }
  #if arch(x86_64)
  if wide && n >= 8 {
    pk_solid_over_avx2(dst.assumingMemoryBound(to: UInt8.self), n, pack(s), 255 &- sa)
    return
  }
  #endif
  // Four pixels per step: even bytes and odd bytes each in 16-bit lanes (as `over4`).
  let sp = UInt64(pack(s))
  let s2 = sp | (sp &<< 32)
  let sv = unsafeBitCast(SIMD2<UInt64>(s2, s2), to: SIMD8<UInt16>.self)
  let low = SIMD8<UInt16>(repeating: 0x00FF)
  let se = sv & low, so = sv &>> 8
  let inv = SIMD8<UInt16>(repeating: UInt16(255 &- sa))
  var i = 0
  // Eight pixels a step (two vectors), then four.
  while i &+ 8 <= n {
    let d0 = dst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    let d1 = dst.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD8<UInt16>.self)
    let even0 = se &+ mul255(d0 & low, inv), odd0 = so &+ mul255(d0 &>> 8, inv)
    let even1 = se &+ mul255(d1 & low, inv), odd1 = so &+ mul255(d1 &>> 8, inv)
    dst.storeBytes(of: even0 | (odd0 &<< 8), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    dst.storeBytes(of: even1 | (odd1 &<< 8), toByteOffset: i &* 4 &+ 16, as: SIMD8<UInt16>.self)
    i &+= 8
  }
  while i &+ 4 <= n {
    let d = dst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    let even = se &+ mul255(d & low, inv)
    let odd = so &+ mul255(d &>> 8, inv)
    dst.storeBytes(of: even | (odd &<< 8), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    i &+= 4
  }
  while i < n {
    let d = dst.load(fromByteOffset: i &* 4, as: UInt32.self)
    dst.storeBytes(of: over(s, d), toByteOffset: i &* 4, as: UInt32.self)
    i &+= 1
  }
}

/// Solid premultiplied colour over `n` pixels with per-pixel coverage `cov`: runs of full
/// coverage of an opaque colour become plain stores, the rest goes eight pixels at a time.
@inline(__always)
func blendSolidMasked(_ dst: UnsafeMutableRawPointer, _ cov: UnsafePointer<UInt8>, _ n: Int, _ color: UInt32) {
  let e = expand(color)
  let opaque = color >> 24 == 255
  let q = UInt64(color) | UInt64(color) &<< 32
  let sv = unsafeBitCast(SIMD2<UInt64>(q, q), to: SIMD8<UInt16>.self)
  let low = SIMD8<UInt16>(repeating: 0x00FF)
  let se = sv & low, so = sv &>> 8
  // Eight pixels a step (`blendSolidEights`), then four.
  var i = blendSolidEights(dst, cov, n, color)
  while i &+ 4 <= n {
    let c4 = UnsafeRawPointer(cov + i).loadUnaligned(as: UInt32.self)
    if c4 == 0 { i &+= 4; continue }
    if c4 == ~0 && opaque {
      var j = i &+ 4
      while j &+ 8 <= n && UnsafeRawPointer(cov + j).loadUnaligned(as: UInt64.self) == ~0 { j &+= 8 }
      while j &+ 4 <= n && UnsafeRawPointer(cov + j).loadUnaligned(as: UInt32.self) == ~0 { j &+= 4 }
      fillPixels(dst + i &* 4, j &- i, color)
      i = j
      continue
    }
    let d = dst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    let r: SIMD8<UInt16>
    if c4 == ~0 {
      r = over4(se, so, d)
    } else {
      let c = coverageLanes(c4)
      r = over4(mul255(se, c), mul255(so, c), d)
    }
    dst.storeBytes(of: r, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    i &+= 4
  }
  while i < n {
    let c = UInt32(cov[i])
    if c != 0 {
      let s = c == 255 ? e : mulLanes(e, UInt64(c))
      let d = dst.load(fromByteOffset: i &* 4, as: UInt32.self)
      dst.storeBytes(of: over(s, d), toByteOffset: i &* 4, as: UInt32.self)
    }
    i &+= 1
  }
}

/// round(x·c / 255) per 16-bit lane (x, c <= 255): with t = x·c + 128 (at most 65,153, so
/// it fits in 16 bits), the scalar `mul255`'s (t + (t >> 8)) >> 8, computed as the high half
/// of t·257, ⌊(256t + t) / 65,536⌋ (one `pmulhuw`). The two are equal: with t = 256q + r,
/// (t + ⌊t/256⌋)/256 and (t + t/256)/256 differ by r/65,536 < 1/256, and the first is a
/// multiple of 1/256, so no integer lies between them (`PixelMathTests` checks every x, c).
/// Written per lane so that the optimizer forms the vector multiply: a widening to 32-bit
/// lanes with `SIMD8<UInt32>(truncatingIfNeeded:)` is not inlined under -Ounchecked -wmo
/// and cost release builds a call per step.
@inline(__always)
func mul255(_ x: SIMD8<UInt16>, _ c: SIMD8<UInt16>) -> SIMD8<UInt16> {
  let t = x &* c &+ 128
  var r = SIMD8<UInt16>()
  for i in 0..<8 { r[i] = UInt16(truncatingIfNeeded: (UInt32(t[i]) &* 257) &>> 16) }
  return r
}

/// True when the four pixels of `v` (two 64-bit halves) all have alpha 255 (scalar tests:
/// `==` on a `SIMD2<UInt64>` compiles to a loop over its lanes through the stack).
@inline(__always)
func allOpaque(_ v: SIMD2<UInt64>) -> Bool {
  v[0] & v[1] & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000
}

/// True when the four pixels of `v` are all zero bytes.
@inline(__always)
func allClear(_ v: SIMD2<UInt64>) -> Bool {
  v[0] | v[1] == 0
}

/// Source-over of four premultiplied source pixels (already scaled by coverage) in even
/// (R, B) and odd (G, A) byte lanes onto four destination pixels.
@inline(__always)
func over4(_ se: SIMD8<UInt16>, _ so: SIMD8<UInt16>, _ d: SIMD8<UInt16>) -> SIMD8<UInt16> {
  let low = SIMD8<UInt16>(repeating: 0x00FF)
  // Each pixel's alpha (odd lane 2k+1) copied to both of its lanes.
  let v = unsafeBitCast(so, to: SIMD4<UInt32>.self)
  let alpha = unsafeBitCast((v &>> 16) | (v & SIMD4<UInt32>(repeating: 0xFFFF_0000)), to: SIMD8<UInt16>.self)
  let inv = SIMD8<UInt16>(repeating: 255) &- alpha
  let even = se &+ mul255(d & low, inv)
  let odd = so &+ mul255(d &>> 8, inv)
  return even | (odd &<< 8)
}

/// Four coverage bytes as 16-bit lanes, each repeated for its pixel's two lanes.
@inline(__always)
func coverageLanes(_ c4: UInt32) -> SIMD8<UInt16> {
  let x = UInt64(c4)
  let lo = ((x & 0xFF) | ((x & 0xFF00) &<< 24)) &* 0x10001
  let hi = (((x &>> 16) & 0xFF) | ((x & 0xFF00_0000) &<< 8)) &* 0x10001
  return unsafeBitCast(SIMD2<UInt64>(lo, hi), to: SIMD8<UInt16>.self)
}

/// Premultiplied source pixels `src` over `n` pixels, each scaled by coverage `cov`
/// (nil = the same coverage `uniform`, 0...255, for every pixel). Four pixels per step in
/// SSE2 lanes; the same arithmetic as `over` (exactly rounded products), so results do not
/// depend on the path taken. Fully transparent source pixels leave the destination as is.
@inline(__always)
func blendRow(
  _ dst: UnsafeMutableRawPointer, _ src: UnsafePointer<UInt32>, _ cov: UnsafePointer<UInt8>?, _ n: Int,
  uniform: UInt32 = 255
) {
  guard let cov else {
    blendRowUniform(dst, src, n, uniform)
    return
  }
  let s = UnsafeRawPointer(src)
  let low = SIMD8<UInt16>(repeating: 0x00FF)
  var i = 0
  while i &+ 4 <= n {
    let sv = s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    let c4 = UnsafeRawPointer(cov + i).loadUnaligned(as: UInt32.self)
    if c4 == 0 { i &+= 4; continue }
    let s64 = unsafeBitCast(sv, to: SIMD2<UInt64>.self)
    if allClear(s64) { i &+= 4; continue }
    if allOpaque(s64) {
      if c4 == ~0 {
        dst.storeBytes(of: sv, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
        i &+= 4
        continue
      }
    }
    var se = sv & low, so = sv &>> 8
    if c4 != ~0 {
      let c = coverageLanes(c4)
      se = mul255(se, c); so = mul255(so, c)
    }
    let d = dst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    dst.storeBytes(of: over4(se, so, d), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
    i &+= 4
  }
  while i < n {
    let c = UInt32(cov[i])
    let sp = src[i]
    if c != 0 {
      let e = c == 255 ? expand(sp) : mulLanes(expand(sp), UInt64(c))
      let d = dst.load(fromByteOffset: i &* 4, as: UInt32.self)
      dst.storeBytes(of: over(e, d), toByteOffset: i &* 4, as: UInt32.self)
    }
    i &+= 1
  }
}

/// `blendRow` at one coverage `u` (0...255) for every pixel: four opaque source pixels are
/// stored (u = 255) or mixed with the destination as S·u + D·(255 − u) (their alpha after
/// scaling is u, so the destination's factor is the constant 255 − u, what `over4` would
/// extract); four transparent ones are skipped; any other four go through `over4`.
@inline(__always)
func blendRowUniform(_ dst: UnsafeMutableRawPointer, _ src: UnsafePointer<UInt32>, _ n: Int, _ u: UInt32) {
  guard u > 0 else { return }
  let s = UnsafeRawPointer(src)
  let low = SIMD8<UInt16>(repeating: 0x00FF)
  let uLanes = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: u))
  let uInv = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 255 &- u))
  var i = 0
  if u == 255 {
    while i &+ 4 <= n {
      let sv = s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      let s64 = unsafeBitCast(sv, to: SIMD2<UInt64>.self)
      if allOpaque(s64) {
        dst.storeBytes(of: sv, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      } else if !allClear(s64) {
        let d = dst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
        dst.storeBytes(of: over4(sv & low, sv &>> 8, d), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      }
      i &+= 4
    }
  } else {
    while i &+ 4 <= n {
      let sv = s.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      let s64 = unsafeBitCast(sv, to: SIMD2<UInt64>.self)
      let d = dst.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      if allOpaque(s64) {
        let even = mul255(sv & low, uLanes) &+ mul255(d & low, uInv)
        let odd = mul255(sv &>> 8, uLanes) &+ mul255(d &>> 8, uInv)
        dst.storeBytes(of: even | (odd &<< 8), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      } else if !allClear(s64) {
        let r = over4(mul255(sv & low, uLanes), mul255(sv &>> 8, uLanes), d)
        dst.storeBytes(of: r, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      }
      i &+= 4
    }
  }
  while i < n {
    let e = u == 255 ? expand(src[i]) : mulLanes(expand(src[i]), UInt64(u))
    let d = dst.load(fromByteOffset: i &* 4, as: UInt32.self)
    dst.storeBytes(of: over(e, d), toByteOffset: i &* 4, as: UInt32.self)
    i &+= 1
  }
}

/// Multiplies `cov` in place by `other` (exact rounding) or by a lookup table.
@inline(__always)
func multiplyCoverage(_ cov: UnsafeMutablePointer<UInt8>, _ other: UnsafePointer<UInt8>, _ n: Int) {
  for i in 0..<n {
    cov[i] = UInt8(truncatingIfNeeded: mul255(UInt32(cov[i]), UInt32(other[i])))
  }
}

/// Divides `cov` in place by `other` (round(cov·255/other), at most 255; 0 where other is
/// 0): coverage within a group clip.
@inline(__always)
func divideCoverage(_ cov: UnsafeMutablePointer<UInt8>, _ other: UnsafePointer<UInt8>, _ n: Int) {
  for i in 0..<n {
    let d = UInt32(other[i])
    if d == 255 { continue }
    cov[i] = d == 0 ? 0 : UInt8(truncatingIfNeeded: min(255, (UInt32(cov[i]) * 255 + d / 2) / d))
  }
}

@inline(__always)
func applyTable(_ cov: UnsafeMutablePointer<UInt8>, _ table: UnsafePointer<UInt8>, _ n: Int) {
  for i in 0..<n { cov[i] = table[Int(cov[i])] }
}

/// Stores `p` into `n` consecutive pixels (64 bytes per step).
@inline(__always)
func fillPixels(_ dst: UnsafeMutableRawPointer, _ n: Int, _ p: UInt32, wide: Bool = wideKernels) {
  #if arch(x86_64)
  if wide && n >= 32 {
    pk_fill_avx2(dst.assumingMemoryBound(to: UInt8.self), n, p)
    return
  }
  #endif
  let q = UInt64(p) | UInt64(p) &<< 32
  let v = SIMD2<UInt64>(q, q)
  var i = 0
  while i &+ 16 <= n {
    dst.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD2<UInt64>.self)
    dst.storeBytes(of: v, toByteOffset: i &* 4 &+ 16, as: SIMD2<UInt64>.self)
    dst.storeBytes(of: v, toByteOffset: i &* 4 &+ 32, as: SIMD2<UInt64>.self)
    dst.storeBytes(of: v, toByteOffset: i &* 4 &+ 48, as: SIMD2<UInt64>.self)
    i &+= 16
  }
  while i &+ 8 <= n {
    dst.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD2<UInt64>.self)
    dst.storeBytes(of: v, toByteOffset: i &* 4 &+ 16, as: SIMD2<UInt64>.self)
    i &+= 8
  }
  while i < n {
    dst.storeBytes(of: p, toByteOffset: i &* 4, as: UInt32.self)
    i &+= 1
  }
}

/// Whether all `n` coverage bytes at `cov` are 255, sixteen a step.
@inline(__always)
func allFull(_ cov: UnsafePointer<UInt8>, _ n: Int) -> Bool {
  let raw = UnsafeRawPointer(cov)
  var i = 0
  var acc = SIMD2<UInt64>(repeating: ~0)
  while i &+ 16 <= n {
    acc &= raw.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self)
    i &+= 16
  }
  if acc != SIMD2<UInt64>(repeating: ~0) { return false }
  while i < n {
    if cov[i] != 255 { return false }
    i &+= 1
  }
  return true
}

/// The columns `lo ..< hi` from the first to the last full (255) coverage byte of `cov`,
/// when every byte between them is 255 too (a row of a convex shape: partial pixels only
/// at its ends); nil otherwise. Eight bytes per step.
@inline(__always)
func fullRun(_ cov: UnsafePointer<UInt8>, _ n: Int) -> (Int, Int)? {
  var lo = 0
  while lo < n && cov[lo] != 255 { lo &+= 1 }
  if lo == n { return nil }
  var hi = n
  while cov[hi &- 1] != 255 { hi &-= 1 }
  var i = lo
  let raw = UnsafeRawPointer(cov)
  while i &+ 8 <= hi {
    if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) != ~0 { return nil }
    i &+= 8
  }
  while i < hi {
    if cov[i] != 255 { return nil }
    i &+= 1
  }
  return (lo, hi)
}
