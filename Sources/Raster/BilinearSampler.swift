import Geometry

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

/// Mixes two byte rows with SIMD: out = (a·(256 − f) + b·f + 128) >> 8.
@inline(__always)
func lerpBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, _ count: Int, _ f: UInt32) {
  let wb = SIMD16<UInt16>(repeating: UInt16(f)), wa = SIMD16<UInt16>(repeating: UInt16(256 - f))
  var i = 0
  while i + 16 <= count {
    let x = SIMD16<UInt16>(truncatingIfNeeded: a.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
    let y = SIMD16<UInt16>(truncatingIfNeeded: b.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
    let r = (x &* wa &+ y &* wb &+ 128) &>> 8
    out.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: r), toByteOffset: i, as: SIMD16<UInt8>.self)
    i &+= 16
  }
  while i < count {
    let x = UInt32(a.load(fromByteOffset: i, as: UInt8.self)), y = UInt32(b.load(fromByteOffset: i, as: UInt8.self))
    out.storeBytes(of: UInt8(truncatingIfNeeded: (x &* (256 &- f) &+ y &* f &+ 128) &>> 8), toByteOffset: i, as: UInt8.self)
    i &+= 1
  }
}

/// Samples one image (one mipmap level) for a span of device pixels.
struct BilinearSampler {
  let src: UnsafeRawPointer
  let width: Int, height: Int
  /// Device pixels → texel coordinates of this image.
  let inverse: AffineTransform
  let region: PixelRect
  let axisAligned: Bool
  var columns: [AxisSample] = []
  var colLo = 0, colHi = 0
  var vertical: [UInt32] = []

  init(src: UnsafeRawPointer, width: Int, height: Int, inverse: AffineTransform, region: PixelRect) {
    self.src = src; self.width = width; self.height = height
    self.inverse = inverse; self.region = region
    axisAligned = inverse.b == 0 && inverse.c == 0
    if axisAligned {
      columns = (region.x..<region.maxX).map {
        axisSample(inverse.a * (Double($0) + 0.5) + inverse.tx - 0.5, width)
      }
      colLo = Int(columns.map { min($0.i0, $0.i1) }.min() ?? 0)
      colHi = Int(columns.map { max($0.i0, $0.i1) }.max() ?? 0)
      vertical = [UInt32](repeating: 0, count: colHi - colLo + 1)
    }
  }

  /// Writes `region.width` packed pixels for device row `y` to `out`.
  mutating func sampleRow(_ y: Int, into out: UnsafeMutableRawPointer) {
    if axisAligned { sampleAxisAligned(y, out) } else { sampleAffine(y, out) }
  }

  private mutating func sampleAxisAligned(_ y: Int, _ out: UnsafeMutableRawPointer) {
    let v = axisSample(inverse.d * (Double(y) + 0.5) + inverse.ty - 0.5, height)
    let rowBytes = width * 4
    let r0 = src + Int(v.i0) * rowBytes + colLo * 4
    let n = colHi - colLo + 1
    let lo = Int32(colLo)
    vertical.withUnsafeMutableBytes { vb in
      columns.withUnsafeBufferPointer { cb in
        let rowPtr: UnsafeRawPointer
        if v.f == 0 {
          rowPtr = r0
        } else {
          let r1 = src + Int(v.i1) * rowBytes + colLo * 4
          lerpBytes(r0, r1, vb.baseAddress!, n * 4, v.f)
          rowPtr = UnsafeRawPointer(vb.baseAddress!)
        }
        let cols = cb.baseAddress!
        for i in 0..<cb.count {
          let c = cols[i]
          let p = rowPtr.load(fromByteOffset: Int(c.i0 &- lo) &* 4, as: UInt32.self)
          let q: UInt32
          if c.f == 0 {
            q = p
          } else {
            let p1 = rowPtr.load(fromByteOffset: Int(c.i1 &- lo) &* 4, as: UInt32.self)
            q = lerpPixel(p, p1, UInt64(c.f))
          }
          out.storeBytes(of: q, toByteOffset: i &* 4, as: UInt32.self)
        }
      }
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
