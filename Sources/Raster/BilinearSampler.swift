import Geometry
#if arch(x86_64)
import CPixelKernels
#endif

// Bilinear sampling as FRAME.md specifies it: device pixel (X, Y) samples the image at
// inverse(X + ½, Y + ½) − ½ in texel-index space, interpolating the four texels around
// that point with clamp-to-edge on the whole image. Weights are 8-bit fixed point
// (1/256 steps); every channel is rounded once per interpolation step.

/// Position and weight along one axis: texels i0 and i1 (already clamped) mixed with
/// weight `f` / 256 on i1.
@usableFromInline
struct AxisSample {
  var i0: Int32, i1: Int32, f: UInt32
}

@inline(__always)
func axisSample(_ t: Double, _ n: Int) -> AxisSample {
  var fl = t.rounded(.down)
  var f = Int(((t - fl) * 256).rounded(.toNearestOrAwayFromZero))
  if f == 256 { fl += 1; f = 0 }
  let lim = Double(n - 1)
  let i0 = Int32(min(max(fl, 0), lim)), i1 = Int32(min(max(fl + 1, 0), lim))
  return AxisSample(i0: i0, i1: i1, f: i0 == i1 ? 0 : UInt32(f))
}

/// Mixes two packed premultiplied pixels: (p·(256 − f) + q·f + 128) >> 8 per channel.
@inline(__always)
func lerpPixel(_ p: UInt32, _ q: UInt32, _ f: UInt64) -> UInt32 {
  let e = (expand(p) &* (256 &- f) &+ expand(q) &* f &+ laneHalf) &>> 8
  return pack(e & laneMask)
}

/// Mixes two byte rows, sixteen bytes per step: out = (a·(256 − f) + b·f + 128) >> 8.
/// The bytes are split into even and odd 16-bit lanes by masking and shifting (no
/// widening conversions), so the loop is plain SSE2 multiplies and adds.
@inline(__always)
func lerpBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, _ count: Int, _ f: UInt32, wide: Bool = wideKernels) {
  #if arch(x86_64)
  if wide && count >= 32 {
    pk_lerp_bytes_avx2(a.assumingMemoryBound(to: UInt8.self), b.assumingMemoryBound(to: UInt8.self),
                       out.assumingMemoryBound(to: UInt8.self), count, f)
    return
  }
  #endif
  let wb = SIMD8<UInt16>(repeating: UInt16(f)), wa = SIMD8<UInt16>(repeating: UInt16(256 &- f))
  let low = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 0x0080)
  var i = 0
  while i &+ 16 <= count {
    let x = a.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt16>.self)
    let y = b.loadUnaligned(fromByteOffset: i, as: SIMD8<UInt16>.self)
    let even = ((x & low) &* wa &+ (y & low) &* wb &+ half) &>> 8
    let odd = ((x &>> 8) &* wa &+ (y &>> 8) &* wb &+ half) & ~low
    out.storeBytes(of: even | odd, toByteOffset: i, as: SIMD8<UInt16>.self)
    i &+= 16
  }
  while i < count {
    let x = UInt32(a.load(fromByteOffset: i, as: UInt8.self)), y = UInt32(b.load(fromByteOffset: i, as: UInt8.self))
    out.storeBytes(of: UInt8(truncatingIfNeeded: (x &* (256 &- f) &+ y &* f &+ 128) &>> 8), toByteOffset: i, as: UInt8.self)
    i &+= 1
  }
}

/// Samples one image (one mipmap level) for a span of device pixels. Owns its scratch
/// buffers; the source pointer must stay valid while it is used.
final class BilinearSampler {
  let src: UnsafeRawPointer
  let width: Int, height: Int
  /// Device pixels → texel coordinates of this image.
  let inverse: AffineTransform
  let region: PixelRect
  let axisAligned: Bool
  /// Axis-aligned case, per device column: the byte offset of its left texel from
  /// `colLo` (the right one follows it, or has weight 0 where clamped), and the weights
  /// as four 16-bit lanes (256 − f, 256 − f, f, f).
  private var off0: UnsafeMutablePointer<Int32>
  private var weight: UnsafeMutablePointer<UInt64>
  /// The same weights per device column as two 16-bit lanes each: `lowWeight` (the
  /// lower-addressed texel's, twice) and `highWeight` (the other's), for four pixels a step.
  private var lowWeight: UnsafeMutablePointer<UInt32>
  private var highWeight: UnsafeMutablePointer<UInt32>
  /// Per group of four device columns from the first: 1 when their left texels are four
  /// neighbours (the pairs are two overlapping 16-byte runs), else 0.
  private var contiguous: UnsafeMutablePointer<UInt8>
  /// Axis-aligned with every device column on one texel (weight 0 on its neighbour, texels
  /// in order, none clamped): 1:1 columns, where a row is its vertical mix as it is.
  private var copiesColumns = false
  /// Where the AVX2 kernel mixes the columns (`wideKernels`, and in every group of eight
  /// columns each half's left texels lie within eight texels of the half's first): per
  /// column, its left texel's place in its half's window (0...7). Nil otherwise.
  private var windowLane: UnsafeMutablePointer<Int32>?
  private var colLo = 0, colHi = 0
  private var vertical: UnsafeMutableRawPointer

  /// Whether rows go through the AVX2 kernels (WideKernels.swift).
  let wide: Bool

  init(src: UnsafeRawPointer, width: Int, height: Int, inverse: AffineTransform, region: PixelRect, wide: Bool = wideKernels) {
    self.src = src; self.width = width; self.height = height; self.wide = wide
    self.inverse = inverse; self.region = region
    axisAligned = inverse.b == 0 && inverse.c == 0
    let n = max(region.width, 1)
    off0 = .allocate(capacity: n + 1); weight = .allocate(capacity: n + 1)
    lowWeight = .allocate(capacity: n + 1); highWeight = .allocate(capacity: n + 1)
    contiguous = .allocate(capacity: n / 4 + 1)
    contiguous.initialize(repeating: 0, count: n / 4 + 1)
    if axisAligned && region.width > 0 {
      let cols = (region.x..<region.maxX).map {
        axisSample(inverse.a * (Double($0) + 0.5) + inverse.tx - 0.5, width)
      }
      colLo = Int(cols.map { min($0.i0, $0.i1) }.min()!)
      colHi = Int(cols.map { max($0.i0, $0.i1) }.max()!)
      var copies = true
      for (i, c) in cols.enumerated() {
        if c.f != 0 || Int(c.i0) != colLo + i { copies = false }
        off0[i] = (min(c.i0, c.i1) - Int32(colLo)) * 4
        let f = UInt64(c.f), g = 256 - f
        weight[i] = c.i0 <= c.i1 ? (g | g << 16 | f << 32 | f << 48) : (f | f << 16 | g << 32 | g << 48)
        let (lo, hi) = c.i0 <= c.i1 ? (g, f) : (f, g)
        lowWeight[i] = UInt32(lo | lo << 16); highWeight[i] = UInt32(hi | hi << 16)
      }
      copiesColumns = copies
      if wide && !copies { windowLane = Self.windowLanes(off0, region.width) }
      // The portable column loop's groups (not read where the AVX2 kernel mixes the columns).
      for g in 0..<(region.width / 4) where windowLane == nil {
        let o = off0 + 4 * g
        contiguous[g] = o[1] - o[0] == 4 && o[2] - o[1] == 4 && o[3] - o[2] == 4 ? 1 : 0
      }
    }
    // Room past the texel span for the 8-byte pair loads and the AVX2 kernel's 32-byte
    // window loads (at most 36 bytes past the last texel's offset), zeroed once.
    let bytes = (colHi - colLo + 1) * 4 + 48
    vertical = .allocate(byteCount: bytes, alignment: 16)
    vertical.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
  }

  /// The AVX2 kernel's lanes for columns at left-texel byte offsets `off[0 ..< n]`, or nil
  /// when a half-group's texels do not fit its eight-texel window.
  private static func windowLanes(_ off: UnsafeMutablePointer<Int32>, _ n: Int) -> UnsafeMutablePointer<Int32>? {
    let lanes = UnsafeMutablePointer<Int32>.allocate(capacity: max(n, 1))
    for i in 0..<n {
      let lane = (off[i] - off[i - i % 4]) / 4
      guard (0...7).contains(lane) else { lanes.deallocate(); return nil }
      lanes[i] = lane
    }
    return lanes
  }

  deinit {
    off0.deallocate(); weight.deallocate(); vertical.deallocate(); windowLane?.deallocate()
    lowWeight.deallocate(); highWeight.deallocate(); contiguous.deallocate()
  }

  /// Writes `region.width` packed pixels for device row `y` to `out`.
  func sampleRow(_ y: Int, into out: UnsafeMutableRawPointer) {
    if axisAligned { sampleAxisAligned(y, out) } else { sampleAffine(y, out) }
  }

  private func sampleAxisAligned(_ y: Int, _ out: UnsafeMutableRawPointer) {
    let v = axisSample(inverse.d * (Double(y) + 0.5) + inverse.ty - 0.5, height)
    let rowBytes = width &* 4
    let span = (colHi &- colLo &+ 1) &* 4
    let r0 = src + Int(v.i0) &* rowBytes + colLo &* 4
    if copiesColumns {
      // 1:1 columns: (t·256 + 128) >> 8 = t, so the row is the vertical mix (or a copy).
      if v.f == 0 {
        out.copyMemory(from: r0, byteCount: region.width &* 4)
      } else {
        lerpBytes(r0, src + Int(v.i1) &* rowBytes + colLo &* 4, out, region.width &* 4, v.f, wide: wide)
      }
      return
    }
    if v.f == 0 {
      // Copied so that the 8-byte texel-pair loads below never read past the image.
      vertical.copyMemory(from: r0, byteCount: span)
    } else {
      lerpBytes(r0, src + Int(v.i1) &* rowBytes + colLo &* 4, vertical, span, v.f, wide: wide)
    }
    vertical.storeBytes(of: 0, toByteOffset: span, as: UInt64.self)
    let row = UnsafeRawPointer(vertical)
    let n = region.width
    #if arch(x86_64)
    if let lanes = windowLane {
      pk_mix_columns_avx2(row.assumingMemoryBound(to: UInt8.self), n, off0, lowWeight, highWeight, lanes,
                          out.assumingMemoryBound(to: UInt8.self))
      return
    }
    #endif
    let o0 = off0
    let wt = UnsafeRawPointer(weight)
    // Four pixels per step: each loads its texel pair as 8 bytes; the pairs are split into
    // the lower texels L and the upper texels U (one shuffle each), whose even and odd bytes
    // in 16-bit lanes are mixed as L·(256 − f) + U·f + 128, then >> 8.
    let wl = UnsafeRawPointer(lowWeight), wh = UnsafeRawPointer(highWeight)
    let low = SIMD8<UInt16>(repeating: 0x00FF), half16 = SIMD8<UInt16>(repeating: 0x0080)
    var i = 0
    // Where the four left texels are neighbours (most groups at scales near 1), L and U are
    // two overlapping 16-byte loads instead.
    let adjacent = contiguous
    while i &+ 4 <= n {
      let l: SIMD8<UInt16>, u: SIMD8<UInt16>
      if adjacent[i &>> 2] != 0 {
        let o = Int(o0[i])
        l = row.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self)
        u = row.loadUnaligned(fromByteOffset: o &+ 4, as: SIMD8<UInt16>.self)
      } else {
        let a = SIMD2<UInt64>(row.loadUnaligned(fromByteOffset: Int(o0[i]), as: UInt64.self),
                              row.loadUnaligned(fromByteOffset: Int(o0[i &+ 1]), as: UInt64.self))
        let b = SIMD2<UInt64>(row.loadUnaligned(fromByteOffset: Int(o0[i &+ 2]), as: UInt64.self),
                              row.loadUnaligned(fromByteOffset: Int(o0[i &+ 3]), as: UInt64.self))
        let pairs = SIMD8<UInt32>(lowHalf: unsafeBitCast(a, to: SIMD4<UInt32>.self), highHalf: unsafeBitCast(b, to: SIMD4<UInt32>.self))
        l = unsafeBitCast(pairs.evenHalf, to: SIMD8<UInt16>.self)
        u = unsafeBitCast(pairs.oddHalf, to: SIMD8<UInt16>.self)
      }
      let gw = wl.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      let fw = wh.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      let even = ((l & low) &* gw &+ (u & low) &* fw &+ half16) &>> 8
      let odd = ((l &>> 8) &* gw &+ (u &>> 8) &* fw &+ half16) & ~low
      out.storeBytes(of: even | odd, toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
      i &+= 4
    }
    // Then two pixels per step: each loads its texel pair as 8 bytes, splits even and odd
    // bytes into 16-bit lanes, multiplies by (256 − f, 256 − f, f, f), adds the halves.
    let mask = SIMD2<UInt64>(repeating: laneMask)
    let half = SIMD2<UInt64>(repeating: 0x0080_0080), keep = SIMD2<UInt64>(repeating: 0xFF00_FF00)
    while i &+ 2 <= n {
      let xa = row.loadUnaligned(fromByteOffset: Int(o0[i]), as: UInt64.self)
      let xb = row.loadUnaligned(fromByteOffset: Int(o0[i &+ 1]), as: UInt64.self)
      let x = SIMD2<UInt64>(xa, xb)
      let w = wt.loadUnaligned(fromByteOffset: i &* 8, as: SIMD8<UInt16>.self)
      let lo = unsafeBitCast(unsafeBitCast(x & mask, to: SIMD8<UInt16>.self) &* w, to: SIMD2<UInt64>.self)
      let hi = unsafeBitCast(unsafeBitCast((x &>> 8) & mask, to: SIMD8<UInt16>.self) &* w, to: SIMD2<UInt64>.self)
      let sl = (lo &+ (lo &>> 32) &+ half) & keep
      let sh = (hi &+ (hi &>> 32) &+ half) & keep
      let px = (sl &>> 8) | sh
      out.storeBytes(of: UInt32(truncatingIfNeeded: px[0]), toByteOffset: i &* 4, as: UInt32.self)
      out.storeBytes(of: UInt32(truncatingIfNeeded: px[1]), toByteOffset: (i &+ 1) &* 4, as: UInt32.self)
      i &+= 2
    }
    if i < n {
      let x = row.loadUnaligned(fromByteOffset: Int(o0[i]), as: UInt64.self)
      let w = weight[i]
      let p = UInt32(truncatingIfNeeded: x), q = UInt32(truncatingIfNeeded: x &>> 32)
      let f = w &>> 48, g = w & 0xFFFF
      let e = (expand(p) &* g &+ expand(q) &* f &+ laneHalf) &>> 8
      out.storeBytes(of: pack(e & laneMask), toByteOffset: i &* 4, as: UInt32.self)
    }
  }

  private func sampleAffine(_ y: Int, _ out: UnsafeMutableRawPointer) {
    let one = 65536.0
    let x0 = Double(region.x) + 0.5, yc = Double(y) + 0.5
    let u0 = inverse.a * x0 + inverse.c * yc + inverse.tx - 0.5
    let v0 = inverse.b * x0 + inverse.d * yc + inverse.ty - 0.5
    // 16.16 fixed point, stepping along the row; values kept far from Int overflow.
    func fixed(_ d: Double) -> Int { Int(max(-1e9, min(1e9, d * one)).rounded(.toNearestOrAwayFromZero)) }
    var u = fixed(u0), v = fixed(v0)
    let du = fixed(inverse.a), dv = fixed(inverse.b)
    let wMax = width - 1, hMax = height - 1
    let rowBytes = width * 4
    for i in 0..<region.width {
      let iu = u >> 16, iv = v >> 16
      let fu = UInt64((u >> 8) & 0xFF), fv = UInt64((v >> 8) & 0xFF)
      let x0 = min(max(iu, 0), wMax), x1 = min(max(iu + 1, 0), wMax)
      let y0 = min(max(iv, 0), hMax), y1 = min(max(iv + 1, 0), hMax)
      let r0 = src + y0 * rowBytes, r1 = src + y1 * rowBytes
      let top = lerpPixel(r0.load(fromByteOffset: x0 * 4, as: UInt32.self), r0.load(fromByteOffset: x1 * 4, as: UInt32.self), fu)
      let bot = lerpPixel(r1.load(fromByteOffset: x0 * 4, as: UInt32.self), r1.load(fromByteOffset: x1 * 4, as: UInt32.self), fu)
      out.storeBytes(of: lerpPixel(top, bot, fv), toByteOffset: i * 4, as: UInt32.self)
      u &+= du; v &+= dv
    }
  }
}
