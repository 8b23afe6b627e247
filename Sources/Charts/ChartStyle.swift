import Geometry

/// The look of a curve chart: a light, design-tool style (white card, hairline grid, iOS
/// system colours). Sizes are in points; the chart renders at `scale` pixels per point.
public struct ChartStyle: Hashable, Sendable {
  public var size = Size(800, 480)
  public var scale = 2.0
  public var background = Color(white: 1)
  public var grid = Color(red: 0.925, green: 0.925, blue: 0.94)
  public var axis = Color(red: 0.78, green: 0.78, blue: 0.8)
  public var label = Color(red: 0.46, green: 0.46, blue: 0.5)
  public var title = Color(red: 0.11, green: 0.11, blue: 0.12)
  /// iOS system blue, orange, green, pink, purple, teal, indigo, red.
  public var series: [Color] = [
    "#007AFF", "#FF9500", "#34C759", "#FF2D55", "#AF52DE", "#30B0C7", "#5856D6", "#FF3B30",
  ].compactMap { Color(hex: $0) }
  public var lineWidth = 2.0
  public var fontSize = 11.0
  /// Space around the plot area: top (legend), right, bottom (time axis), left (value axis).
  public var margins = (top: 64.0, right: 28.0, bottom: 44.0, left: 52.0)

  public init() {}

  public static func == (a: ChartStyle, b: ChartStyle) -> Bool {
    a.size == b.size && a.scale == b.scale && a.series == b.series && a.lineWidth == b.lineWidth
      && a.fontSize == b.fontSize && a.margins == b.margins && a.background == b.background
  }

  public func hash(into h: inout Hasher) {
    h.combine(size)
    h.combine(scale)
    h.combine(series)
  }
}
