import Foundation
import Geometry
import Motion
import Raster
import Text

/// A chart of timings over time (what `flipbook curves --plot` draws): progress on the
/// vertical axis, time in milliseconds on the horizontal one, a legend with each timing as
/// written, and a marker where each timing ends (UIKit's end of a duration spring, the
/// settling duration of the other forms, or a curve's duration) captioned with that time.
/// Drawn with `ChartCanvas` in `ChartStyle.light` by default.
public struct CurveChart: Sendable {
  public struct Series: Hashable, Sendable {
    public var label: String
    public var timing: Timing

    public init(label: String, timing: Timing) {
      self.label = label
      self.timing = timing
    }
  }

  public var series: [Series]
  /// The time axis ends here (seconds); nil runs a little past the last end.
  public var until: Double?
  /// The chart's size, points (`style.scale` pixels each).
  public var size: Size
  public var style: ChartStyle

  public init(series: [Series], until: Double? = nil, size: Size = Size(800, 480), style: ChartStyle = .light()) {
    self.series = series
    self.until = until
    self.size = size
    self.style = style
  }

  /// The plot area, points: the style's margins, the top grown by 18 pt a legend row past
  /// the first.
  public func plot() throws(TextError) -> Rect {
    let m = style.margins
    let rows = try ChartCanvas.legendRows(series.map(\.label), left: m.left, right: size.width - m.right, style: style).count
    let top = m.top + 18 * Double(rows - 1)
    return Rect(x: m.left, y: top, width: size.width - m.left - m.right, height: max(1, size.height - top - m.bottom))
  }

  /// The chart as a premultiplied RGBA bitmap of `size × style.scale` pixels.
  public func render() throws(TextError) -> Bitmap {
    let plot = try plot()
    // Time from 0 to a little past the last end (at least 10 ms, so the scale is never
    // degenerate); progress from min(0, lowest) to max(1, highest), so overshoot shows.
    let lastEnd = series.map(\.timing.endTime).max() ?? 1
    let tMax = max(until ?? lastEnd * 1.08, until == nil ? 0.05 : 0.01)
    let xAxis = ChartAxis(from: 0, to: tMax * 1000, target: 8)
    let tEnd = until.map { max($0, 0.01) } ?? xAxis.upper / 1000
    let samples = max(Int(plot.width * style.scale), 2)
    let curves: [[(Double, Double)]] = series.map { item in
      (0...samples).map { i in
        let t = tEnd * Double(i) / Double(samples)
        let v = item.timing.progress(at: t)
        return (t * 1000, v.isFinite ? v : 0)
      }
    }
    var lo = 0.0, hi = 1.0
    for c in curves { for (_, v) in c { lo = min(lo, v); hi = max(hi, v) } }
    let yAxis = ChartAxis(from: lo, to: hi, target: 5)
    let yRange = min(yAxis.lower, lo)...max(yAxis.upper, hi)
    var canvas = ChartCanvas(size: size, plot: plot, x: 0...xAxis.upper, y: yRange, style: style)
    try canvas.grid(
      xTicks: xAxis.ticks, yTicks: yAxis.ticks(within: yRange), xText: ChartText.tick, yText: ChartText.tick,
      isAxisX: { $0 == 0 }, isAxisY: { abs($0) < 1e-9 || abs($0 - 1) < 1e-9 }, xName: "time (ms)", yName: "progress")
    for (i, c) in curves.enumerated() { canvas.line(c, color: style.color(i)) }
    // End markers, each captioned on a pill above it; captions that would overlap stack upwards.
    var captions = LabelStack(gap: 0)
    for (i, item) in series.enumerated() {
      let end = item.timing.endTime
      guard end * 1000 <= xAxis.upper else { continue }
      let centre = canvas.point(end * 1000, item.timing.progress(at: end))
      canvas.marker(.outlinedDot(radius: 3.5, outline: ChartOutline(width: 1.5, color: style.background)), at: centre, color: style.color(i))
      let caption = "\(ChartText.milliseconds(end)) ms"
      let width = try canvas.textWidth(caption, weight: .semibold) + 12
      let box = captions.place(Rect(x: centre.x - width / 2, y: centre.y - 30, width: width, height: 18), step: -21)
      canvas.fill(Path(roundedRect: box, cornerRadius: 9), color: style.background.withAlpha(0.92))
      canvas.stroke(Path(roundedRect: box, cornerRadius: 9), style: StrokeStyle(width: 1), color: style.color(i).withAlpha(0.35))
      try canvas.text(caption, at: Point(centre.x, box.midY), anchor: .center, color: style.color(i), weight: .semibold)
    }
    try canvas.legend(series.enumerated().map { ($0.element.label, style.color($0.offset)) }, top: 9)
    return canvas.bitmap
  }
}
