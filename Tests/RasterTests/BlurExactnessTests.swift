import Geometry
import TestSupport
import Testing
@testable import Raster

/// The shadow blur's vector steps (`blockAverages`, `convolve`, `upsample`, and
/// `blurred(sigma:within:)` as a whole) against a plain second implementation written one
/// pixel and one tap at a time (`PlainBlur`, below): equal bytes and equal `Float`s, for
/// masks, grids and regions of many sizes and offsets, so that the eight-lane steps, their
/// tails, the skipped all-0 and all-255 runs and the grid's clamped border all run.
@Suite struct BlurExactnessTests {
  /// How many bytes differ (arrays of different lengths count every byte).
  static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
    a.count != b.count ? max(a.count, b.count) : zip(a, b).filter { $0 != $1 }.count
  }

  /// Coverage with runs of 0, runs of 255 and random bytes.
  static func coverage(_ n: Int, _ rng: inout SplitMix64) -> [UInt8] {
    var out: [UInt8] = []
    while out.count < n {
      let run = Int(rng.next() % 24) + 1
      switch rng.next() % 3 {
      case 0: out += [UInt8](repeating: 0, count: run)
      case 1: out += [UInt8](repeating: 255, count: run)
      default: for _ in 0..<run { out.append(UInt8(truncatingIfNeeded: rng.next())) }
      }
    }
    return Array(out.prefix(n))
  }

  @Test func blurredMatchesThePlainBlurOnRandomMasks() {
    var rng = SplitMix64(seed: 26)
    let sigmas = [0.4, 1.5, 2.99, 3, 3.7, 6, 6.5, 9.5, 12, 30, 31.4]
    for (n, sigma) in (sigmas + sigmas).enumerated() {
      let w = Int(rng.next() % 50) + 1, h = Int(rng.next() % 30) + 1
      let bounds = PixelRect(x: Int(rng.next() % 41) - 20, y: Int(rng.next() % 41) - 20, width: w, height: h)
      let mask = Mask(bounds: bounds, coverage: Self.coverage(w * h, &rng))
      let whole = PlainBlur.blurred(mask, sigma: sigma)
      let fast = mask.blurred(sigma: sigma)
      #expect(fast.bounds == whole.bounds, "σ \(sigma)")
      #expect(Self.differing(fast.bytes, whole.bytes) == 0, "σ \(sigma), \(w) × \(h) at \(bounds.x), \(bounds.y)")
      // Cut to a window: the same bytes there.
      let within = n % 3 == 0
        ? PixelRect(x: bounds.x - 5, y: bounds.y + h / 2, width: 2 * w + 7, height: 1000)
        : PixelRect(x: bounds.x + Int(rng.next() % UInt64(w)), y: bounds.y - 40 + Int(rng.next() % 50), width: Int(rng.next() % 90) + 1, height: Int(rng.next() % 60) + 1)
      let cut = mask.blurred(sigma: sigma, within: within)
      let expected = whole.bounds.intersection(within)
      if expected.isEmpty {
        #expect(cut.bounds.isEmpty)
        continue
      }
      #expect(cut.bounds == expected)
      for y in expected.y..<expected.maxY {
        for x in expected.x..<expected.maxX where cut.coverage(x: x, y: y) != whole.coverage(x: x, y: y) {
          Issue.record("σ \(sigma): pixel (\(x), \(y)) \(cut.coverage(x: x, y: y)) against \(whole.coverage(x: x, y: y))")
          return
        }
      }
    }
  }

  /// FRAME.md layer (e): the bar's shadow shape at scale 3, blurred with σ = 30 px whole and
  /// cut to the canvas.
  @Test func canonicalShadowMatchesThePlainBlur() {
    let canvas = PixelRect(x: 0, y: 0, width: 1170, height: 2532)
    let shape = Mask(path: Path(rect: Rect(x: 0, y: 2277, width: 1170, height: 249)), limit: canvas.outset(by: 92))
    let whole = PlainBlur.blurred(shape, sigma: 30)
    #expect(Self.differing(shape.blurred(sigma: 30).bytes, whole.bytes) == 0)
    let cut = shape.blurred(sigma: 30, within: canvas)
    #expect(cut.bounds == whole.bounds.intersection(canvas))
    var same = true
    for y in cut.bounds.y..<cut.bounds.maxY {
      for x in cut.bounds.x..<cut.bounds.maxX where cut.coverage(x: x, y: y) != whole.coverage(x: x, y: y) { same = false }
    }
    #expect(same)
  }

  @Test func blockAveragesMatchRowByRowSums() {
    var rng = SplitMix64(seed: 7)
    for f in [1, 2, 3, 7, 10, 256, 257, 300] {
      for _ in 0..<4 {
        let w = Int(rng.next() % 40) + 1, h = Int(rng.next() % 25) + 1
        let bounds = PixelRect(x: 3, y: -2, width: w, height: h)
        let dx = Int(rng.next() % 12), dy = Int(rng.next() % 12)
        var out = PixelRect(x: 3 - dx, y: -2 - dy, width: w + dx + Int(rng.next() % 9), height: h + dy + Int(rng.next() % 9))
        out.width = (out.width + f - 1) / f * f
        out.height = (out.height + f - 1) / f * f
        let bytes = f > 200 ? [UInt8](repeating: 255, count: w * h) : Self.coverage(w * h, &rng)
        let fast = bytes.withUnsafeBufferPointer { Mask.blockAverages($0, bounds: bounds, out: out, f: f) }
        let plain = PlainBlur.blockAverages(bytes, bounds: bounds, out: out, f: f)
        #expect(fast == plain, "f \(f), \(w) × \(h), offset \(dx), \(dy)")
      }
    }
  }

  @Test func convolveMatchesTapByTapSums() {
    var rng = SplitMix64(seed: 11)
    for taps in [3, 5, 19, 41] {
      let kernel = Mask.gaussianKernel(sigma: Double(taps) / 6, integrated: taps == 3)
      for _ in 0..<6 {
        let w = Int(rng.next() % 45) + 1, h = Int(rng.next() % 30) + 1
        let grid = (0..<(w * h)).map { _ in rng.next() % 4 == 0 ? 0 : Float(rng.next() % 10_000) / 9_999 }
        let fast = Mask.convolve(grid, width: w, height: h, kernel: kernel)
        let plain = PlainBlur.convolve(grid, width: w, height: h, kernel: kernel)
        #expect(fast == plain, "\(taps) taps, \(w) × \(h)")
      }
    }
  }

  /// Grids holding exact 0s and 1s, values just inside and outside the 2⁻¹⁰ bounds of the
  /// skipped runs, and values a little over 1 (a blur's sum of taps may pass 1).
  @Test func upsampleMatchesPerPixelInterpolation() {
    var rng = SplitMix64(seed: 3)
    let specials: [Float] = [0, 1, 1.0 / 1024, 1.0 / 1024 - 1e-7, 1 - 1.0 / 1024, 1 - 1.0 / 1024 - 1e-7, 1.0000001, 0.5, 1e-30]
    for f in [1, 2, 3, 4, 7, 10, 13] {
      for _ in 0..<5 {
        let gw = Int(rng.next() % 12) + 1, gh = Int(rng.next() % 8) + 1
        let out = PixelRect(x: Int(rng.next() % 20) - 10, y: Int(rng.next() % 20) - 10, width: gw * f, height: gh * f)
        let grid = (0..<(gw * gh)).map { _ in
          rng.next() % 2 == 0 ? specials[Int(rng.next() % UInt64(specials.count))] : Float(rng.next() % 100_000) / 99_999
        }
        let plain = PlainBlur.upsample(grid, f: f, out: out)
        #expect(Self.differing(Mask.upsample(grid, f: f, out: out, region: out), plain) == 0, "f \(f), \(gw) × \(gh)")
        let rx = Int(rng.next() % UInt64(out.width)), ry = Int(rng.next() % UInt64(out.height))
        let region = PixelRect(x: out.x + rx, y: out.y + ry, width: Int(rng.next() % UInt64(out.width - rx)) + 1, height: Int(rng.next() % UInt64(out.height - ry)) + 1)
        let cut = Mask.upsample(grid, f: f, out: out, region: region)
        var expected: [UInt8] = []
        for y in ry..<(ry + region.height) { expected += plain[(y * out.width + rx)..<(y * out.width + rx + region.width)] }
        #expect(Self.differing(cut, expected) == 0, "f \(f), region \(region)")
      }
    }
  }
}

/// The shadow blur one pixel and one tap at a time (the blur's steps as first written).
enum PlainBlur {
  static func blurred(_ mask: Mask, sigma: Double) -> Mask {
    let bounds = mask.bounds
    let pad = Int((3 * sigma).rounded(.up)) + 1
    let f = sigma < 3 ? 1 : Int(sigma / 3)
    var out = bounds.outset(by: pad)
    out.width = (out.width + f - 1) / f * f
    out.height = (out.height + f - 1) / f * f
    var grid = blockAverages(mask.bytes, bounds: bounds, out: out, f: f)
    let s2 = sigma * sigma - (f > 1 ? Double(f * f) / 12 : 0)
    let kernel = Mask.gaussianKernel(sigma: s2.squareRoot() / Double(f), integrated: f == 1)
    grid = convolve(grid, width: out.width / f, height: out.height / f, kernel: kernel)
    return Mask(bounds: out, coverage: upsample(grid, f: f, out: out))
  }

  static func blockAverages(_ src: [UInt8], bounds: PixelRect, out: PixelRect, f: Int) -> [Float] {
    let gw = out.width / f, gh = out.height / f
    var grid = [Float](repeating: 0, count: gw * gh)
    for y in 0..<bounds.height {
      let gy = (y + bounds.y - out.y) / f
      for x in 0..<bounds.width {
        let gx = (x + bounds.x - out.x) / f
        grid[gy * gw + gx] += Float(src[y * bounds.width + x])
      }
    }
    let inv = 1 / Float(255 * f * f)
    return grid.map { $0 * inv }
  }

  static func convolve(_ input: [Float], width w: Int, height h: Int, kernel: [Float]) -> [Float] {
    let r = kernel.count / 2
    var tmp = [Float](repeating: 0, count: w * h), out = tmp
    for y in 0..<h {
      for x in 0..<w {
        var s: Float = 0
        for j in -r...r where x + j >= 0 && x + j < w { s += kernel[j + r] * input[y * w + x + j] }
        tmp[y * w + x] = s
      }
    }
    for y in 0..<h {
      for x in 0..<w {
        var s: Float = 0
        for j in -r...r where y + j >= 0 && y + j < h { s += kernel[j + r] * tmp[(y + j) * w + x] }
        out[y * w + x] = s
      }
    }
    return out
  }

  static func upsample(_ g: [Float], f: Int, out: PixelRect) -> [UInt8] {
    let gw = out.width / f, gh = out.height / f
    var data = [UInt8](repeating: 0, count: out.area)
    func cells(_ i: Int, _ n: Int) -> (Int, Int, Float) {
      let t = (Double(i) + 0.5) / Double(f) - 0.5
      let fl = t.rounded(.down)
      return (min(max(Int(fl), 0), n - 1), min(max(Int(fl) + 1, 0), n - 1), Float(t - fl))
    }
    for y in 0..<out.height {
      let (r0, r1, wy) = cells(y, gh)
      for x in 0..<out.width {
        let (c0, c1, wx) = cells(x, gw)
        let a = g[r0 * gw + c0] * (1 - wy) + g[r1 * gw + c0] * wy
        let b = g[r0 * gw + c1] * (1 - wy) + g[r1 * gw + c1] * wy
        let v = a * (1 - wx) + b * wx
        data[y * out.width + x] = UInt8(min(max(v, 0), 1) * 255 + 0.5)
      }
    }
    return data
  }
}
