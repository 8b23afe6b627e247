import Foundation
import Geometry
import Testing
@testable import Raster

@Suite struct BackdropTests {
  /// An opaque bitmap, black left of column `edge` and white from it on.
  func step(width: Int, height: Int, edge: Int) -> Bitmap {
    var b = Bitmap(width: width, height: height)
    b.clear(to: .white)
    b.fill(Rect(x: 0, y: 0, width: Double(edge), height: Double(height)), color: .black)
    return b
  }

  /// A blurred step edge is the Gaussian's CDF: 255·½(1 + erf((x + ½ − edge) / (σ√2))) at
  /// pixel x (the pixel's centre), for a direct (σ < 3 px) and a block-grid blur.
  @Test(arguments: [1.5, 12.0, 45.0])
  func blurredStepEdgeIsTheErf(sigma: Double) {
    let edge = 300
    var bitmap = step(width: 600, height: 240, edge: edge)
    let region = Rect(x: 40, y: 60, width: 520, height: 120)
    bitmap.drawBackdrop(Backdrop(blurRadius: 0, saturation: 1), sigma: sigma, shape: Mask(rect: region))
    var worst = 0.0
    for y in [60, 119, 179] {
      for x in 40..<560 {
        let exact = 255 * 0.5 * (1 + erf((Double(x) + 0.5 - Double(edge)) / (sigma * 2.0.squareRoot())))
        let p = bitmap.pixel(x: x, y: y)
        #expect(p.r == p.g && p.g == p.b && p.a == 255)
        worst = max(worst, abs(Double(p.r) - exact))
      }
    }
    // Block averaging and bilinear interpolation stay within about 0.004 of full scale
    // (Blur.swift); ±2 levels with the rounding.
    #expect(worst <= 2, "σ \(sigma): worst \(worst)")
    // Outside the shape nothing changes.
    #expect(bitmap.pixel(x: 299, y: 30) == (0, 0, 0, 255))
    #expect(bitmap.pixel(x: 300, y: 200) == (255, 255, 255, 255))
  }

  /// A uniform colour stays uniform up to the bitmap's edges (the blur clamps to the edge
  /// pixels rather than reading transparent black), then saturation and tint by hand:
  /// (200, 100, 50) saturated by 1.8 with feColorMatrix's weights (0.213, 0.715, 0.072)
  /// is (265.84, 85.84, −4.16), clamped to (255, 85.84, 0); white at 0.6 (153 of 255)
  /// over it gives 153 + 0.4·(255, 85.84, 0) = (255, 187.3, 153).
  @Test func uniformColourSaturatedAndTintedByHand() {
    var bitmap = Bitmap(width: 90, height: 70)
    bitmap.clear(to: Color(red: 200 / 255, green: 100 / 255, blue: 50 / 255))
    let backdrop = Backdrop(blurRadius: 0, saturation: 1.8, tint: Color(white: 1, alpha: 0.6))
    bitmap.drawBackdrop(backdrop, sigma: 20, shape: Mask(rect: bitmap.pixelBounds.rect))
    for y in 0..<70 {
      for x in 0..<90 {
        let p = bitmap.pixel(x: x, y: y)
        #expect(p == (255, 187, 153, 255), "(\(x), \(y)): \(p)")
      }
    }
  }

  /// Saturation 0 makes grey from the same weights: (200, 100, 50) → 117.7 → 118.
  @Test func saturationZeroIsLuminanceGrey() {
    var bitmap = Bitmap(width: 20, height: 20)
    bitmap.clear(to: Color(red: 200 / 255, green: 100 / 255, blue: 50 / 255))
    bitmap.drawBackdrop(Backdrop(blurRadius: 0, saturation: 0), sigma: 2, shape: Mask(rect: bitmap.pixelBounds.rect))
    #expect(bitmap.pixel(x: 10, y: 10) == (118, 118, 118, 255))
  }

  /// Half coverage (the shape's edge) and opacity mix the material with what was there:
  /// black under a white tint at 0.6 → 153, at coverage 128 of 255 → 153·128/255 = 76.8.
  @Test func coverageAndOpacityMix() {
    var bitmap = Bitmap(width: 40, height: 40)
    bitmap.clear(to: .black)
    let backdrop = Backdrop(blurRadius: 0, saturation: 1, tint: Color(white: 1, alpha: 0.6))
    bitmap.drawBackdrop(backdrop, sigma: 4, shape: Mask(rect: Rect(x: 10.5, y: 10, width: 20, height: 20)))
    #expect(bitmap.pixel(x: 10, y: 15).r == 77)
    #expect(bitmap.pixel(x: 20, y: 15).r == 153)
    #expect(bitmap.pixel(x: 9, y: 15).r == 0)
    var faded = Bitmap(width: 40, height: 40)
    faded.clear(to: .black)
    faded.drawBackdrop(backdrop, sigma: 4, shape: Mask(rect: Rect(x: 10, y: 10, width: 20, height: 20)), opacity: 0.5)
    #expect(faded.pixel(x: 20, y: 15).r == 77)
  }

  /// In a layer tree the backdrop sees what is drawn before it and nothing after it, its
  /// rounded corners keep what is outside them, and a grouped (opacity < 1) layer still
  /// blurs the real destination rather than its empty offscreen.
  @Test func layerTreeOrderCornersAndGroups() {
    func scene(barFirst: Bool, barOpacity: Double = 1) -> Bitmap {
      var root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: .white)
      let red = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 30), backgroundColor: Color(red: 1, green: 0, blue: 0))
      var bar = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 40), opacity: barOpacity)
      bar.backdrop = Backdrop(blurRadius: 2, saturation: 1)
      bar.cornerRadii = CornerRadii(all: 10)
      bar.sublayers = [Layer(frame: Rect(x: 40, y: 15, width: 20, height: 10), backgroundColor: .black)]
      root.sublayers = barFirst ? [bar, red] : [red, bar]
      var b = Bitmap(width: 100, height: 100)
      b.render(root, scale: 1)
      return b
    }
    let over = scene(barFirst: false)
    // Just above the red band's bottom edge (y = 30), inside the bar: red blurred with white.
    let mixed = over.pixel(x: 20, y: 29)
    #expect(mixed.r == 255 && mixed.g > 60 && mixed.g < 200, "\(mixed)")
    // The top-left corner pixel is outside the 10 pt rounded corner: still red.
    #expect(over.pixel(x: 0, y: 0) == (255, 0, 0, 255))
    // Drawn before the red band, the bar blurs only white, and the band covers it.
    let under = scene(barFirst: true)
    #expect(under.pixel(x: 20, y: 29) == (255, 0, 0, 255))
    #expect(under.pixel(x: 20, y: 35) == (255, 255, 255, 255))
    // At opacity 0.5 the group (backdrop + black box) reads the red band, not transparency.
    let grouped = scene(barFirst: false, barOpacity: 0.5)
    let g = grouped.pixel(x: 20, y: 29)
    #expect(g.a == 255 && g.r == 255, "\(g)")
    #expect(abs(Int(g.g) - (Int(mixed.g) / 2)) <= 1, "\(g) vs \(mixed)")
  }

  /// A navigation bar as Scene builds it: a clear bar layer whose first sublayer carries the
  /// material, faded as a group (opacity 0.5) during a push or pop. The material must blur
  /// the real destination, not the group's empty offscreen. By hand, over a uniform grey 100
  /// (blur and saturation leave grey unchanged), white at 0.6 gives 0.6·255 + 0.4·100 = 193,
  /// at the group's 0.5: 100 + 0.5·(193 − 100) = 146.5 (146 or 147). A clipped parent
  /// (masksToBounds, 30 pt tall) keeps the material out of rows above and below it. The black
  /// box in the same group is composited at 0.5 over the material already drawn (the
  /// documented approximation, docs/raster.md): 146.5 · 0.5 = 73.
  @Test func materialInsideAFadedGroupBlursTheDestination() {
    let grey = Color(red: 100 / 255, green: 100 / 255, blue: 100 / 255)
    var root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: grey)
    var bar = Layer(frame: Rect(x: 0, y: 10, width: 100, height: 30), opacity: 0.5)
    bar.masksToBounds = true
    var material = Layer(frame: Rect(x: 0, y: -10, width: 100, height: 60))
    material.backdrop = Backdrop(blurRadius: 3, saturation: 1.8, tint: Color(white: 1, alpha: 0.6))
    bar.sublayers = [material, Layer(frame: Rect(x: 40, y: 10, width: 20, height: 10), backgroundColor: .black)]
    root.sublayers = [bar]
    var b = Bitmap(width: 100, height: 100)
    b.render(root, scale: 1)
    let inside = b.pixel(x: 10, y: 20)
    #expect(abs(Int(inside.r) - 146) <= 1 && inside.r == inside.g && inside.g == inside.b, "\(inside)")
    #expect(b.pixel(x: 10, y: 5) == (100, 100, 100, 255))   // above the bar's clip
    #expect(b.pixel(x: 10, y: 45) == (100, 100, 100, 255))  // below it
    let box = b.pixel(x: 50, y: 25)
    #expect(abs(Int(box.r) - 73) <= 1, "\(box)")
  }

  @Test func materialTableIsComplete() {
    for t in Material.Thickness.allCases {
      for a in Material.Appearance.allCases {
        let b = Material(t, a).backdrop
        #expect(b.blurRadius == 20 && b.saturation == 1.8)
        #expect(b.tint.alpha > 0 && b.tint.alpha < 1)
      }
    }
    // Thicker light materials are more opaque.
    let light = [Material.Thickness.ultraThin, .thin, .regular, .thick].map { Material($0).tint.alpha }
    #expect(light == light.sorted())
  }
}
