import Geometry
import Testing
@testable import Raster

/// The renderer's shortcuts (occlusion, background-only rows of a group, cached image
/// samples) must give exactly the bytes of the long way; values are worked out by hand.
@Suite struct RenderShortcutTests {
  static let red = Color(red: 1, green: 0, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 1)

  @Test func anOpaqueCoveringSublayerHidesWhatIsUnderIt() {
    // A red layer under a full-canvas opaque blue screen: the result is pure blue whatever
    // was under it, and a translucent green strip drawn after the screen still blends.
    var root = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 10), backgroundColor: Self.red)
    root.sublayers = [
      Layer(frame: Rect(x: 0, y: 0, width: 20, height: 10), backgroundColor: Self.red),
      Layer(frame: Rect(x: 0, y: 0, width: 20, height: 10), backgroundColor: Self.blue),
      Layer(frame: Rect(x: 0, y: 0, width: 5, height: 10), backgroundColor: Color(red: 0, green: 1, blue: 0, alpha: 0.5)),
    ]
    var b = Bitmap(width: 20, height: 10)
    b.clear(to: .white)
    b.render(root, scale: 1)
    #expect(b.pixel(x: 10, y: 5) == (0, 0, 255, 255))
    // Green at alpha 0.5 (128) over blue: B = round(255 · 127 / 255) = 127, G = 128.
    #expect(b.pixel(x: 2, y: 5) == (0, 128, 127, 255))
  }

  @Test func aCoverWithAFractionalEdgeDoesNotHide() {
    // The blue screen stops half a pixel short of the right edge: column 19 is half blue
    // over the red below it, so the red must still be drawn.
    var root = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    root.sublayers = [
      Layer(frame: Rect(x: 0, y: 0, width: 20, height: 10), backgroundColor: Self.red),
      Layer(frame: Rect(x: 0, y: 0, width: 19.5, height: 10), backgroundColor: Self.blue),
    ]
    var b = Bitmap(width: 20, height: 10)
    b.render(root, scale: 1)
    // Coverage 128: R = round(255 · 127 / 255) = 127, B = 128.
    #expect(b.pixel(x: 19, y: 5) == (127, 0, 128, 255))
    #expect(b.pixel(x: 18, y: 5) == (0, 0, 255, 255))
  }

  @Test func aTranslucentScreenDoesNotHide() {
    var root = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    root.sublayers = [
      Layer(frame: Rect(x: 0, y: 0, width: 20, height: 10), backgroundColor: Self.red),
      Layer(frame: Rect(x: 0, y: 0, width: 20, height: 10), opacity: 0.5, backgroundColor: Self.blue),
    ]
    var b = Bitmap(width: 20, height: 10)
    b.render(root, scale: 1)
    // Blue at 0.5 (128) over red: R = 127, B = 128.
    #expect(b.pixel(x: 10, y: 5) == (127, 0, 128, 255))
  }

  @Test func aGroupsBackgroundOnlyRowsBlendAsTheOffscreenWould() {
    // A white screen at opacity 0.5 with a red bar at its top, over black: the bar's rows
    // go through the offscreen, the rows below hold only the background.
    var screen = Layer(frame: Rect(x: 0, y: 0, width: 16, height: 40), opacity: 0.5, backgroundColor: .white)
    screen.sublayers = [Layer(frame: Rect(x: 0, y: 0, width: 16, height: 6), backgroundColor: Self.red)]
    var b = Bitmap(width: 16, height: 40)
    b.clear(to: .black)
    b.render(screen, scale: 1)
    // Opacity byte round(255 · 0.5) = 128: white gives 128, red gives (128, 0, 0).
    #expect(b.pixel(x: 8, y: 2) == (128, 0, 0, 255))
    for y in [6, 7, 20, 39] { #expect(b.pixel(x: 8, y: y) == (128, 128, 128, 255)) }
    // Under a clip with a half-covered column: coverage 128 · 0.5 → table(128) = 64.
    var clipped = Layer(frame: Rect(x: 0, y: 0, width: 16, height: 40))
    clipped.masksToBounds = true
    clipped.bounds.size = Size(15.5, 40)
    clipped.position = Point(7.75, 20)
    clipped.sublayers = [screen]
    var c = Bitmap(width: 16, height: 40)
    c.clear(to: .black)
    c.render(clipped, scale: 1)
    #expect(c.pixel(x: 15, y: 30) == (64, 64, 64, 255))
    #expect(c.pixel(x: 14, y: 30) == (128, 128, 128, 255))
  }

  /// A 7 x 5 image with varied pixels (some translucent when `translucent`).
  func image(translucent: Bool) -> Image {
    var px = [UInt8](repeating: 0, count: 7 * 5 * 4)
    for i in 0..<35 {
      let a: UInt8 = translucent && i % 3 == 0 ? 128 : 255
      px[i * 4] = UInt8((i * 37) % 256) & a; px[i * 4 + 1] = UInt8((i * 91) % 256) & a
      px[i * 4 + 2] = UInt8((i * 53) % 256) & a; px[i * 4 + 3] = a
    }
    return Image(Bitmap(width: 7, height: 5, pixels: px))
  }

  @Test(arguments: [false, true])
  func cachedSamplesGiveTheSameBytes(translucent: Bool) {
    let img = image(translucent: translucent)
    let t = AffineTransform(scaleX: 3.3, y: 2.7).concatenating(AffineTransform(translationX: 1.25, y: 0.5))
    let clip = Mask(rect: Rect(x: 2.5, y: 1, width: 15, height: 11))
    func draw(_ cache: SampleCache?, opacity: Double) -> Bitmap {
      var b = Bitmap(width: 26, height: 16)
      b.clear(to: Color(red: 0.2, green: 0.4, blue: 0.6))
      b.draw(img, transform: t, opacity: opacity, clip: clip, cache: cache)
      return b
    }
    let cache = SampleCache(byteLimit: 1 << 20)
    for opacity in [1.0, 0.6] {
      let expected = draw(nil, opacity: opacity)
      #expect(draw(cache, opacity: opacity) == expected)  // first sighting: not stored
      #expect(draw(cache, opacity: opacity) == expected)  // second: stored, then drawn from it
      #expect(cache.count == 1)
      #expect(draw(cache, opacity: opacity) == expected)  // third: from the cache
    }
    // A different transform is a different entry.
    var moved = Bitmap(width: 26, height: 16)
    for _ in 0..<2 { moved.draw(img, transform: t.concatenating(AffineTransform(translationX: 0.5, y: 0)), cache: cache) }
    #expect(cache.count == 2)
  }

  @Test func theCacheStaysWithinItsBytes() {
    let img = image(translucent: false)
    let cache = SampleCache(byteLimit: 4 * 20 * 20 * 4)  // four 20 x 20 regions at most
    var b = Bitmap(width: 40, height: 40)
    for k in 0..<8 {
      let t = AffineTransform(scaleX: 20 / 7, y: 4).concatenating(AffineTransform(translationX: Double(k), y: 0))
      for _ in 0..<2 { b.draw(img, transform: t, cache: cache) }
    }
    #expect(cache.count <= 4)
    #expect(cache.count >= 1)
  }
}
