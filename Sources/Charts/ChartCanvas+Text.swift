import Geometry
import Raster
import Text

/// How a chart text sits against the point it is placed at: its left edge, centre or right
/// edge there, its vertical centre always on it.
public enum ChartTextAnchor: Hashable, Sendable { case left, center, right }

extension ChartCanvas {
  /// The width of `string` set in the chart's type, points.
  public func textWidth(_ string: String, size: Double? = nil, weight: Label.Weight = .regular) throws(TextError) -> Double {
    try measure(Label(string, fontSize: size ?? style.fontSize, weight: weight), maxWidth: nil).width
  }

  /// One line of text (size in points, default `style.fontSize`) placed against `point`
  /// (points), on whole device pixels. Returns its box, points.
  @discardableResult
  public mutating func text(
    _ string: String, at point: Point, anchor: ChartTextAnchor, color: Color, size: Double? = nil,
    weight: Label.Weight = .regular
  ) throws(TextError) -> Rect {
    guard point.x.isFinite, point.y.isFinite, !string.isEmpty else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    let label = Label(string, fontSize: size ?? style.fontSize, weight: weight, color: color)
    let measured = try measure(label, maxWidth: nil)
    let box = Size((measured.width + 2).rounded(.up), measured.height.rounded(.up))
    var originX = point.x
    switch anchor {
    case .left: break
    case .center: originX -= box.width / 2
    case .right: originX -= box.width
    }
    let s = style.scale
    let origin = Point((originX * s).rounded() / s, ((point.y - box.height / 2) * s).rounded() / s)
    let rect = Rect(x: origin.x, y: origin.y, width: box.width, height: box.height)
    try bitmap.draw(label, in: rect, transform: toPixels)
    return rect
  }

  /// A legend: for each entry a short line in its colour and its text, left to right from
  /// the plot's left edge starting `top` points down, wrapping before the right margin, one
  /// row per 18 points. Returns the bottom of the last row, points.
  @discardableResult
  public mutating func legend(_ entries: [(label: String, color: Color)], top: Double) throws(TextError) -> Double {
    let rows = try ChartCanvas.legendRows(entries.map(\.label), left: plot.minX, right: bitmapWidthPoints - style.margins.right, style: style)
    for (entry, place) in zip(entries, rows.places) {
      let mid = top + 9 + 18 * Double(place.row)
      var swatch = Path()
      swatch.move(to: Point(place.x, mid))
      swatch.line(to: Point(place.x + 12, mid))
      stroke(swatch, style: StrokeStyle(width: 3, cap: .round), color: entry.color)
      try text(entry.label, at: Point(place.x + 18, mid), anchor: .left, color: style.title, size: style.fontSize + 1, weight: .medium)
    }
    return top + 18 * Double(rows.count)
  }

  private var bitmapWidthPoints: Double { Double(bitmap.width) / style.scale }

  /// Where legend entries go: each entry's left edge and row, and the number of rows (at
  /// least 1). An entry is a 12 pt line, 6 pt, its text, then 22 pt before the next.
  public static func legendRows(_ labels: [String], left: Double, right: Double, style: ChartStyle) throws(TextError) -> (places: [(x: Double, row: Int)], count: Int) {
    var places: [(x: Double, row: Int)] = []
    var x = left, row = 0
    for label in labels {
      let width = try measure(Label(label, fontSize: style.fontSize + 1, weight: .medium), maxWidth: nil).width
      if x + 18 + width > right && x > left {
        x = left
        row += 1
      }
      places.append((x, row))
      x += 18 + width + 22
    }
    return (places, row + 1)
  }
}
