import Foundation
import Geometry
import Motion
import Raster
import Text

/// A chart of timings over time, drawn with Flipbook's own rasterizer: progress on the vertical
/// axis, time in milliseconds on the horizontal one, a hairline grid, a legend, and a marker
/// where each timing ends (UIKit's end of a duration spring, the settling duration of the
/// other forms, or a curve's duration), labelled with that time.
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
  public var style: ChartStyle

  public init(series: [Series], until: Double? = nil, style: ChartStyle = ChartStyle()) {
    self.series = series
    self.until = until
    self.style = style
  }

  /// The chart as a premultiplied RGBA bitmap of `style.size × style.scale` pixels.
  public func render() throws(TextError) -> Bitmap {
    let s = style, scale = s.scale
    var bitmap = Bitmap(width: Int((s.size.width * scale).rounded()), height: Int((s.size.height * scale).rounded()))
    bitmap.clear(to: s.background)
    // Legend rows: a swatch and the timing as written, wrapping under the chart's width.
    var legend: [(index: Int, origin: Point)] = []
    var lx = s.margins.left, row = 0.0
    for (i, item) in series.enumerated() {
      let width = try measure(Label(item.label, fontSize: s.fontSize + 1, weight: .medium), maxWidth: nil).width
      if lx + 18 + width > s.size.width - s.margins.right && lx > s.margins.left {
        lx = s.margins.left
        row += 18
      }
      legend.append((i, Point(lx, 18 + row)))
      lx += 18 + width + 22
    }
    let top = max(s.margins.top, 18 + row + 46)
    let plot = Rect(
      x: s.margins.left, y: top, width: s.size.width - s.margins.left - s.margins.right,
      height: s.size.height - top - s.margins.bottom)

    // Ranges: time from 0 to a little past the last end; progress from min(0, lowest) to
    // max(1, highest), so overshoot shows.
    let lastEnd = series.map(\.timing.endTime).max() ?? 1
    // At least 10 ms of time axis, whatever `until` says, so the scale is never degenerate.
    let tMax = max(until ?? lastEnd * 1.08, until == nil ? 0.05 : 0.01)
    let xAxis = ChartAxis(from: 0, to: tMax * 1000, target: 8)
    let tEnd = until.map { max($0, 0.01) } ?? xAxis.upper / 1000
    let samples = max(Int(plot.width * scale), 2)
    var lo = 0.0, hi = 1.0
    let curves: [[(Double, Double)]] = series.map { item in
      (0...samples).map { i in
        let t = tEnd * Double(i) / Double(samples)
        let v = item.timing.progress(at: t)
        return (t, v.isFinite ? v : 0)
      }
    }
    for c in curves { for (_, v) in c { lo = min(lo, v); hi = max(hi, v) } }
    let yAxis = ChartAxis(from: lo, to: hi, target: 5)
    let (y0, y1) = (min(yAxis.lower, lo), max(yAxis.upper, hi))
    let xEnd = xAxis.upper / 1000
    func px(_ t: Double) -> Double { plot.minX + t / xEnd * plot.width }
    func py(_ v: Double) -> Double { plot.maxY - (v - y0) / (y1 - y0) * plot.height }
    let toPixels = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
    let hairline = StrokeStyle(width: 1 / scale)

    // Grid and tick labels.
    for v in yAxis.ticks where v >= y0 - 1e-9 && v <= y1 + 1e-9 {
      var p = Path()
      p.move(to: Point(plot.minX, snap(py(v), scale)))
      p.line(to: Point(plot.maxX, snap(py(v), scale)))
      let strong = abs(v) < 1e-9 || abs(v - 1) < 1e-9
      bitmap.stroke(p, style: strong ? StrokeStyle(width: 1) : hairline, color: strong ? s.axis : s.grid, transform: toPixels)
      try text(&bitmap, tickText(v), at: Point(plot.minX - 8, py(v)), anchor: .right, color: s.label)
    }
    for ms in xAxis.ticks {
      let x = snap(px(ms / 1000), scale)
      var p = Path()
      p.move(to: Point(x, plot.minY))
      p.line(to: Point(x, plot.maxY))
      bitmap.stroke(p, style: ms == 0 ? StrokeStyle(width: 1) : hairline, color: ms == 0 ? s.axis : s.grid, transform: toPixels)
      try text(&bitmap, tickText(ms), at: Point(x, plot.maxY + 14), anchor: .center, color: s.label)
    }
    try text(&bitmap, "time (ms)", at: Point(plot.maxX, plot.maxY + 32), anchor: .right, color: s.label)
    try text(&bitmap, "progress", at: Point(8, plot.minY - 16), anchor: .left, color: s.label)

    // Curves, clipped to the plot area.
    let clip = Mask(rect: Rect(x: plot.minX * scale, y: (plot.minY - 2) * scale, width: plot.width * scale, height: (plot.height + 4) * scale))
    for (i, c) in curves.enumerated() {
      var p = Path()
      for (j, (t, v)) in c.enumerated() {
        if j == 0 { p.move(to: Point(px(t), py(v))) } else { p.line(to: Point(px(t), py(v))) }
      }
      bitmap.stroke(p, style: StrokeStyle(width: s.lineWidth, cap: .round, join: .round), color: color(i),
                    transform: toPixels, clip: clip)
    }

    // End markers: a ringed dot at (end, value) and the time above it.
    var labelSlots: [Rect] = []
    for (i, item) in series.enumerated() {
      let end = item.timing.endTime
      guard end <= xEnd else { continue }
      let centre = Point(px(end), py(item.timing.progress(at: end)))
      bitmap.fill(Path(ellipseIn: Rect(x: centre.x - 5, y: centre.y - 5, width: 10, height: 10)), color: s.background, transform: toPixels)
      bitmap.fill(Path(ellipseIn: Rect(x: centre.x - 3.5, y: centre.y - 3.5, width: 7, height: 7)), color: color(i), transform: toPixels)
      // A label on a white pill above the marker, stacked upwards when labels would overlap.
      let caption = "\(millisecondsText(end)) ms"
      let width = try measure(Label(caption, fontSize: s.fontSize, weight: .semibold), maxWidth: nil).width + 12
      var box = Rect(x: centre.x - width / 2, y: centre.y - 30, width: width, height: 18)
      while labelSlots.contains(where: { $0.intersection(box).map { $0.width > 0 && $0.height > 0 } ?? false }) { box.origin.y -= 21 }
      labelSlots.append(box)
      bitmap.fill(Path(roundedRect: box, cornerRadius: 9), color: s.background.withAlpha(0.92), transform: toPixels)
      bitmap.stroke(Path(roundedRect: box, cornerRadius: 9), style: StrokeStyle(width: 1), color: color(i).withAlpha(0.35), transform: toPixels)
      try text(&bitmap, caption, at: Point(centre.x, box.midY), anchor: .center, color: color(i), weight: .semibold)
    }

    for (i, origin) in legend {
      var swatch = Path()
      swatch.move(to: origin)
      swatch.line(to: Point(origin.x + 12, origin.y))
      bitmap.stroke(swatch, style: StrokeStyle(width: 3, cap: .round), color: color(i), transform: toPixels)
      try text(&bitmap, series[i].label, at: Point(origin.x + 18, origin.y), anchor: .left, color: s.title,
               size: s.fontSize + 1, weight: .medium)
    }
    return bitmap
  }

  private func color(_ i: Int) -> Color { style.series[i % style.series.count] }

  enum Anchor { case left, center, right }

  /// Draws one line of text whose vertical centre is at `point.y`, anchored horizontally.
  private func text(
    _ bitmap: inout Bitmap, _ string: String, at point: Point, anchor: Anchor, color: Color,
    size: Double? = nil, weight: Label.Weight = .regular
  ) throws(TextError) {
    guard point.x.isFinite, point.y.isFinite else { return }
    let label = Label(string, fontSize: size ?? style.fontSize, weight: weight, color: color)
    let box = try measure(label, maxWidth: nil)
    let boxSize = Size(ceil(box.width) + 2, ceil(box.height))
    let mask = try rasterize(label, boxSize: boxSize, scale: style.scale)
    var originX = point.x
    switch anchor {
    case .left: break
    case .center: originX -= boxSize.width / 2
    case .right: originX -= boxSize.width
    }
    let originY = point.y - boxSize.height / 2
    let px = Int((originX * style.scale).rounded()), py = Int((originY * style.scale).rounded())
    let coverage = Mask(bounds: PixelRect(x: px, y: py, width: mask.width, height: mask.height), coverage: mask.alpha)
    bitmap.fill(coverage, color: color)
  }

  /// Tick text: integers without decimals, otherwise up to three decimals.
  private func tickText(_ v: Double) -> String {
    if abs(v - v.rounded()) < 1e-9 { return String(Int(v.rounded())) }
    var s = String(format: "%.3f", v)
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }

  /// Milliseconds for `seconds`: whole numbers from 100 ms up, one decimal below.
  private func millisecondsText(_ seconds: Double) -> String {
    let ms = seconds * 1000
    if ms >= 100 || abs(ms - ms.rounded()) < 1e-6 { return String(Int(ms.rounded())) }
    return String(format: "%.1f", ms)
  }

  /// A coordinate on the pixel grid's centre line, so hairlines stay sharp.
  private func snap(_ v: Double, _ scale: Double) -> Double {
    ((v * scale).rounded(.down) + 0.5) / scale
  }
}
