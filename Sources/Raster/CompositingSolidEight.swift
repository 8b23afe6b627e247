// Eight pixels a step of a solid colour through per-pixel coverage (`blendSolidMasked`).

/// A premultiplied colour's four channels, each in all eight 16-bit lanes.
struct SolidLanes {
  let r, g, b, a: SIMD8<UInt16>

  init(_ color: UInt32) {
    r = SIMD8(repeating: UInt16(truncatingIfNeeded: color & 0xFF))
    g = SIMD8(repeating: UInt16(truncatingIfNeeded: (color &>> 8) & 0xFF))
    b = SIMD8(repeating: UInt16(truncatingIfNeeded: (color &>> 16) & 0xFF))
    a = SIMD8(repeating: UInt16(truncatingIfNeeded: color &>> 24))
  }
}

/// `blendSolidMasked`'s pixels 0 ..< 8·⌊n/8⌋, eight a step: eight zero coverages are
/// skipped, runs of 255 of an opaque colour stored, the rest blended by `blendSolidEight`
/// (with S·c taken as 0 for a colour whose R, G and B are 0, a shadow's black, since
/// round(0·c/255) = 0). Returns the number of pixels done.
@inline(__always)
func blendSolidEights(_ dst: UnsafeMutableRawPointer, _ cov: UnsafePointer<UInt8>, _ n: Int, _ color: UInt32) -> Int {
  let lanes = SolidLanes(color)
  let opaque = color >> 24 == 255
  @inline(__always)
  func run(black: Bool) -> Int {
    var i = 0
    while i &+ 8 <= n {
      let c8 = UnsafeRawPointer(cov + i).loadUnaligned(as: UInt64.self)
      if c8 == 0 { i &+= 8; continue }
      if c8 == ~0 && opaque {
        var j = i &+ 8
        while j &+ 8 <= n && UnsafeRawPointer(cov + j).loadUnaligned(as: UInt64.self) == ~0 { j &+= 8 }
        fillPixels(dst + i &* 4, j &- i, color)
        i = j
        continue
      }
      blendSolidEight(dst + i &* 4, cov + i, lanes, black: black)
      i &+= 8
    }
    return i
  }
  return color & 0x00FF_FFFF == 0 ? run(black: true) : run(black: false)
}

/// Source-over of the solid colour `s` at the coverages `cov[0 ..< 8]` onto the eight
/// pixels at `dst`: per channel S·c + D·(255 − Sa·c), each product exactly rounded
/// (`mul255`), the arithmetic of `over4` after `coverageLanes` (and of the scalar `over`),
/// with the coverages in one vector: S·c and 255 − Sa·c are computed once per pixel in
/// eight lanes and then spread to the pixels' even (R, B) and odd (G, A) byte lanes.
/// Coverage 0 leaves the pixel as it is (D·255/255), coverage 255 gives S + D·(255 − Sa).
@inline(__always)
func blendSolidEight(_ dst: UnsafeMutableRawPointer, _ cov: UnsafePointer<UInt8>, _ s: SolidLanes, black: Bool = false) {
  let low = SIMD8<UInt16>(repeating: 0x00FF)
  let c = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(cov).loadUnaligned(as: SIMD8<UInt8>.self))
  let a = mul255(s.a, c)
  let inv = SIMD8<UInt16>(repeating: 255) &- a
  let r = black ? .zero : mul255(s.r, c), g = black ? .zero : mul255(s.g, c), b = black ? .zero : mul255(s.b, c)
  let d0 = dst.loadUnaligned(as: SIMD8<UInt16>.self)
  let d1 = dst.loadUnaligned(fromByteOffset: 16, as: SIMD8<UInt16>.self)
  let i0 = zipLow(inv, inv), i1 = zipHigh(inv, inv)
  let even0 = zipLow(r, b) &+ mul255(d0 & low, i0), odd0 = zipLow(g, a) &+ mul255(d0 &>> 8, i0)
  let even1 = zipHigh(r, b) &+ mul255(d1 & low, i1), odd1 = zipHigh(g, a) &+ mul255(d1 &>> 8, i1)
  dst.storeBytes(of: even0 | (odd0 &<< 8), as: SIMD8<UInt16>.self)
  dst.storeBytes(of: even1 | (odd1 &<< 8), toByteOffset: 16, as: SIMD8<UInt16>.self)
}

/// Lanes 0...3 of `a` and `b` interleaved: a0, b0, a1, b1, … (one `punpcklwd`).
@inline(__always)
func zipLow(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
  SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
}

/// Lanes 4...7 of `a` and `b` interleaved: a4, b4, a5, b5, … (one `punpckhwd`).
@inline(__always)
func zipHigh(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
  SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
}
