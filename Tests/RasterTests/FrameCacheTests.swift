import Geometry
import Testing
@testable import Raster

/// Frame reuse changes no byte: a frame served from the cache equals the same tree drawn
/// without it, and a tree that differs anywhere (a deep sublayer's colour, an image with
/// other pixels, the scale) is drawn afresh.
@Suite struct FrameCacheTests {
  /// A small frame: a canvas colour, a photo, a material bar over it and a rounded card
  /// with a child.
  func tree(photo: Image, cardColor: Color = Color(red: 0.2, green: 0.5, blue: 0.9)) -> Layer {
    var root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 80), backgroundColor: .white)
    var image = Layer(frame: Rect(x: 0, y: 10, width: 60, height: 40))
    image.contents = .image(photo, .aspectFill)
    image.masksToBounds = true
    var bar = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 20))
    bar.backdrop = Backdrop(blurRadius: 3, saturation: 1.8, tint: Color(white: 1, alpha: 0.6))
    var card = Layer(frame: Rect(x: 8, y: 52, width: 44, height: 24), backgroundColor: Color(white: 0.9, alpha: 1))
    card.cornerRadii = CornerRadii(all: 6)
    card.sublayers = [Layer(frame: Rect(x: 4, y: 4, width: 20, height: 10), backgroundColor: cardColor)]
    root.sublayers = [image, bar, card]
    return root
  }

  /// Compared as a Bool (a failed expectation would print every byte).
  func same(_ a: Bitmap, _ b: Bitmap) -> Bool { a == b }

  func render(_ root: Layer, scale: Double = 2, cache: FrameCache?) -> Bitmap {
    Bitmap(width: Int(60 * scale), height: Int(80 * scale), rendering: root, scale: scale, frames: cache)
  }

  @Test func aRepeatedTreeIsTheSameBytes() {
    let cache = FrameCache(byteLimit: 8 << 20)
    let photo = Image(Bitmap.noise(width: 90, height: 60))
    let plain = render(tree(photo: photo), cache: nil)
    let first = render(tree(photo: photo), cache: cache)
    #expect(cache.count == 0)  // kept on the second sighting
    let second = render(tree(photo: photo), cache: cache)
    #expect(cache.count == 1)
    let third = render(tree(photo: photo), cache: cache)
    #expect(same(first, plain) && same(second, plain) && same(third, plain))
    // The third is the kept frame itself (shared, not drawn): the same storage.
    let shared = third.pixels.withUnsafeBufferPointer { a in second.pixels.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    #expect(shared)
  }

  @Test func aTreeThatDiffersDeepInsideIsDrawnAfresh() {
    let cache = FrameCache(byteLimit: 8 << 20)
    let photo = Image(Bitmap.noise(width: 90, height: 60))
    for _ in 0..<3 { _ = render(tree(photo: photo), cache: cache) }
    let other = tree(photo: photo, cardColor: Color(red: 0.9, green: 0.2, blue: 0.1))
    let drawn = render(other, cache: cache)
    #expect(same(drawn, render(other, cache: nil)))
    #expect(!same(drawn, render(tree(photo: photo), cache: nil)))
  }

  /// Images compare by identity: another image of the same size with other pixels is not
  /// the kept frame's photo.
  @Test func anotherImageOfTheSameSizeIsDrawnAfresh() {
    let cache = FrameCache(byteLimit: 8 << 20)
    let photo = Image(Bitmap.noise(width: 90, height: 60))
    for _ in 0..<3 { _ = render(tree(photo: photo), cache: cache) }
    let otherPhoto = Image(Bitmap.noise(width: 90, height: 60, seed: 7))
    let drawn = render(tree(photo: otherPhoto), cache: cache)
    #expect(same(drawn, render(tree(photo: otherPhoto), cache: nil)))
    #expect(!same(drawn, render(tree(photo: photo), cache: nil)))
  }

  @Test func anotherScaleIsDrawnAfresh() {
    let cache = FrameCache(byteLimit: 8 << 20)
    let photo = Image(Bitmap.noise(width: 90, height: 60))
    for _ in 0..<3 { _ = render(tree(photo: photo), scale: 2, cache: cache) }
    let drawn = render(tree(photo: photo), scale: 1, cache: cache)
    #expect(drawn.width == 60 && same(drawn, render(tree(photo: photo), scale: 1, cache: nil)))
  }
}
