import Foundation
import Raster
import Scene
import Stage
import Testing

/// What a designer sees at the edges of a moving screen: the corners of a screen that recedes
/// behind a card (T5), the shadow on the left edge of a page swiped back (T6), and the status
/// bar's ink over the screen that ends up under it (T4). Frames at scale 1; every expected
/// value is computed here from the scene's numbers.
@Suite("Catalog screen edges: receding corners, swipe-back shadow, status bar ink", .serialized)
struct ScreenEdgeTests {
  func clip(_ stem: String, _ variant: String? = nil) throws -> Clip {
    try Clip(document: try Catalog.load(stem, variant: variant), scale: 1)
  }

  /// Standard normal CDF.
  static func phi(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.squareRoot())) }

  @Test("T5: the presented-behind Home screen has 10 pt continuous corners (9 pt at scale 0.9), as iOS rounds a receding screen")
  func t5RecedingCorners() throws {
    // Presented: the Home screen at scale 0.9 about the canvas centre (195, 422): its top-left
    // corner at (195 - 0.9 x 195, 422 - 0.9 x 422) = (19.5, 42.2), radius 0.9 x 10 = 9 pt. The
    // pixel [22, 23] x [43, 44] is outside a 9 pt circular corner (its inner corner (23, 44)
    // is sqrt(5.5^2 + 7.2^2) = 9.06 pt from the arc's centre (28.5, 51.2)) and the continuous
    // corner cuts deeper still: black canvas. A 6 pt corner (5.4 on screen), as before, would
    // cover most of it. (40, 46) is inside: white under the 0.7 black dimming, 0.3 x 255.
    for (stem, presentedAtStart) in [("t5-card-presentation", false), ("t5-card-pull-down-to-close", true)] {
      let c = try clip(stem)
      let b = c.bitmap(frame: presentedAtStart ? 0 : c.frameCount - 1)
      for (x, y) in [(19, 42), (20, 43), (22, 43)] {
        let p = b.pixel(x: x, y: y)
        #expect(max(p.r, p.g, p.b) <= 4, "\(stem) corner (\(x), \(y)): \(p)")
      }
      let inside = b.pixel(x: 40, y: 46)
      #expect(abs(Double(inside.r) - 0.3 * 255) <= 2 && inside.r == inside.g && inside.g == inside.b, "\(stem) inside \(inside)")
    }
  }

  /// The page's left-edge shadow over the white list, along the row y = 20 (under the
  /// window's status bar, between the time and the icons) at 0.583 s: the page runs up to the
  /// top of the screen, so its shadow does too. A rectangular shadow path [x0, x1] with a
  /// Gaussian of σ darkens white by opacity x (Φ((x1 - x) / σ) - Φ((x0 - x) / σ)).
  func expectShadow(_ variant: String?, x0: Double, x1: Double, sigma: Double, opacity: Double) throws {
    let c = try clip("t6-full-page-swipe-back", variant)
    let n = 35  // 0.583 s, the finger down
    let edge = try #require(c.timeline.state(frame: n).values.first {
      $0.key.target.text == "album" && $0.key.property == .translationX
    }?.value.number)
    #expect(edge > 60 && edge < 200)
    let b = c.bitmap(frame: n)
    for y in [8, 20, 40] {
      for x in (Int(edge) - 16)...(Int(edge) - 1) {
        let at = Double(x) + 0.5 - edge
        let dark = opacity * (Self.phi((x1 - at) / sigma) - Self.phi((x0 - at) / sigma))
        let expected = 255 * (1 - dark)
        let p = b.pixel(x: x, y: y)
        #expect(abs(Double(p.r) - expected) <= 4, "\(variant ?? "seed") (\(x), \(y)) \(p.r) vs \(expected)")
      }
    }
  }

  @Test("T6: the seed's shadow (4 pt path, σ 3, opacity 0.8) runs from the top of the screen: no status bar strip over the sliding page")
  func t6SeedShadowRunsToTheTop() throws {
    try expectShadow(nil, x0: -4, x1: 0, sigma: 3, opacity: 0.8)
  }

  @Test("T6 variant uikit-shadow: a faint 14 pt gradient, darkest (0.143) at the page's edge")
  func t6UIKitShadow() throws {
    try expectShadow("uikit-shadow", x0: -8, x1: 8, sigma: 4, opacity: 0.15)
  }

  @Test("T4: the status bar is white over the purple and black over the pale photo at the end")
  func t4StatusBarInk() throws {
    let c = try clip("t4-reveal-push")
    // The battery's level (x 342.5...363.5, y 19.5...28.5, as in ChromeTests).
    func battery(_ b: Bitmap, _ value: UInt8, _ label: String) {
      for y in 21...27 { for x in 345...360 {
        let p = b.pixel(x: x, y: y)
        #expect(p.r == value && p.g == value && p.b == value, "\(label) (\(x), \(y)) \(p)")
      } }
    }
    // Mid-pan (0.6 s, p about 0.5): the disc is far below the bar; white ink on purple.
    #expect(c.timeline.state(at: 0.6).progress < 0.887)
    battery(c.bitmap(at: 0.6), 255, "0.6 s")
    // The last frame: black ink, and the photo right under the bar is light (mean > 150).
    let last = c.bitmap(frame: c.frameCount - 1)
    battery(last, 0, "last")
    var sum = 0.0
    for x in 300..<380 { let p = last.pixel(x: x, y: 40); sum += (Double(p.r) + Double(p.g) + Double(p.b)) / 3 }
    #expect(sum / 80 > 150)
  }
}
