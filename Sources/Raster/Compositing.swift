// The blend loops: Porter-Duff source-over on premultiplied RGBA8,
// D' = S·c + D·(1 − Sa·c), with S·c rounded to 8 bits first (as pixman and Skia do) and
// every division by 255 exactly rounded (see PixelMath.swift).
// All pointers address pixels (4 bytes each); callers guarantee the spans are in bounds.

/// Solid premultiplied colour `color` (packed) at constant coverage `c` over `n` pixels.
@inline(__always)
func blendSolidSpan(_ dst: UnsafeMutableRawPointer, _ n: Int, _ color: UInt32, _ c: UInt32) {
  guard n > 0, c > 0 else { return }
  let s = c == 255 ? expand(color) : mulLanes(expand(color), UInt64(c))
  let sa = UInt32(truncatingIfNeeded: s &>> 48)
  if sa == 0 && s == 0 { return }
  if sa == 255 {
    fillPixels(dst, n, pack(s))
    return
  }
  // Two pixels per 64-bit word: even bytes and odd bytes each in 16-bit lanes.
  let inv = UInt64(255 &- sa)
  let sp = UInt64(pack(s))
  let s2 = sp | (sp &<< 32)
  let sLo = s2 & laneMask, sHi = (s2 &>> 8) & laneMask
  var i = 0
  while i &+ 2 <= n {
    let d = dst.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self)
    let lo = mulLanes(d & laneMask, inv) &+ sLo
    let hi = mulLanes((d &>> 8) & laneMask, inv) &+ sHi
    dst.storeBytes(of: lo | (hi &<< 8), toByteOffset: i &* 4, as: UInt64.self)
    i &+= 2
  }
  while i < n {
    let d = dst.load(fromByteOffset: i &* 4, as: UInt32.self)
    dst.storeBytes(of: over(s, d), toByteOffset: i &* 4, as: UInt32.self)
    i &+= 1
  }
}

/// Solid premultiplied colour over `n` pixels with per-pixel coverage `cov`.
@inline(__always)
func blendSolidMasked(_ dst: UnsafeMutableRawPointer, _ cov: UnsafePointer<UInt8>, _ n: Int, _ color: UInt32) {
  let e = expand(color)
  let opaque = color >> 24 == 255
  var i = 0
  while i < n {
    let c = UInt32(cov[i])
    if c == 255 && opaque {
      // A run of full coverage: plain stores.
      var j = i &+ 1
      while j &+ 8 <= n && UnsafeRawPointer(cov + j).loadUnaligned(as: UInt64.self) == ~0 { j &+= 8 }
      while j < n && cov[j] == 255 { j &+= 1 }
      fillPixels(dst + i &* 4, j &- i, color)
      i = j
      continue
    }
    if c != 0 {
      let s = c == 255 ? e : mulLanes(e, UInt64(c))
      let d = dst.load(fromByteOffset: i &* 4, as: UInt32.self)
      dst.storeBytes(of: over(s, d), toByteOffset: i &* 4, as: UInt32.self)
    }
    i &+= 1
  }
}

/// Premultiplied source pixels `src` over `n` pixels, each scaled by coverage `cov`
/// (nil = full coverage).
@inline(__always)
func blendRow(_ dst: UnsafeMutableRawPointer, _ src: UnsafePointer<UInt32>, _ cov: UnsafePointer<UInt8>?, _ n: Int) {
  if let cov {
    for i in 0..<n {
      let c = UInt32(cov[i])
      if c == 0 { continue }
      let sp = src[i]
      if c == 255 && sp >= 0xFF00_0000 {
        dst.storeBytes(of: sp, toByteOffset: i &* 4, as: UInt32.self)
        continue
      }
      let s = c == 255 ? expand(sp) : mulLanes(expand(sp), UInt64(c))
      if s == 0 { continue }
      let d = dst.load(fromByteOffset: i &* 4, as: UInt32.self)
      dst.storeBytes(of: over(s, d), toByteOffset: i &* 4, as: UInt32.self)
    }
  } else {
    for i in 0..<n {
      let sp = src[i]
      if sp >= 0xFF00_0000 {
        dst.storeBytes(of: sp, toByteOffset: i &* 4, as: UInt32.self)
      } else if sp != 0 {
        let d = dst.load(fromByteOffset: i &* 4, as: UInt32.self)
        dst.storeBytes(of: over(expand(sp), d), toByteOffset: i &* 4, as: UInt32.self)
      }
    }
  }
}

/// Multiplies `cov` in place by `other` (exact rounding) or by a lookup table.
@inline(__always)
func multiplyCoverage(_ cov: UnsafeMutablePointer<UInt8>, _ other: UnsafePointer<UInt8>, _ n: Int) {
  for i in 0..<n {
    cov[i] = UInt8(truncatingIfNeeded: mul255(UInt32(cov[i]), UInt32(other[i])))
  }
}

@inline(__always)
func applyTable(_ cov: UnsafeMutablePointer<UInt8>, _ table: UnsafePointer<UInt8>, _ n: Int) {
  for i in 0..<n { cov[i] = table[Int(cov[i])] }
}

/// Stores `p` into `n` consecutive pixels (32 bytes per step).
@inline(__always)
func fillPixels(_ dst: UnsafeMutableRawPointer, _ n: Int, _ p: UInt32) {
  let q = UInt64(p) | UInt64(p) &<< 32
  let v = SIMD2<UInt64>(q, q)
  var i = 0
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
