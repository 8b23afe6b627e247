import Raster
import TestSupport
import Testing
@testable import YUV

/// Both paths of the conversion, the portable Swift loops and CYUVKernels' AVX2 kernels (where
/// this CPU runs them: Raster's `wideKernels`), against each other and against `formula`, a
/// plain per-pixel, per-tap implementation written here from `BT709`'s weights and
/// `ChromaFilter.taps`: every Y, Cb and Cr byte equal. Widths 1...130 around the kernels'
/// steps (8 and 32 pixels for luma, 16 pixels for the pair differences, 8 and 32 samples for
/// the filter) and their tails, odd sizes (the padding column and row), heights 1...9 (the
/// filter's reach of eight rows clamped at both edges), 1170 and 1171 px wide; random bytes,
/// all 0, all 255, only 0 and 255 (the largest colour differences, the filter's overshoot
/// and clamp), stripes; and the reusing conversion, from a frame converted on either path.
@Suite struct KernelPathTests {
  /// The portable path, and the AVX2 one where this CPU has it.
  static let paths = wideKernels ? [false, true] : [false]

  /// The conversion's rules (docs/yuv.md) one sample at a time in `Int`: Y = 16 +
  /// ⌊(Kr·R + Kg·G + Kb·B + 2^15) / 2^16⌋; chroma sample (x, j) = clamp(128 + ⌊(Σ_k t_k·c(2j − 3 + k)
  /// + 2^25) / 2^26⌋, 0, 255) with c(r) the pair's weighted R, G, B sums on row r (clamped to
  /// the padded frame); padding pixels are R = G = B = 0.
  static func formula(_ bitmap: Bitmap) -> [UInt8] {
    let w = bitmap.width, h = bitmap.height
    let pw = w + w % 2, ph = h + h % 2, cw = pw / 2, ch = ph / 2
    let p = bitmap.pixels
    func channel(_ x: Int, _ y: Int, _ k: Int) -> Int { x < w && y < h ? Int(p[4 * (y * w + x) + k]) : 0 }
    var out = [UInt8]()
    let (kr, kg, kb) = BT709.luma
    for y in 0..<ph {
      for x in 0..<pw {
        out.append(UInt8(16 + ((kr * channel(x, y, 0) + kg * channel(x, y, 1) + kb * channel(x, y, 2) + (1 << 15)) >> 16)))
      }
    }
    let taps = ChromaFilter.taps, shift = BT709.chromaShift + ChromaFilter.shift
    for weights in [BT709.cb, BT709.cr] {
      func difference(_ x: Int, _ r: Int) -> Int {
        let row = min(max(r, 0), ph - 1)
        let sr = channel(2 * x, row, 0) + channel(2 * x + 1, row, 0)
        let sg = channel(2 * x, row, 1) + channel(2 * x + 1, row, 1)
        let sb = channel(2 * x, row, 2) + channel(2 * x + 1, row, 2)
        return weights.r * sr + weights.g * sg + weights.b * sb
      }
      for j in 0..<ch {
        for x in 0..<cw {
          var sum = 1 << (shift - 1)
          for k in 0..<8 { sum += taps[k] * difference(x, 2 * j - 3 + k) }
          out.append(UInt8(min(max(128 + (sum >> shift), 0), 255)))
        }
      }
    }
    return out
  }

  static func bitmap(_ w: Int, _ h: Int, _ rng: inout SplitMix64, _ kind: Int) -> Bitmap {
    var px = [UInt8](repeating: 0, count: 4 * w * h)
    for i in px.indices {
      switch kind {
      case 0: px[i] = UInt8(truncatingIfNeeded: rng.next())
      case 1: px[i] = 0
      case 2: px[i] = 255
      case 3: px[i] = rng.next() & 1 == 0 ? 0 : 255
      default:  // horizontal stripes of primaries, three rows each: sharp vertical colour edges
        let y = i / (4 * w), x = (i / 4) % w
        px[i] = i % 4 == 3 || ((y / 3) % 2 == 0 && i % 4 == x % 3) ? 255 : 0
      }
    }
    return Bitmap(width: w, height: h, pixels: px)
  }

  /// How many bytes differ (arrays of different sizes: all of them), and where the first one is.
  static func mismatch(_ a: [UInt8], _ b: [UInt8]) -> String? {
    guard a.count == b.count else { return "sizes \(a.count) and \(b.count)" }
    let differing = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }
    guard let first = differing.first else { return nil }
    return "\(differing.count) bytes differ, the first at \(first.offset): \(first.element.0) against \(first.element.1)"
  }

  static let kinds = ["random", "all 0", "all 255", "0 or 255", "stripes"]
  static let widths = Array(1...40) + [47, 48, 63, 64, 65, 66, 79, 95, 96, 97, 127, 128, 129, 130]
  static let heights = Array(1...9) + [16, 17]

  @Test(arguments: paths) func everyWidthAndShortHeightMatchesTheFormula(wide: Bool) {
    var rng = SplitMix64(seed: 709)
    var failures: [String] = []
    for (n, w) in Self.widths.enumerated() {
      // Every height for a few widths, and a rotating one for the rest (the run stays short).
      let hs = n % 9 == 0 ? Self.heights : [Self.heights[n % Self.heights.count]]
      for h in hs {
        for kind in Self.kinds.indices {
          let b = Self.bitmap(w, h, &rng, kind)
          if let m = Self.mismatch(YUV420Frame(converting: b, wide: wide).bytes, Self.formula(b)) {
            failures.append("\(w)x\(h) \(Self.kinds[kind]): \(m)")
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test(arguments: [(1170, 10), (1171, 9), (1170, 3)]) func fullWidthFramesAgreeOnBothPaths(_ w: Int, _ h: Int) {
    var rng = SplitMix64(seed: UInt64(w * 17 + h))
    for kind in Self.kinds.indices {
      let b = Self.bitmap(w, h, &rng, kind)
      let want = Self.formula(b)
      for wide in Self.paths {
        let m = Self.mismatch(YUV420Frame(converting: b, wide: wide).bytes, want)
        #expect(m == nil, "\(w)x\(h) \(Self.kinds[kind]) wide \(wide): \(m ?? "")")
      }
    }
  }

  /// Where this CPU has AVX2, the two paths give the same planes (the test above holds each to
  /// the formula; this one says so directly, on more random frames).
  @Test func pathsGiveTheSameBytes() {
    guard wideKernels else { return }
    var rng = SplitMix64(seed: 2532)
    for _ in 0..<40 {
      let w = Int(rng.next() % 300) + 1, h = Int(rng.next() % 40) + 1
      let b = Self.bitmap(w, h, &rng, Int(rng.next() % 5))
      let m = Self.mismatch(YUV420Frame(converting: b, wide: true).bytes, YUV420Frame(converting: b, wide: false).bytes)
      #expect(m == nil, "\(w)x\(h): \(m ?? "")")
    }
  }

  /// `YUV420Frame(converting:reusing:)` on each path, from the frame before converted on
  /// either path: a band, single rows, every row and no row changed.
  @Test(arguments: [(37, 29), (64, 7), (130, 21)]) func reusingMatchesTheFormula(_ w: Int, _ h: Int) {
    var rng = SplitMix64(seed: UInt64(w * 3 + h))
    let before = Self.bitmap(w, h, &rng, 0)
    for rows in [[], [0], [h - 1], Array((h / 3)..<(h / 3 + 3)), Array(stride(from: 1, to: h, by: 5)), Array(0..<h)] {
      var after = before
      let fresh = Self.bitmap(w, h, &rng, Int(rng.next() % 5))
      for y in rows { for i in (4 * y * w)..<(4 * (y + 1) * w) { after.pixels[i] = fresh.pixels[i] } }
      let want = Self.formula(after)
      for wide in Self.paths {
        for previousWide in Self.paths {
          let old = YUV420Frame(converting: before, wide: previousWide)
          let got = YUV420Frame(converting: after, reusing: (before, old), wide: wide)
          let m = Self.mismatch(got.bytes, want)
          #expect(m == nil, "\(w)x\(h) rows \(rows) wide \(wide) from \(previousWide): \(m ?? "")")
        }
      }
    }
  }

  /// Every R and G with 16 values of B from 0 to 255 (a 1024 x 1024 frame, the largest sums
  /// included): each path's Y plane against the luma formula, and the two paths' planes
  /// against each other.
  @Test func colourCubeLumaMatchesTheFormula() {
    let side = 1024
    func rgb(_ c: Int) -> (Int, Int, Int) { (c >> 12, (c >> 4) & 0xFF, 17 * (c & 0xF)) }
    var px = [UInt8](repeating: 255, count: 4 * side * side)
    for c in 0..<(side * side) {
      let (r, g, b) = rgb(c)
      px[4 * c] = UInt8(r); px[4 * c + 1] = UInt8(g); px[4 * c + 2] = UInt8(b)
    }
    let b = Bitmap(width: side, height: side, pixels: px)
    let (kr, kg, kb) = BT709.luma
    var want = [UInt8](repeating: 0, count: side * side)
    for c in 0..<(side * side) {
      let (r, g, b) = rgb(c)
      want[c] = UInt8(16 + ((kr * r + kg * g + kb * b + (1 << 15)) >> 16))
    }
    var planes: [[UInt8]] = []
    for wide in Self.paths {
      let bytes = YUV420Frame(converting: b, wide: wide).bytes
      let m = Self.mismatch(Array(bytes[0..<(side * side)]), want)
      #expect(m == nil, "wide \(wide): \(m ?? "")")
      planes.append(bytes)
    }
    if planes.count == 2 { #expect(Self.mismatch(planes[0], planes[1]) == nil) }
  }

  /// The colours whose luma sum lies at a rounding step or within 3 of one
  /// (Kr·R + Kg·G + Kb·B + 2^15 ≡ −3 ... 3 mod 2^16; the BT.709 weights are even, so are the
  /// sums), laid out at every width 1...40 and 1171
  /// so that each of them passes through every part of each path's row loop (vectors and tail).
  @Test(arguments: paths) func roundingStepColoursMatchTheFormulaAtEveryWidth(wide: Bool) {
    let (kr, kg, kb) = BT709.luma
    var colours: [(UInt8, UInt8, UInt8)] = []
    for c in 0..<(1 << 24) {
      let r = c >> 16, g = (c >> 8) & 0xFF, b = c & 0xFF
      let step = (kr * r + kg * g + kb * b + (1 << 15)) & 0xFFFF
      if step <= 3 || step >= 0x10000 - 3 { colours.append((UInt8(r), UInt8(g), UInt8(b))) }
    }
    #expect(colours.count > 100)
    var failures: [String] = []
    for w in Array(1...40) + [1171] {
      let h = (colours.count + w - 1) / w
      var px = [UInt8](repeating: 0, count: 4 * w * h)
      for i in 0..<(w * h) {
        let (r, g, b) = colours[(i + w / 2) % colours.count]
        px[4 * i] = r; px[4 * i + 1] = g; px[4 * i + 2] = b; px[4 * i + 3] = 255
      }
      let bitmap = Bitmap(width: w, height: h, pixels: px)
      if let m = Self.mismatch(YUV420Frame(converting: bitmap, wide: wide).bytes, Self.formula(bitmap)) { failures.append("width \(w): \(m)") }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// The vertical filter alone (`ChromaRows.filter`) on ring rows built so that the tap sum
  /// lies one below, at, or one above a rounding step (Σ t·c + 2^25 ≡ −1, 0, 1 mod 2^26, through
  /// rows 2 and 3: t2 and t3 are coprime), beside random rows up to the largest colour
  /// differences (|c| ≤ 3598 · 510), including sign patterns that drive the sum past the clamp;
  /// 75 samples a row (two 32-sample steps, an 8-sample one and a tail), every case at every
  /// position. Against 128 + ⌊(Σ t·c + 2^25) / 2^26⌋ clamped, in `Int`.
  @Test(arguments: paths) func filterRoundsAndClampsAsTheFormula(wide: Bool) {
    let taps = ChromaFilter.taps, shift = BT709.chromaShift + ChromaFilter.shift
    let cw = 75, limit = 3598 * 510
    var rng = SplitMix64(seed: 4096)
    var cases: [[Int32]] = []  // eight ring values (rows 0...7) each
    for m in -4...4 {
      for delta in -1...1 {
        let target = m * (1 << shift) - (1 << (shift - 1)) + delta
        let b = (0..<abs(taps[3])).first { (target - taps[2] * $0) % taps[3] == 0 }!
        let a = (target - taps[2] * b) / taps[3]
        cases.append([0, 0, Int32(b), Int32(a), 0, 0, 0, 0])
      }
    }
    for _ in 0..<40 {
      let sign = rng.next() % 3  // same signs as the taps, opposite, or random
      cases.append((0..<8).map { k in
        // Half of them within 1/16 of the largest, where the sum can pass the clamp.
        let magnitude = Int32(rng.next() & 1 == 0 ? limit - Int(rng.next() % UInt64(limit / 16)) : Int(rng.next() % UInt64(limit + 1)))
        switch sign {
        case 0: return taps[k] < 0 ? -magnitude : magnitude
        case 1: return taps[k] < 0 ? magnitude : -magnitude
        default: return rng.next() & 1 == 0 ? magnitude : -magnitude
        }
      })
    }
    var mismatches = 0, clamped = (low: 0, high: 0)
    for shiftCases in 0..<cases.count {
      let ring = UnsafeMutablePointer<Int32>.allocate(capacity: 8 * cw), other = UnsafeMutablePointer<Int32>.allocate(capacity: 8 * cw)
      defer { ring.deallocate(); other.deallocate() }
      for x in 0..<cw {
        let c = cases[(x + shiftCases) % cases.count]
        for k in 0..<8 { ring[k * cw + x] = c[k]; other[k * cw + x] = -c[7 - k] }
      }
      var cb = [UInt8](repeating: 0, count: cw), cr = [UInt8](repeating: 0, count: cw)
      ChromaRows.filter(ring, other, rows: (0..<8).map { $0 * cw }, cb: &cb, cr: &cr, count: cw, wide: wide)
      for x in 0..<cw {
        for (out, values) in [(cb, ring), (cr, other)] {
          var sum = 1 << (shift - 1)
          for k in 0..<8 { sum += taps[k] * Int(values[k * cw + x]) }
          let v = 128 + (sum >> shift)
          if v < 0 { clamped.low += 1 } else if v > 255 { clamped.high += 1 }
          if out[x] != UInt8(min(max(v, 0), 255)) { mismatches += 1 }
        }
      }
    }
    #expect(mismatches == 0)
    #expect(clamped.low > 0 && clamped.high > 0, "the cases reach both ends of the clamp: \(clamped)")
  }
}
