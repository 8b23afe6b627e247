import Foundation
import Geometry
import Testing
@testable import Charts
@testable import Motion
import Raster

@Suite struct CurveChartTests {
  func chart() throws -> CurveChart {
    CurveChart(series: [
      .init(label: "spring: {duration: 0.44, dampingRatio: 0.82}", timing: try SpringParameters.uikit(duration: 0.44, dampingRatio: 0.82).timing()),
      .init(label: "curve: easeIn, duration: 0.32", timing: try Timing.cubic(.easeIn, duration: 0.32)),
    ])
  }

  @Test func sizeAndBackground() throws {
    let b = try chart().render()
    #expect(b.width == 1600 && b.height == 960)
    let corner = b.pixel(x: 1599, y: 959)
    #expect(corner.r == 255 && corner.g == 255 && corner.b == 255 && corner.a == 255)
  }

  // The end marker of each series sits at (end time, 1) in plot coordinates. The time axis is
  // 0…500 ms here (nice ticks over 0.44 × 1.08 s), the progress axis 0…1.25 (overshoot).
  @Test func endMarkersAreWhereTheTimingsEnd() throws {
    let c = try chart()
    let b = try c.render()
    let s = c.style
    let left = s.margins.left, right = c.size.width - s.margins.right
    let top = s.margins.top, bottom = c.size.height - s.margins.bottom
    #expect(try c.plot() == Rect(x: left, y: top, width: right - left, height: bottom - top))
    for (i, end) in [0.44, 0.32].enumerated() {
      let x = left + end / 0.5 * (right - left)
      let y = bottom - (1 - 0) / 1.25 * (bottom - top)
      let p = b.pixel(x: Int(x * s.scale), y: Int(y * s.scale))
      let expected = s.color(i)
      #expect(abs(Double(p.r) - expected.red * 255) <= 2, "series \(i) marker red")
      #expect(abs(Double(p.g) - expected.green * 255) <= 2, "series \(i) marker green")
      #expect(abs(Double(p.b) - expected.blue * 255) <= 2, "series \(i) marker blue")
    }
  }

  // A zero-length time axis and huge values still draw (no trap, finite scale).
  @Test func degenerateRanges() throws {
    let huge = try SpringParameters.uikit(duration: 0.5, dampingRatio: 0.75).timing(initialVelocity: 1e6)
    let b = try CurveChart(series: [.init(label: "x", timing: huge)], until: 0).render()
    #expect(b.width == 1600)
  }

  @Test func deterministic() throws {
    #expect(try chart().render() == chart().render())
  }
}
