import Foundation
import Geometry
import Testing
@testable import Raster

@Suite struct BlurTests {
  /// FRAME.md layer (e) at scale 3: rect (0, 759, 390, 83) pt blurred with σ = 30 px,
  /// against the exact A = Gx·Gy with erf.
  @Test func blurredRectMatchesTheErfFormula() {
    let s = 3.0, sigma = 30.0
    let canvas = PixelRect(x: 0, y: 0, width: 1170, height: 2532)
    let shape = Mask(path: Path(rect: Rect(x: 0, y: 759 * s, width: 390 * s, height: 83 * s)), limit: canvas.outset(by: 100))
    let blurred = shape.blurred(sigma: sigma)
    let k = 1 / (sigma * 2.0.squareRoot())
    func g(_ v: Double, _ a: Double, _ b: Double) -> Double { 0.5 * (erf((v - a) * k) - erf((v - b) * k)) }
    var worst = 0.0
    for y in stride(from: 2150, to: 2532, by: 3) {
      for x in stride(from: 0, to: 1170, by: 7) {
        let X = Double(x) + 0.5, Y = Double(y) + 0.5
        let exact = g(X, 0, 1170) * g(Y, 759 * s, 842 * s) * 255
        worst = max(worst, abs(Double(blurred.coverage(x: x, y: y)) - exact))
      }
    }
    // Full coverage scale: ±2 of 255 (at FRAME's opacity 0.2 that is under ½ a level).
    #expect(worst <= 2, "worst \(worst)")
  }

  @Test func smallBlurKeepsMassAndSymmetry() {
    let m = Mask(rect: Rect(x: 10, y: 10, width: 1, height: 1)).blurred(sigma: 1)
    let total = m.bytes.reduce(0) { $0 + Int($1) }
    #expect(abs(total - 255) <= 6)
    #expect(m.coverage(x: 9, y: 10) == m.coverage(x: 11, y: 10))
    #expect(m.coverage(x: 10, y: 9) == m.coverage(x: 10, y: 11))
  }
}
