import Geometry
import Testing
@testable import Raster

@Suite struct LayerRendererTests {
  func canvas(_ w: Int = 40, _ h: Int = 40) -> Bitmap {
    var b = Bitmap(width: w, height: h)
    b.clear(to: .white)
    return b
  }

  @Test func groupOpacityDoesNotShowOverlaps() {
    var parent = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40), opacity: 0.5)
    parent.sublayers = [
      Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20), backgroundColor: Color(red: 1, green: 0, blue: 0)),
      Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20), backgroundColor: Color(red: 1, green: 0, blue: 0)),
    ]
    var b = canvas()
    b.render(parent, scale: 1)
    // Red at 0.5 over white: G = round(255 · (255 − 128) / 255) = 127.
    #expect(b.pixel(x: 5, y: 5) == (255, 127, 127, 255))
    #expect(b.pixel(x: 15, y: 15) == (255, 127, 127, 255))
    #expect(b.pixel(x: 35, y: 35) == (255, 255, 255, 255))
    // A leaf at 0.5 draws the same colour without an offscreen pass.
    var c = canvas()
    c.render(Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), opacity: 0.5, backgroundColor: Color(red: 1, green: 0, blue: 0)), scale: 1)
    #expect(c.pixel(x: 5, y: 5) == (255, 127, 127, 255))
  }

  @Test func transformAppliesAboutTheAnchorPoint() {
    let l = Layer(frame: Rect(x: 10, y: 10, width: 10, height: 10), transform: AffineTransform(scaleX: 2, y: 2), backgroundColor: .black)
    var b = canvas()
    b.render(l, scale: 1)
    #expect(b.pixel(x: 5, y: 5).r == 0)
    #expect(b.pixel(x: 24, y: 24).r == 0)
    #expect(b.pixel(x: 4, y: 4).r == 255)
    #expect(b.pixel(x: 25, y: 25).r == 255)
    // Anchor at the top-left corner: scaling grows to the right and down only.
    var m = l
    m.anchorPoint = Point(0, 0)
    m.position = Point(10, 10)
    var c = canvas()
    c.render(m, scale: 1)
    #expect(c.pixel(x: 10, y: 10).r == 0 && c.pixel(x: 29, y: 29).r == 0 && c.pixel(x: 9, y: 9).r == 255)
  }

  @Test func sublayersUseTheParentsBoundsOrigin() {
    // A scrolled parent (bounds.origin.y = 10) shows its sublayer 10 pt higher.
    var parent = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    parent.bounds.origin = Point(0, 10)
    parent.sublayers = [Layer(frame: Rect(x: 0, y: 20, width: 5, height: 5), backgroundColor: .black)]
    var b = canvas()
    b.render(parent, scale: 2)
    #expect(b.pixel(x: 2, y: 20).r == 0)   // y = (20 − 10) · 2
    #expect(b.pixel(x: 2, y: 19).r == 255)
  }

  @Test func masksToBoundsNests() {
    var outer = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    outer.masksToBounds = true
    var inner = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    inner.masksToBounds = true
    inner.sublayers = [Layer(frame: Rect(x: -20, y: -20, width: 100, height: 100), backgroundColor: .black)]
    outer.sublayers = [inner]
    var b = canvas()
    b.render(outer, scale: 1)
    #expect(b.pixel(x: 15, y: 15).r == 0)
    #expect(b.pixel(x: 5, y: 5).r == 255)    // outside inner
    #expect(b.pixel(x: 25, y: 25).r == 255)  // outside outer
  }

  @Test func borderIsAnInnerStroke() {
    var l = Layer(frame: Rect(x: 10, y: 10, width: 10, height: 10))
    l.border = Border(width: 1, color: .black)
    var b = canvas(50, 50)
    b.render(l, scale: 2)
    #expect(b.pixel(x: 20, y: 30).r == 0 && b.pixel(x: 21, y: 30).r == 0)
    #expect(b.pixel(x: 22, y: 30).r == 255)
    #expect(b.pixel(x: 19, y: 30).r == 255)
    #expect(b.pixel(x: 39, y: 30).r == 0 && b.pixel(x: 40, y: 30).r == 255)
  }

  @Test func hiddenAndTransparentLayersDrawNothing() {
    var l = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40), backgroundColor: .black)
    l.isHidden = true
    var b = canvas()
    b.render(l, scale: 1)
    let m = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40), opacity: 0, backgroundColor: .black)
    b.render(m, scale: 1)
    #expect(b.pixels.allSatisfy { $0 == 255 })
  }

  @Test func maskPathClipsTheLayer() {
    // A circular reveal: a 10-pt circle mask in the layer's bounds.
    var l = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 40), backgroundColor: .black)
    l.mask = Path(ellipseIn: Rect(x: 10, y: 10, width: 20, height: 20))
    var b = canvas()
    b.render(l, scale: 1)
    #expect(b.pixel(x: 20, y: 20).r == 0)
    #expect(b.pixel(x: 2, y: 2).r == 255)
    #expect(b.pixel(x: 11, y: 11).r == 255) // outside the circle, inside its box
  }
}
