import Foundation
import Geometry
import Raster
import Testing
@testable import Charts

@Suite struct ProgressChartTests {
  func series() -> [ProgressSeries] {
    (0..<3).map { i in
      let ts = (0..<121).map { Double($0) / 60 }
      let zeta = [0.6, 0.8, 1.0][i]
      let ps = ts.map { t -> Double in
        if t < 0.3 { return 0 }
        if t < 0.62 { return min(1, (t - 0.3) * 0.9) }
        let u = t - 0.62, w = 2 * Double.pi / 0.37
        let z = min(zeta, 0.999)
        let decay: Double = exp(-zeta * w * u)
        let wave: Double = cos(w * (1 - z * z).squareRoot() * u)
        return 1 - 0.712 * decay * wave
      }
      return ProgressSeries(label: "dampingRatio \(zeta)", times: ts, progress: ps, release: 0.62, settle: 0.62 + [0.9, 0.6, 0.45][i])
    }
  }

  @Test func mapsTimeAndProgressOntoThePlot() throws {
    let c = try ProgressChart(series: [ProgressSeries(label: "a", times: [0, 1], progress: [0, 1])], duration: 2, width: 462, height: 310, style: .dark(scale: 1))
    // Plot: x from 44 to 462 - 18 = 444 (400 px for 2 s); y from 30 to 310 - 30 = 280 (250 px)
    // for p in [-0.06, 1.06].
    #expect(c.point(t: 0, p: -0.06) == Point(44, 280))
    #expect(c.point(t: 2, p: 1.06) == Point(444, 30))
    #expect(abs(c.point(t: 0.5, p: 0.5).x - 144) < 1e-9)
    #expect(abs(c.point(t: 0.5, p: 0.5).y - 155) < 1e-9)
    // At scale 2 the same chart in points: every length doubles.
    let c2 = try ProgressChart(series: [ProgressSeries(label: "a", times: [0, 1], progress: [0, 1])], duration: 2, width: 924, height: 620, style: .dark(scale: 2))
    #expect(c2.point(t: 0, p: -0.06) == Point(88, 560))
    #expect(c2.plot == Rect(x: 88, y: 60, width: 800, height: 500))
  }

  // The p = 1 axis line is 1 pt wide on whole pixels: at scale 1, p = 1 maps to
  // y = 280 - (1 + 0.06) / 1.12 * 250 = 43.39, so the line fills row 43 (snapped) and the
  // rows beside it keep the background, between the ticks' labels and the plot's right end.
  @Test func axisLinesAreSharp() throws {
    let style = ChartStyle.dark(scale: 1)
    let c = try ProgressChart(series: [ProgressSeries(label: "a", times: [0, 2], progress: [0, 0])], duration: 2, width: 462, height: 310, style: style)
    let b = c.render()
    let bg = b.pixel(x: 400, y: 60)
    let line = b.pixel(x: 400, y: 43)
    #expect(line != bg)
    #expect(b.pixel(x: 400, y: 42) == bg && b.pixel(x: 400, y: 44) == bg)
    // The axis colour (white at 0.35) over the background (0.07 · 255 ≈ 18): 18 + 0.35 · (255 - 18) ≈ 101.
    #expect(abs(Int(line.r) - 101) <= 2)
  }

  @Test func playheadMovesAndChangesOnlyItsColumn() throws {
    let c = try ProgressChart(series: series(), duration: 2, width: 900, height: 320, style: .dark(scale: 1), title: "T2 release: complete spring")
    let still = c.render()
    let at = c.render(playhead: 0.8)
    let x = Int(c.point(t: 0.8, p: 0).x)
    #expect(at.pixel(x: x, y: 60) != still.pixel(x: x, y: 60))
    #expect(at.pixel(x: x + 40, y: 60) == still.pixel(x: x + 40, y: 60))
  }

  @Test func seriesInterpolatesAndHoldsItsEnds() {
    let s = ProgressSeries(label: "", times: [0, 1, 2], progress: [0, 1, 0.5])
    #expect(s.value(at: -1) == 0 && s.value(at: 0.25) == 0.25 && s.value(at: 1.5) == 0.75 && s.value(at: 9) == 0.5)
  }

  @Test func deterministic() throws {
    let a = try ProgressChart(series: series(), duration: 2, width: 900, height: 320, style: .dark(scale: 1)).render(playhead: 1.1)
    let b = try ProgressChart(series: series(), duration: 2, width: 900, height: 320, style: .dark(scale: 1)).render(playhead: 1.1)
    #expect(a == b)
  }
}

/// Tick steps: 1, 2, 2.5 or 5 × 10ⁿ, the smallest giving at most `target` intervals.
@Suite struct ChartAxisTests {
  @Test func niceSteps() {
    // 2 s in ms with at most 10 ticks: 200 ms; 0.4 s: 50 ms (40 is not a nice step).
    #expect(ChartAxis(from: 0, to: 2000, target: 10).step == 200)
    #expect(ChartAxis(from: 0, to: 400, target: 10).step == 50)
    // 0...1.25 with 5 intervals: 0.25 exactly; -0.1...1.1 widens to -0.25...1.25.
    #expect(ChartAxis(from: 0, to: 1.25, target: 5).step == 0.25)
    let a = ChartAxis(from: -0.1, to: 1.1, target: 5)
    #expect(a.step == 0.25 && a.lower == -0.25 && a.upper == 1.25)
    #expect(a.ticks(within: -0.1...1.1) == [0, 0.25, 0.5, 0.75, 1])
  }
}

/// Names on a chart keep apart: one that would touch the name before it goes a row further
/// (T2 and its cancelling variant release 140 ms apart, about 55 px at 1x).
@Suite struct LabelStackTests {
  @Test func closeLabelsStackAndFarOnesShareARow() {
    var s = LabelStack(gap: 6)
    func row(_ left: Double) -> Double { s.place(Rect(x: left, y: 0, width: 40, height: 14), step: 14).minY / 14 }
    #expect(row(100) == 0)  // row 0 ends at 140
    #expect(row(130) == 1)  // 130 < 146: a new row, ends at 170
    #expect(row(147) == 0)  // 147 > 146: back on row 0
    #expect(row(150) == 2)  // row 0 ends at 187, row 1 at 170: both too close
  }

  @Test func captionsStackUpwards() {
    var s = LabelStack(gap: 0)
    let a = s.place(Rect(x: 0, y: 100, width: 50, height: 18), step: -21)
    let b = s.place(Rect(x: 30, y: 95, width: 50, height: 18), step: -21)
    let c = s.place(Rect(x: 50, y: 100, width: 50, height: 18), step: -21)  // touches a's end: apart
    #expect(a.minY == 100 && b.minY == 74 && c.minY == 100)
  }
}
