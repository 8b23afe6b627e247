import Geometry
import Raster
import Text

/// A chart of each variant's progress p over time on one time axis: a line per variant
/// in its own colour, the release (filled dot) and settle (ring) points marked and named,
/// a legend, axes in milliseconds and p. `render(playhead:)` adds a moving playhead with a
/// dot on each line at that instant, for the curve strip under a clip.
public struct ProgressChart: Sendable {
  public let series: [ProgressSeries]
  /// The time axis runs from 0 to `duration` seconds.
  public let duration: Double
  public let width: Int, height: Int
  public let style: ReviewStyle
  public let title: String?
  /// The static chart (everything but the playhead), drawn once.
  private var backdrop: Bitmap
  /// The plotting area, in the chart's pixels.
  public let plot: Rect
  private let pRange: (lo: Double, hi: Double)

  /// Line colours in order: iOS's dark-mode system blue, orange, green, pink, purple, teal,
  /// yellow, red, indigo.
  public static let palette: [Color] = [
    "#0A84FF", "#FF9F0A", "#30D158", "#FF375F", "#BF5AF2", "#64D2FF", "#FFD60A", "#FF453A", "#5E5CE6",
  ].map { Color(hex: $0)! }

  public init(
    series: [ProgressSeries], duration: Double, width: Int, height: Int, style: ReviewStyle, title: String? = nil
  ) throws(TextError) {
    precondition(!series.isEmpty && duration > 0 && width > 0 && height > 0, "a chart needs series and a size")
    self.series = series; self.duration = duration; self.width = width; self.height = height
    self.style = style; self.title = title
    let s = style.scale
    let top = (title == nil ? 30.0 : 50.0) * s, left = 44.0 * s, bottom = 30.0 * s, right = 18.0 * s
    plot = Rect(x: left, y: top, width: max(1, Double(width) - left - right), height: max(1, Double(height) - top - bottom))
    let all = series.flatMap(\.progress)
    let lo = min(0, all.min()!), hi = max(1, all.max()!)
    let pad = 0.06 * (hi - lo)
    pRange = (lo - pad, hi + pad)
    backdrop = Bitmap.solid(width: width, height: height, color: style.background)
    try drawStatic()
  }

  public static func color(_ i: Int) -> Color { palette[i % palette.count] }

  /// Device-pixel position of (t, p).
  public func point(t: Double, p: Double) -> Point {
    Point(
      x: plot.minX + t / duration * plot.width,
      y: plot.maxY - (p - pRange.lo) / (pRange.hi - pRange.lo) * plot.height)
  }

  /// The chart without a playhead.
  public func render() -> Bitmap { backdrop }

  /// The chart with a playhead at `t` seconds and a dot on each line where it crosses.
  public func render(playhead t: Double) -> Bitmap {
    var out = backdrop
    let s = style.scale
    let x = point(t: min(max(t, 0), duration), p: 0).x
    out.draw(Color(white: 1, alpha: 0.75), region: playheadRegion(x)) {
      $0.addSegment(from: Point(x, plot.minY), to: Point(x, plot.maxY), width: 1.5 * s)
    }
    for (i, sr) in series.enumerated() {
      let c = point(t: t, p: sr.value(at: t))
      out.draw(ProgressChart.color(i), region: around(c, 8 * s)) { $0.addDisc(center: c, radius: 4.5 * s) }
      out.draw(Color(white: 1), region: around(c, 8 * s)) { $0.addRing(center: c, radius: 4.5 * s, width: 1.2 * s) }
    }
    return out
  }

  private func playheadRegion(_ x: Double) -> PixelRect {
    let s = style.scale
    return PixelRect(x: Int(x - 3 * s), y: Int(plot.minY) - 2, width: Int(6 * s) + 2, height: Int(plot.height) + 4)
  }

  private func around(_ c: Point, _ r: Double) -> PixelRect {
    PixelRect(x: Int((c.x - r).rounded(.down)), y: Int((c.y - r).rounded(.down)), width: Int(2 * r) + 2, height: Int(2 * r) + 2)
  }

  private func text(_ s: String, size: Double, weight: Label.Weight = .regular, color: Color, align: Label.Alignment = .left) -> Label {
    Label(s, fontSize: size, weight: weight, color: color, alignment: align)
  }

  private mutating func drawStatic() throws(TextError) {
    let s = style.scale
    var b = backdrop
    let grid = Color(white: 1, alpha: 0.10), axis = Color(white: 1, alpha: 0.35)
    // Title and legend.
    var y = 6 * s
    if let title {
      try b.stamp(text(title, size: 14, weight: .semibold, color: style.labelColor), in: PixelRect(x: Int(plot.minX), y: Int(y), width: Int(plot.width), height: Int(20 * s)), scale: s)
      y += 22 * s
    }
    var lx = plot.minX
    for (i, sr) in series.enumerated() {
      let c = ProgressChart.color(i)
      let sw = Point(lx + 6 * s, y + 10 * s)
      b.draw(c) { $0.addSegment(from: Point(sw.x - 6 * s, sw.y), to: Point(sw.x + 6 * s, sw.y), width: 3 * s) }
      let w = try measure(text(sr.label, size: 12, weight: .medium, color: c), maxWidth: nil).width
      try b.stamp(text(sr.label, size: 12, weight: .medium, color: style.labelColor), in: PixelRect(x: Int(lx + 16 * s), y: Int(y + 1 * s), width: Int((w + 4) * s), height: Int(18 * s)), scale: s)
      lx += (w + 34) * s
    }
    // Grid: p every 0.25, time every `step`.
    var p = (pRange.lo / 0.25).rounded(.up) * 0.25
    while p <= pRange.hi + 1e-9 {
      let py = point(t: 0, p: p).y
      b.draw(abs(p) < 1e-9 || abs(p - 1) < 1e-9 ? axis : grid) { $0.addSegment(from: Point(plot.minX, py), to: Point(plot.maxX, py), width: 1 * s) }
      let l = p == p.rounded() ? String(Int(p)) : String(format: "%.2f", p)
      try b.stamp(text(l, size: 11, color: style.secondaryColor, align: .right), in: PixelRect(x: 0, y: Int(py - 8 * s), width: Int(plot.minX - 6 * s), height: Int(16 * s)), scale: s)
      p += 0.25
    }
    let step = ProgressChart.tickStep(duration: duration)
    var t = 0.0
    while t <= duration + 1e-9 {
      let px = point(t: t, p: 0).x
      b.draw(grid) { $0.addSegment(from: Point(px, plot.minY), to: Point(px, plot.maxY), width: 1 * s) }
      try b.stamp(text(String(Int((t * 1000).rounded())), size: 11, color: style.secondaryColor, align: .center), in: PixelRect(x: Int(px - 30 * s), y: Int(plot.maxY + 4 * s), width: Int(60 * s), height: Int(16 * s)), scale: s)
      t += step
    }
    try b.stamp(text("ms", size: 11, color: style.secondaryColor, align: .right), in: PixelRect(x: Int(plot.maxX - 40 * s), y: Int(plot.maxY + 14 * s), width: Int(40 * s), height: Int(16 * s)), scale: s)
    try b.stamp(text("p", size: 12, weight: .semibold, color: style.secondaryColor, align: .right), in: PixelRect(x: 0, y: Int(plot.minY - 20 * s), width: Int(plot.minX - 6 * s), height: Int(16 * s)), scale: s)
    // Lines.
    for (i, sr) in series.enumerated() {
      let pts = zip(sr.times, sr.progress).map { point(t: $0, p: $1) }
      b.draw(ProgressChart.color(i)) { $0.addPolyline(pts, width: 2.2 * s) }
    }
    // Release: one dashed line and name per distinct instant; a filled dot on each line. A
    // name that would touch the one before it (two releases close in time) goes a row lower.
    var releaseXs: [Double] = []
    for sr in series {
      guard let r = sr.release else { continue }
      let x = point(t: r, p: 0).x
      if !releaseXs.contains(where: { abs($0 - x) < 3 * s }) { releaseXs.append(x) }
    }
    let releaseWidth = try measure(text("release", size: 11, weight: .semibold, color: style.labelColor), maxWidth: nil).width * s
    var rowEnds: [Double] = []
    for x in releaseXs.sorted() {
      b.draw(Color(white: 1, alpha: 0.4)) { $0.addDashedLine(from: Point(x, plot.minY), to: Point(x, plot.maxY), width: 1 * s, dash: 4 * s, gap: 3 * s) }
      let left = x + 4 * s
      let row = ProgressChart.labelRow(left: left, width: releaseWidth, gap: 6 * s, rowEnds: &rowEnds)
      try b.stamp(text("release", size: 11, weight: .semibold, color: style.labelColor), in: PixelRect(x: Int(left), y: Int(plot.minY + (2 + 14 * Double(row)) * s), width: Int(80 * s), height: Int(16 * s)), scale: s)
    }
    for (i, sr) in series.enumerated() {
      guard let r = sr.release else { continue }
      let c = point(t: r, p: sr.value(at: r))
      b.draw(ProgressChart.color(i)) { $0.addDisc(center: c, radius: 4.5 * s) }
      b.draw(Color(white: 1)) { $0.addRing(center: c, radius: 4.5 * s, width: 1.2 * s) }
    }
    // Settle: a ring on each line, and "settled 720 ms" in the line's colour, stacked; one
    // neutral label when every line settles at the same millisecond (UIKit's duration-fitted
    // springs all end at their duration, whatever the damping).
    let settles = series.map { $0.settle.map { Int(($0 * 1000).rounded()) } }
    let shared = series.count > 1 && settles.allSatisfy { $0 != nil && $0 == settles[0] }
    for (i, sr) in series.enumerated() {
      guard let st = sr.settle else { continue }
      let c = point(t: st, p: sr.value(at: st))
      b.draw(ProgressChart.color(i)) { $0.addRing(center: c, radius: 5.5 * s, width: 2 * s) }
      if shared && i > 0 { continue }
      let l = (shared ? "all settled " : "settled ") + "\(Int((st * 1000).rounded())) ms"
      let ly = plot.maxY - Double(shared ? 1 : series.count - i) * 16 * s - 4 * s
      // Right of the ring, or left of it where the plot ends first (never over the ring).
      let lw = (try measure(text(l, size: 11, weight: .semibold, color: style.labelColor), maxWidth: nil).width + 4) * s
      let lx = c.x + 9 * s + lw <= plot.maxX ? c.x + 9 * s : max(plot.minX, c.x - 9 * s - lw)
      let color = shared ? style.labelColor : ProgressChart.color(i)
      try b.stamp(text(l, size: 11, weight: .semibold, color: color), in: PixelRect(x: Int(lx), y: Int(ly), width: Int(lw), height: Int(16 * s)), scale: s)
      b.draw(color.withAlpha(0.5)) { $0.addDashedLine(from: Point(c.x, c.y + 6 * s), to: Point(c.x, ly + 14 * s), width: 1 * s, dash: 2 * s, gap: 2 * s) }
    }
    // Overshoot: the peak past 1 after release, as a percentage of the distance.
    for (i, sr) in series.enumerated() {
      guard let r = sr.release else { continue }
      var best: (t: Double, p: Double)?
      for (t, p) in zip(sr.times, sr.progress) where t >= r && p > 1.0005 && p > (best?.p ?? 0) { best = (t, p) }
      guard let peak = best else { continue }
      let c = point(t: peak.t, p: peak.p)
      b.draw(ProgressChart.color(i)) { $0.addDisc(center: c, radius: 2.5 * s) }
      let l = String(format: "+%.1f %%", (peak.p - 1) * 100)
      let ly = c.y - 17 * s
      try b.stamp(text(l, size: 11, weight: .semibold, color: ProgressChart.color(i)), in: PixelRect(x: Int(c.x + 5 * s), y: Int(ly), width: Int(70 * s), height: Int(16 * s)), scale: s)
    }
    backdrop = b
  }

  /// The row (0 first) a label starting at `left` goes in so that it keeps `gap` from the
  /// labels placed before it (placed left to right): the first row whose last label ends
  /// `gap` before `left`, else a new row. `rowEnds` holds each row's right end (pixels).
  static func labelRow(left: Double, width: Double, gap: Double, rowEnds: inout [Double]) -> Int {
    let row = rowEnds.firstIndex { left > $0 + gap } ?? rowEnds.count
    if row == rowEnds.count { rowEnds.append(0) }
    rowEnds[row] = left + width
    return row
  }

  /// A tick spacing in seconds giving at most about 10 ticks.
  public static func tickStep(duration: Double) -> Double {
    for step in [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 30, 60] where duration / step <= 10 { return step }
    return (duration / 10).rounded(.up)
  }
}
