import Geometry
import TestSupport
import Testing
@testable import Raster

/// The vector span kernels against a per-pixel, per-channel second implementation of
/// source-over written from the formula (docs/raster.md): S·c and D·(255 − Sa·c) each
/// rounded exactly as round(x·y / 255) = (2xy + 255) / 510 in integers. Every length 0...40
/// at every start offset 0...3 (so the four- and eight-pixel steps, their tails and
/// unaligned addresses all run), with random premultiplied pixels that mix opaque,
/// transparent and translucent runs.
@Suite struct KernelExactnessTests {
  /// round(x·y / 255), exactly (x·y / 255 never ends in .5).
  static func exact(_ x: UInt32, _ y: UInt32) -> UInt32 { (2 * x * y + 255) / 510 }

  /// One channel-wise source-over of premultiplied `s` at coverage `c` onto `d`.
  static func reference(_ s: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
    let sa = exact(s >> 24, c)
    var out: UInt32 = 0
    for k in 0..<4 {
      let sk = exact((s >> (8 * UInt32(k))) & 0xFF, c)
      let dk = exact((d >> (8 * UInt32(k))) & 0xFF, 255 - sa)
      out |= (sk + dk) << (8 * UInt32(k))
    }
    return out
  }

  /// A random premultiplied pixel: runs of opaque, transparent and translucent ones.
  static func pixel(_ rng: inout SplitMix64, kind: UInt64) -> UInt32 {
    let r = rng.next()
    switch kind % 4 {
    case 0: return UInt32(truncatingIfNeeded: r) | 0xFF00_0000
    case 1: return 0
    default:
      let a = UInt32(r % 256)
      func c(_ shift: UInt64) -> UInt32 { a == 0 ? 0 : UInt32((r >> shift) % UInt64(a + 1)) }
      return c(8) | c(20) << 8 | c(32) << 16 | a << 24
    }
  }

  static func pixels(_ rng: inout SplitMix64, _ n: Int) -> [UInt32] {
    var kind = rng.next()
    return (0..<n).map { i in
      if i % 5 == 0 { kind = rng.next() }
      return pixel(&rng, kind: kind)
    }
  }

  @Test func uniformRowBlendMatchesTheFormula() {
    var rng = SplitMix64(seed: 26)
    var mismatches = 0
    for u: UInt32 in [0, 1, 2, 127, 128, 229, 254, 255] {
      for start in 0...3 {
        for n in 0...40 {
          let src = Self.pixels(&rng, start + n), dst = Self.pixels(&rng, start + n)
          var got = dst
          src.withUnsafeBufferPointer { s in
            got.withUnsafeMutableBytes { d in
              blendRow(d.baseAddress! + start * 4, s.baseAddress! + start, nil, n, uniform: u)
            }
          }
          for i in 0..<(start + n) {
            let want = i < start ? dst[i] : Self.reference(src[i], u, dst[i])
            if got[i] != want { mismatches += 1 }
          }
        }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func coverageRowBlendMatchesTheFormula() {
    var rng = SplitMix64(seed: 27)
    var mismatches = 0
    for start in 0...3 {
      for n in 0...40 {
        for _ in 0..<4 {
          let src = Self.pixels(&rng, start + n), dst = Self.pixels(&rng, start + n)
          // Coverage in runs of 0, 255 and anything, as a shape's rows have.
          var kind = rng.next()
          let cov: [UInt8] = (0..<(start + n)).map { i in
            if i % 6 == 0 { kind = rng.next() }
            return kind % 3 == 0 ? 0 : kind % 3 == 1 ? 255 : UInt8(truncatingIfNeeded: rng.next())
          }
          var got = dst
          src.withUnsafeBufferPointer { s in
            cov.withUnsafeBufferPointer { c in
              got.withUnsafeMutableBytes { d in
                blendRow(d.baseAddress! + start * 4, s.baseAddress! + start, c.baseAddress! + start, n)
              }
            }
          }
          for i in 0..<(start + n) {
            let want = i < start ? dst[i] : Self.reference(src[i], UInt32(cov[i]), dst[i])
            if got[i] != want { mismatches += 1 }
          }
        }
      }
    }
    #expect(mismatches == 0)
  }

  /// The loops' paths: the portable SSE2 one, and the AVX2 kernels where this CPU runs them.
  static let paths = wideKernels ? [false, true] : [false]

  @Test(arguments: paths) func solidSpanMatchesTheFormula(wide: Bool) {
    var rng = SplitMix64(seed: 28)
    var mismatches = 0
    // Black at 0.4 (the canonical frame's dim), opaque, translucent and clear colours.
    let colours: [UInt32] = [0x6600_0000, 0xFF33_6699, 0x8040_2010, 0, 0xFFFF_FFFF] + (0..<6).map { _ in Self.pixel(&rng, kind: 2) }
    for colour in colours {
      for c: UInt32 in [0, 1, 100, 254, 255] {
        for start in 0...3 {
          for n in 0...40 {
            let dst = Self.pixels(&rng, start + n)
            var got = dst
            got.withUnsafeMutableBytes { blendSolidSpan($0.baseAddress! + start * 4, n, colour, c, wide: wide) }
            for i in 0..<(start + n) {
              let want = i < start || c == 0 ? dst[i] : Self.reference(colour, c, dst[i])
              if got[i] != want { mismatches += 1 }
            }
          }
        }
      }
    }
    #expect(mismatches == 0)
  }

  @Test(arguments: paths) func solidSpanEveryAlphaOverEveryByte(wide: Bool) {
    // Every source alpha (black and a grey at that alpha) over destination bytes 0...255 in
    // every channel: all 65,536 (byte, 255 − alpha) products of the kernels' ÷255.
    let dst: [UInt32] = (0..<256).map { UInt32($0) * 0x0101_0101 }
    var mismatches = 0
    for a: UInt32 in 0...255 {
      for colour in [a << 24, a << 24 | (a / 2) * 0x01_0101] {
        var got = dst
        got.withUnsafeMutableBytes { blendSolidSpan($0.baseAddress!, 256, colour, 255, wide: wide) }
        for i in 0..<256 where got[i] != Self.reference(colour, 255, dst[i]) { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test(arguments: paths) func fillStoresThePatternAndNothingElse(wide: Bool) {
    for start in 0...3 {
      for n in Array(0...70) + [127, 128, 129, 1000, 65_535, 65_536, 65_539] {  // both sides of the string store
        var px = [UInt32](repeating: 0x0102_0304, count: start + n + 3)
        px.withUnsafeMutableBytes { fillPixels($0.baseAddress! + start * 4, n, 0xFFEE_DDCC, wide: wide) }
        let want = [UInt32](repeating: 0x0102_0304, count: start) + [UInt32](repeating: 0xFFEE_DDCC, count: n)
          + [UInt32](repeating: 0x0102_0304, count: 3)
        #expect(px == want, "start \(start), n \(n)")
      }
    }
  }

  /// An opaque fill over whole rows (a frame's background) is one pass over their bytes:
  /// the same bytes as per-row spans, and nothing outside the rows, with or without a clip.
  @Test func opaqueFillOverWholeRowsTouchesOnlyThem() {
    let background = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
    let fill = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
    for rows in [0..<10, 3..<7, 9..<10] {
      var whole = Bitmap(width: 13, height: 10)
      whole.clear(to: background)
      var clipped = whole
      let rect = Rect(x: 0, y: Double(rows.lowerBound), width: 13, height: Double(rows.count))
      whole.fill(rect, color: fill)
      clipped.fill(rect, color: fill, clip: Mask(rect: Rect(x: 0, y: 0, width: 13, height: 10)))  // the row-by-row path
      #expect(whole == clipped, "rows \(rows)")
      for y in 0..<10 {
        let want = rows.contains(y) ? PremultipliedColor(fill) : PremultipliedColor(background)
        #expect((0..<13).allSatisfy { whole.pixel(x: $0, y: y) == (want.r, want.g, want.b, want.a) }, "row \(y)")
      }
    }
  }

  @Test func allFullChecksEveryByte() {
    // Against a plain loop: one byte below 255 anywhere, at every position and length.
    for n in 0...40 {
      for hole in -1..<n {
        var cov = [UInt8](repeating: 255, count: n + 2)
        if hole >= 0 { cov[hole + 1] = 254 }
        cov[0] = 0; cov[n + 1] = 0  // neighbours outside the span are not read
        let got = cov.withUnsafeBufferPointer { allFull($0.baseAddress! + 1, n) }
        #expect(got == (hole < 0), "n \(n), hole \(hole)")
      }
    }
  }

  @Test(arguments: paths) func axisAlignedSamplerMatchesPerPixelBilinear(wide: Bool) {
    // BilinearSampler's vector rows (texel pairs gathered, or loaded as two 16-byte runs
    // where four left texels are neighbours) against FRAME.md's bilinear computed one byte
    // at a time: the two rows mixed with weight fv / 256, then the two columns with fu / 256,
    // each (a·(256 − f) + b·f + 128) >> 8, positions from `axisSample`. Scales from 0.5 to
    // 3 device pixels per texel (integer, 1:1 and the grid's 0.9 to 1.28), fractional
    // offsets, clamped edges, every width 1...40; a texel row of 23 (92 bytes: 32-byte steps
    // and a tail) and one of 60, so that the AVX2 kernel's eight-column groups run.
    for (w, h) in [(23, 9), (60, 7)] {
      var rng = SplitMix64(seed: 29)
      let texels: [UInt32] = (0..<(w * h)).map { _ in Self.pixel(&rng, kind: rng.next()) }
      var mismatches = 0, cases = 0
      for scale in [0.5, 0.9, 0.96, 1, 1.28, 2, 3] {
        for shift in [0.0, 0.25, -3.7] {
          let t = AffineTransform(scaleX: scale, y: scale * 0.8).concatenating(AffineTransform(translationX: shift, y: 1.5))
          let inv = t.inverted()!
          for width in 1...40 {
            let region = PixelRect(x: Int(rng.next() % 5), y: 0, width: width, height: 6)
            var row = [UInt32](repeating: 0, count: width)
            texels.withUnsafeBytes { src in
              let sampler = BilinearSampler(src: src.baseAddress!, width: w, height: h, inverse: inv, region: region, wide: wide)
              for y in region.y..<region.maxY {
                row.withUnsafeMutableBytes { sampler.sampleRow(y, into: $0.baseAddress!) }
                let v = axisSample(inv.d * (Double(y) + 0.5) + inv.ty - 0.5, h)
                for i in 0..<width {
                  let c = axisSample(inv.a * (Double(region.x + i) + 0.5) + inv.tx - 0.5, w)
                  var want: UInt32 = 0
                  for k in 0..<4 {
                    func byte(_ x: Int32, _ y: Int32) -> UInt32 { (texels[Int(y) * w + Int(x)] >> (8 * UInt32(k))) & 0xFF }
                    func mix(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 { (a * (256 - f) + b * f + 128) >> 8 }
                    let left = mix(byte(c.i0, v.i0), byte(c.i0, v.i1), v.f), right = mix(byte(c.i1, v.i0), byte(c.i1, v.i1), v.f)
                    want |= mix(left, right, c.f) << (8 * UInt32(k))
                  }
                  cases += 1
                  if row[i] != want { mismatches += 1 }
                }
              }
            }
          }
        }
      }
      #expect(cases > 10_000)
      #expect(mismatches == 0)
    }
  }

  @Test func largeBitmapsStartZeroed() {
    // A scale-3 frame (over 4 MiB: the huge-page path) and a small one are all zeros.
    for (w, h) in [(1170, 2532), (17, 3)] {
      let b = Bitmap(width: w, height: h)
      #expect(b.pixels.count == w * h * 4)
      #expect(b.pixels.allSatisfy { $0 == 0 })
    }
  }
}
