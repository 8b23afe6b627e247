import Geometry
import Raster
import Text

/// A chart of each variant's progress p over time on one time axis (what `compare`,
/// `review`, `preview` and `match` show): a line per variant in its colour, each release
/// (a dashed rule named "release", a filled dot on the line), each settle (a ring, and
/// "settled 720 ms"), each overshoot past 1 (its peak as a percentage), a legend, time in
/// milliseconds and p. `render(playhead:)` adds a playhead with a dot where it crosses each
/// line, for the curve strip under a clip. Drawn with `ChartCanvas`, in pixels of
/// `style.scale` per point.
public struct ProgressChart: Sendable {
  public let series: [ProgressSeries]
  /// The time axis runs from 0 to `duration` seconds.
  public let duration: Double
  /// Size in device pixels.
  public let width: Int, height: Int
  public let style: ChartStyle
  public let title: String?
  /// The plotting area, device pixels.
  public let plot: Rect
  /// The static chart (everything but the playhead), drawn once; a playhead is drawn on a copy.
  private let canvas: ChartCanvas

  /// A chart of `width` × `height` device pixels.
  public init(
    series: [ProgressSeries], duration: Double, width: Int, height: Int, style: ChartStyle, title: String? = nil
  ) throws(TextError) {
    precondition(!series.isEmpty && duration > 0 && width > 0 && height > 0, "a chart needs series and a size")
    self.series = series; self.duration = duration; self.width = width; self.height = height
    self.style = style; self.title = title
    let s = style.scale, m = style.margins
    let size = Size(Double(width) / s, Double(height) / s)
    let rows = try ChartCanvas.legendRows(series.map(\.label), left: m.left, right: size.width - m.right, style: style).count
    let top = m.top + (title == nil ? 0 : ProgressChart.titleHeight) + 18 * Double(rows - 1)
    let plotPoints = Rect(x: m.left, y: top, width: max(1 / s, size.width - m.left - m.right), height: max(1 / s, size.height - top - m.bottom))
    let all = series.flatMap(\.progress)
    let lo = min(0, all.min()!), hi = max(1, all.max()!)
    let pad = 0.06 * (hi - lo)
    var canvas = ChartCanvas(size: size, plot: plotPoints, x: 0...duration, y: (lo - pad)...(hi + pad), style: style)
    try ProgressChart.drawStatic(&canvas, series: series, title: title)
    self.canvas = canvas
    plot = Rect(x: plotPoints.minX * s, y: plotPoints.minY * s, width: plotPoints.width * s, height: plotPoints.height * s)
  }

  /// Room a title takes above the legend, points.
  static let titleHeight = 22.0

  /// Device-pixel position of (t seconds, p).
  public func point(t: Double, p: Double) -> Point {
    let q = canvas.point(t, p)
    return Point(q.x * style.scale, q.y * style.scale)
  }

  /// The chart without a playhead.
  public func render() -> Bitmap { canvas.bitmap }

  /// The chart with a playhead at `t` seconds and a dot on each line where it crosses.
  public func render(playhead t: Double) -> Bitmap {
    var c = canvas
    let tt = min(max(t, 0), duration)
    c.verticalRule(atX: tt, color: Color(white: 1, alpha: 0.75), width: 1.5)
    for (i, sr) in series.enumerated() {
      c.marker(.outlinedDot(radius: 4.5, outline: ChartOutline(width: 1.2, color: Color(white: 1))), at: c.point(tt, sr.value(at: tt)), color: style.color(i))
    }
    return c.bitmap
  }

  private static func drawStatic(_ c: inout ChartCanvas, series: [ProgressSeries], title: String?) throws(TextError) {
    let style = c.style
    var legendTop = 6.0
    if let title {
      try c.text(title, at: Point(c.plot.minX, legendTop + 10), anchor: .left, color: style.title, size: style.fontSize + 3, weight: .semibold)
      legendTop += titleHeight
    }
    try c.legend(series.enumerated().map { ($0.element.label, style.color($0.offset)) }, top: legendTop)
    let duration = c.x.upperBound
    let xAxis = ChartAxis(from: 0, to: duration * 1000, target: 10)
    let yAxis = ChartAxis(from: c.y.lowerBound, to: c.y.upperBound, target: 5)
    try c.grid(
      xTicks: xAxis.ticks(within: 0...(duration * 1000)).map { $0 / 1000 }, yTicks: yAxis.ticks(within: c.y),
      xText: { ChartText.tick(($0 * 1000).rounded()) }, yText: ChartText.tick,
      isAxisX: { _ in false }, isAxisY: { abs($0) < 1e-9 || abs($0 - 1) < 1e-9 }, xName: "ms", yName: "p")
    for (i, sr) in series.enumerated() { c.line(Array(zip(sr.times, sr.progress)), color: style.color(i)) }
    // Release: one dashed rule and name per distinct instant (names too close go a row lower);
    // a dot on each line.
    var releases: [Double] = []
    for sr in series {
      guard let r = sr.release else { continue }
      if !releases.contains(where: { abs(c.point($0, 0).x - c.point(r, 0).x) < 3 }) { releases.append(r) }
    }
    let releaseWidth = try c.textWidth("release", weight: .semibold)
    var names = LabelStack(gap: 6)
    for r in releases.sorted() {
      c.verticalRule(atX: r, color: Color(white: 1, alpha: 0.4), width: 1, dash: [4, 3])
      let box = names.place(Rect(x: c.point(r, 0).x + 4, y: c.plot.minY + 2, width: releaseWidth, height: 14), step: 14)
      try c.text("release", at: Point(box.minX, box.midY), anchor: .left, color: style.title, weight: .semibold)
    }
    for (i, sr) in series.enumerated() {
      guard let r = sr.release else { continue }
      c.marker(.outlinedDot(radius: 4.5, outline: ChartOutline(width: 1.2, color: Color(white: 1))), at: c.point(r, sr.value(at: r)), color: style.color(i))
    }
    // Settle: a ring on each line and "settled 720 ms" in the line's colour, stacked from the
    // plot's bottom; one neutral label when every line settles at the same millisecond
    // (UIKit's duration-fitted springs all end at their duration, whatever the damping).
    let settles = series.map { $0.settle.map { Int(($0 * 1000).rounded()) } }
    let shared = series.count > 1 && settles.allSatisfy { $0 != nil && $0 == settles[0] }
    for (i, sr) in series.enumerated() {
      guard let st = sr.settle else { continue }
      let ring = c.point(st, sr.value(at: st))
      c.marker(.ring(radius: 5.5, width: 2), at: ring, color: style.color(i))
      if shared && i > 0 { continue }
      let caption = (shared ? "all settled " : "settled ") + "\(Int((st * 1000).rounded())) ms"
      let mid = c.plot.maxY - Double(shared ? 1 : series.count - i) * 16 + 4
      // Right of the ring, or left of it where the plot ends first (never over the ring).
      let w = try c.textWidth(caption, weight: .semibold) + 4
      let left = ring.x + 9 + w <= c.plot.maxX ? ring.x + 9 : max(c.plot.minX, ring.x - 9 - w)
      let color = shared ? style.title : style.color(i)
      try c.text(caption, at: Point(left, mid), anchor: .left, color: color, weight: .semibold)
      var lead = Path()
      lead.move(to: Point(ring.x, ring.y + 6))
      lead.line(to: Point(ring.x, mid + 6))
      c.stroke(lead, style: StrokeStyle(width: 1, dash: [2, 2]), color: color.withAlpha(0.5))
    }
    // Overshoot: the peak past 1 after release, as a percentage of the distance.
    for (i, sr) in series.enumerated() {
      guard let r = sr.release else { continue }
      var best: (t: Double, p: Double)?
      for (t, p) in zip(sr.times, sr.progress) where t >= r && p > 1.0005 && p > (best?.p ?? 0) { best = (t, p) }
      guard let peak = best else { continue }
      let dot = c.point(peak.t, peak.p)
      c.marker(.dot(radius: 2.5), at: dot, color: style.color(i))
      try c.text(String(format: "+%.1f %%", (peak.p - 1) * 100), at: Point(dot.x + 5, dot.y - 9), anchor: .left, color: style.color(i), weight: .semibold)
    }
  }
}
