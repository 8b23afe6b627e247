import Geometry
import Testing
@testable import Raster

/// Shared edges are anti-aliased once: a clip and a shape on the same edge intersect as
/// shapes, and a clipped group (dimming, opacity) is composited through its clip once.
/// Expected values come from `ExactArea` (closed form), not from the renderer.
@Suite struct SeamTests {
  let scale = 2.0
  let frame = Rect(x: 3.3, y: 2.7, width: 20.45, height: 15.1)
  let radius = 5.0
  let size = (w: 56, h: 40)

  func render(_ layer: Layer, background: Color? = nil) -> Bitmap {
    var bitmap = Bitmap(width: size.w, height: size.h)
    var root = Layer(frame: Rect(x: 0, y: 0, width: Double(size.w) / scale, height: Double(size.h) / scale), backgroundColor: background)
    root.sublayers = [layer]
    LayerRenderer.render(root, into: &bitmap, scale: scale)
    return bitmap
  }

  func pixel(_ b: Bitmap, _ x: Int, _ y: Int, _ channel: Int) -> Int { Int(b.pixels[(y * b.width + x) * 4 + channel]) }

  /// The exact coverage of the card's rounded bounds in pixel (x, y).
  func cardCoverage(_ x: Int, _ y: Int) -> Double {
    ExactArea.roundedRectRect(x0: frame.minX * scale, y0: frame.minY * scale, x1: frame.maxX * scale, y1: frame.maxY * scale,
                              r: radius * scale, px: (Double(x), Double(y), Double(x + 1), Double(y + 1)))
  }

  func card() -> Layer {
    var card = Layer(frame: frame)
    card.cornerRadii = CornerRadii(all: radius)
    card.masksToBounds = true
    return card
  }

  @Test(arguments: [true, false])
  func roundedCardClippingItsOwnBackgroundHasNoRim(roundedChild: Bool) {
    // The child fills the card's bounds (with the same corners, or square ones that the
    // card's clip rounds): every pixel is covered once, exactly as the rounded rectangle.
    var c = card()
    var child = Layer(frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height), backgroundColor: .black)
    if roundedChild { child.cornerRadii = CornerRadii(all: radius) }
    c.sublayers = [child]
    let b = render(c)
    var worst = 0.0
    for y in 0..<size.h { for x in 0..<size.w { worst = max(worst, abs(Double(pixel(b, x, y, 3)) - 255 * cardCoverage(x, y))) } }
    #expect(worst <= 1, "off by \(worst)/255")
  }

  @Test(arguments: [true, false])
  func stackedPartsAtTheRimShowOnlyTheTopOne(childOverhangs: Bool) {
    // A white card under a black full-bleed child, clipped to the rounded bounds: the group
    // is composited once, so an edge pixel is black at the card's coverage; drawn one part
    // after the other it would keep white·c·(1 − c) of the card under the child's rim.
    var c = card()
    c.backgroundColor = .white
    let inset = childOverhangs ? -1.0 : 0.0
    c.sublayers = [Layer(frame: Rect(x: inset, y: inset, width: frame.width - 2 * inset, height: frame.height - 2 * inset), backgroundColor: .black)]
    let b = render(c)
    var worstAlpha = 0.0, worstRed = 0, rim = 0
    for y in 0..<size.h {
      for x in 0..<size.w {
        let cov = cardCoverage(x, y)
        if cov > 0.02 && cov < 0.98 { rim += 1 }
        worstAlpha = max(worstAlpha, abs(Double(pixel(b, x, y, 3)) - 255 * cov))
        worstRed = max(worstRed, pixel(b, x, y, 0))
      }
    }
    #expect(rim > 50)
    #expect(worstAlpha <= 1, "alpha off by \(worstAlpha)/255")
    #expect(worstRed == 0, "white shows at the rim: \(worstRed)")
  }

  @Test(arguments: [true, false])
  func clippedCardWithAnInnerChildHasOneEdge(topCornersOnly: Bool) {
    // A white card that clips a small child well inside it: the card's rim is its
    // background at single coverage (drawn straight, then redrawn as a group at the rim).
    var c = card()
    if topCornersOnly { c.cornerRadii = CornerRadii(topLeft: radius, topRight: radius, bottomRight: 0, bottomLeft: 0) }
    c.backgroundColor = .white
    c.sublayers = [Layer(frame: Rect(x: 6, y: 5, width: 4, height: 3), backgroundColor: .black)]
    let b = render(c, background: .black)
    var worst = 0.0
    for y in 0..<size.h {
      for x in 0..<size.w where y < size.h / 2 && cardCoverage(x, y) < 0.98 {
        worst = max(worst, abs(Double(pixel(b, x, y, 0)) - 255 * cardCoverage(x, y)))
      }
    }
    #expect(worst <= 1, "rim off by \(worst)/255")
  }

  @Test(arguments: [false, true])
  func childInACornerOfAClippedCardFillsTheRim(image: Bool) {
    // A grey card clipping a white child that fills its left part (an image or a
    // background): at the card's left rim each pixel is the child at the card's coverage.
    var c = card()
    c.backgroundColor = Color(white: 0.2, alpha: 1)
    var child = Layer(frame: Rect(x: 0, y: 0, width: 8, height: frame.height), backgroundColor: image ? nil : .white)
    if image { child.contents = .image(Image(Bitmap(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64))), .scaleToFill) }
    c.sublayers = [child]
    let b = render(c, background: .black)
    var worst = 0.0
    for y in 0..<size.h {
      for x in 0..<Int(frame.minX * scale) + 8 where cardCoverage(x, y) > 0 {
        worst = max(worst, abs(Double(pixel(b, x, y, 0)) - 255 * cardCoverage(x, y)))
      }
    }
    #expect(worst <= 1, "rim off by \(worst)/255")
  }

  @Test func materialInItsOwnRoundedClipHasOneEdge() {
    // An opaque-tinted material through a clip of the same rounded rectangle, over black:
    // each pixel is the tint at the shape's coverage c (c·c would darken the rim).
    var b = Bitmap(width: size.w, height: size.h)
    b.clear(to: .black)
    let device = Rect(x: frame.minX * scale, y: frame.minY * scale, width: frame.width * scale, height: frame.height * scale)
    let shape = Mask(path: Path(roundedRect: device, cornerRadius: radius * scale), limit: b.pixelBounds)
    b.drawBackdrop(Backdrop(blurRadius: 1, tint: Color(red: 1, green: 0, blue: 0, alpha: 1)), sigma: 2, shape: shape, clip: shape)
    var worst = 0.0
    for y in 0..<size.h { for x in 0..<size.w { worst = max(worst, abs(Double(pixel(b, x, y, 0)) - 255 * cardCoverage(x, y))) } }
    #expect(worst <= 1, "off by \(worst)/255")
  }

  @Test func fullBleedImageInARoundedClipHasOneEdge() {
    var c = card()
    c.contents = .image(Image(Bitmap(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64))), .scaleToFill)
    let b = render(c)
    var worst = 0.0
    for y in 0..<size.h { for x in 0..<size.w { worst = max(worst, abs(Double(pixel(b, x, y, 3)) - 255 * cardCoverage(x, y))) } }
    #expect(worst <= 1, "off by \(worst)/255")
  }

  @Test func dimmedGroupEdgeIsTheUndimmedEdgeTimesTheDim() {
    // A white card with a grey bar, masked to its rounded bounds, over black; the dimmed
    // one has a black overlay at 0.4 over its bounds (as Stage draws `dimming`).
    var plain = card()
    plain.backgroundColor = .white
    var bar = Layer(frame: Rect(x: 0, y: 0, width: frame.width, height: 4.3), backgroundColor: Color(white: 0.5, alpha: 1))
    bar.name = "bar"
    plain.sublayers = [bar]
    var dimmed = plain
    dimmed.sublayers.append(Layer(frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                                  backgroundColor: Color(white: 0, alpha: 0.4), name: "dimming"))
    let a = render(plain, background: .black), d = render(dimmed, background: .black)
    var worst = 0, edgePixels = 0
    for y in 0..<size.h {
      for x in 0..<size.w {
        let u = pixel(a, x, y, 0), v = pixel(d, x, y, 0)
        worst = max(worst, abs(v - Int((Double(u) * 0.6).rounded())))
        let c = cardCoverage(x, y)
        if c > 0.02 && c < 0.98 {
          edgePixels += 1
          // Away from the bar, an edge pixel is white times its coverage, then dimmed.
          if y > 15 { #expect(abs(Double(v) - 0.6 * 255 * c) <= 1.5, "pixel \(x),\(y): \(v) vs \(0.6 * 255 * c)") }
        }
      }
    }
    #expect(edgePixels > 50)
    #expect(worst <= 1, "dimmed differs from 0.6 × undimmed by \(worst)")
  }

  @Test func fractionalRectEdgesIntersectAsRectangles() {
    // A rect through a rect clip on the same fractional edge: coverage 0.3 (76.5), not 0.09 (23).
    var b = Bitmap(width: 8, height: 8)
    b.fill(Rect(x: 2.7, y: 0, width: 4, height: 8), color: .black, clip: Mask(rect: Rect(x: 2.7, y: 0, width: 3, height: 8)))
    #expect(abs(pixel(b, 2, 3, 3) - 76) <= 1)
    // Through a rounded clip whose straight edge is the same line.
    let rounded = Mask(path: Path(roundedRect: Rect(x: 2.7, y: 0, width: 3, height: 8), cornerRadius: 1), limit: b.pixelBounds)
    var c = Bitmap(width: 8, height: 8)
    c.fill(Rect(x: 2.7, y: 0, width: 4, height: 8), color: .black, clip: rounded)
    #expect(abs(pixel(c, 2, 4, 3) - 76) <= 1)
  }
}
