import Geometry
import Testing
@testable import Raster

/// The block sums that skip the clamped margin, the backdrop cache and the shape-mask cache
/// change no byte: each is checked against the plain computation.
@Suite struct BackdropCacheTests {
  /// Block averages straight from the definition: the mean of f × f pixels read at clamped
  /// coordinates, one pixel at a time.
  func naiveBlockAverages(_ b: Bitmap, x0: Int, y0: Int, f: Int, gw: Int, gh: Int) -> [[Float]] {
    var planes = [[Float]](repeating: [Float](repeating: 0, count: gw * gh), count: 4)
    for gy in 0..<gh {
      for gx in 0..<gw {
        var sum = [Int](repeating: 0, count: 4)
        for dy in 0..<f {
          for dx in 0..<f {
            let x = min(max(x0 + gx * f + dx, 0), b.width - 1), y = min(max(y0 + gy * f + dy, 0), b.height - 1)
            for c in 0..<4 { sum[c] += Int(b.pixels[(y * b.width + x) * 4 + c]) }
          }
        }
        for c in 0..<4 { planes[c][gy * gw + gx] = Float(sum[c]) * (1 / Float(f * f)) }
      }
    }
    return planes
  }

  /// Grids reaching beyond every edge (whole block rows and columns outside the bitmap, and
  /// blocks straddling an edge) sum exactly as pixel-by-pixel clamped reads do.
  @Test(arguments: [(f: 4, x0: -13, y0: -9), (f: 7, x0: -30, y0: 5), (f: 20, x0: -45, y0: -61), (f: 1, x0: -3, y0: -2)])
  func blockSumsSkippingTheMarginEqualNaiveSums(f: Int, x0: Int, y0: Int) {
    let b = Bitmap.noise(width: 53, height: 37)
    let gw = (53 - 2 * x0 + f - 1) / f + 1, gh = (37 - 2 * y0 + f - 1) / f + 1
    let fast = BackdropBlur.blockAverages(b, x0: x0, y0: y0, f: f, gw: gw, gh: gh)
    let slow = naiveBlockAverages(b, x0: x0, y0: y0, f: f, gw: gw, gh: gh)
    #expect(fast == slow)
  }

  /// A bar material drawn with a cache: the second draw stores, the third over the same pixels
  /// is a hit, and both are byte for byte the draw without a cache; a change of one pixel in
  /// the blur's reach outside the bar misses and is drawn afresh.
  @Test func cachedBackdropIsTheSameBytes() {
    let cache = BackdropCache(byteLimit: 64 << 20)
    let backdrop = Backdrop(blurRadius: 0, saturation: 1.8, tint: Color(white: 0.98, alpha: 0.8))
    let shape = Mask(rect: Rect(x: 10, y: 0, width: 220, height: 40))
    let clip = Mask(path: Path(roundedRect: Rect(x: 0, y: 0, width: 200, height: 60), radii: CornerRadii(all: 12), curve: .circular), limit: PixelRect(x: 0, y: 0, width: 240, height: 160))
    let base = Bitmap.noise(width: 240, height: 160)
    var plain = base
    plain.drawBackdrop(backdrop, sigma: 9, shape: shape, clip: clip)
    var first = base, second = base, third = base
    first.drawBackdrop(backdrop, sigma: 9, shape: shape, clip: clip, cache: cache)
    #expect(cache.count == 0)  // kept on the second sighting
    second.drawBackdrop(backdrop, sigma: 9, shape: shape, clip: clip, cache: cache)
    #expect(cache.count == 1)
    third.drawBackdrop(backdrop, sigma: 9, shape: shape, clip: clip, cache: cache)
    #expect(first.pixels == plain.pixels)
    #expect(second.pixels == plain.pixels)
    #expect(third.pixels == plain.pixels)
    #expect(plain.pixels != base.pixels)
    // One pixel 30 px below the bar (inside 3σ + 2f = 27 + 6 px): a different blur.
    var changed = base
    changed.pixels[(70 * 240 + 100) * 4] ^= 0xFF
    var fresh = changed, cached = changed
    fresh.drawBackdrop(backdrop, sigma: 9, shape: shape, clip: clip)
    cached.drawBackdrop(backdrop, sigma: 9, shape: shape, clip: clip, cache: cache)
    #expect(cached.pixels == fresh.pixels)
    #expect(cached.pixels != plain.pixels)
  }

  /// The same pixels at another opacity, then under another coverage: the kept blur is
  /// composited again (a hit on the input, a miss on the output), byte for byte the draw
  /// without a cache.
  @Test func keptBlurAtAnotherOpacityIsTheSameBytes() {
    let cache = BackdropCache(byteLimit: 64 << 20)
    let backdrop = Backdrop(blurRadius: 0, saturation: 1.8, tint: Color(white: 0.98, alpha: 0.8))
    let base = Bitmap.noise(width: 240, height: 160)
    let bar = Mask(rect: Rect(x: 0, y: 0, width: 240, height: 44))
    let rounded = Mask(path: Path(roundedRect: Rect(x: 0, y: 0, width: 240, height: 44), radii: CornerRadii(all: 10), curve: .circular), limit: base.pixelBounds)
    for (shape, opacity) in [(bar, 1.0), (bar, 0.37), (bar, 0.81), (rounded, 0.81)] {
      var plain = base, cached = base
      plain.drawBackdrop(backdrop, sigma: 20, shape: shape, opacity: opacity)
      cached.drawBackdrop(backdrop, sigma: 20, shape: shape, opacity: opacity, cache: cache)
      #expect(cached.pixels == plain.pixels)
    }
    #expect(cache.count == 1)
  }

  /// The same reach, from the blur's own arithmetic: every pixel the block grid reads lies
  /// within `reach` of the region.
  @Test(arguments: [0.5, 2.9, 3.0, 9.0, 20.0, 60.0, 61.7])
  func reachCoversEveryRead(sigma: Double) {
    let f = sigma < 3 ? 1 : Int(sigma / 3)
    let pad = Int((3 * sigma).rounded(.up)) + f
    let width = 117
    let gw = (width + 2 * pad + f - 1) / f
    let lastRead = -pad + gw * f - 1  // relative to the region's left edge
    #expect(lastRead - width < BackdropBlur.reach(sigma: sigma))
    #expect(pad <= BackdropBlur.reach(sigma: sigma))
  }

  /// Shape contents drawn through a mask cache, twice, are the bytes drawn without one.
  @Test func cachedShapeMasksAreTheSameBytes() {
    var path = Path()
    path.move(to: Point(4, 30)); path.line(to: Point(20, 6)); path.line(to: Point(36, 30))
    var layer = Layer(frame: Rect(x: 3.3, y: 2.7, width: 40, height: 36))
    layer.contents = .shape(ShapeContents(path: path, fill: .black, stroke: Color(red: 0, green: 0.48, blue: 1), strokeStyle: StrokeStyle(width: 3, cap: .round, join: .round)))
    var root = Layer(frame: Rect(x: 0, y: 0, width: 50, height: 44))
    root.sublayers = [layer]
    var plain = Bitmap(width: 150, height: 132)
    LayerRenderer(scale: 3, caches: false).render(root, into: &plain)
    var renderer = LayerRenderer(scale: 3, caches: false)
    let cache = MaskCache(byteLimit: 1 << 20)
    renderer.maskCache = cache
    for _ in 0..<2 {
      var b = Bitmap(width: 150, height: 132)
      renderer.render(root, into: &b)
      #expect(b.pixels == plain.pixels)
    }
    #expect(cache.count == 2)
  }
}
