import Geometry

/// The look of a chart: colours, line widths, type size and the space around the plot.
/// Lengths are in points; a chart renders at `scale` pixels per point.
///
/// Two looks ship: `light` (a white design-tool card, iOS's light system colours: what
/// `flipbook curves --plot` draws) and `dark` (the review page's near-black, iOS's dark-mode
/// system colours: the progress charts of `compare`, `review`, `preview` and `match`).
public struct ChartStyle: Hashable, Sendable {
  /// Pixels per point.
  public var scale: Double
  public var background: Color
  /// Grid lines at ticks.
  public var grid: Color
  /// The lines at the value axis' 0 and 1 and the time axis' 0.
  public var axis: Color
  /// Tick labels and axis names.
  public var label: Color
  /// The title and legend text.
  public var title: Color
  /// One colour per series, in order (repeating).
  public var series: [Color]
  /// A series' line width, points.
  public var lineWidth: Double
  /// Tick label size, points (legend text is one point larger, the title three).
  public var fontSize: Double
  /// Grid line width, points (the axis lines are `axisWidth`).
  public var gridWidth: Double
  public var axisWidth: Double
  /// Space around the plot area, points: top (legend and title), right, bottom (time axis),
  /// left (value axis). The top grows when the legend wraps.
  public var margins: Margins

  public struct Margins: Hashable, Sendable {
    public var top, right, bottom, left: Double
    public init(top: Double, right: Double, bottom: Double, left: Double) {
      self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }
  }

  public init(
    scale: Double, background: Color, grid: Color, axis: Color, label: Color, title: Color, series: [Color],
    lineWidth: Double, fontSize: Double, gridWidth: Double, axisWidth: Double, margins: Margins
  ) {
    precondition(scale > 0 && !series.isEmpty, "a chart style needs a scale and colours")
    self.scale = scale; self.background = background; self.grid = grid; self.axis = axis; self.label = label
    self.title = title; self.series = series; self.lineWidth = lineWidth; self.fontSize = fontSize
    self.gridWidth = gridWidth; self.axisWidth = axisWidth; self.margins = margins
  }

  /// Series colour `i` (the list repeats).
  public func color(_ i: Int) -> Color { series[i % series.count] }

  /// White card, hairline grid, iOS light system blue, orange, green, pink, purple, teal,
  /// indigo, red.
  public static func light(scale: Double = 2) -> ChartStyle {
    ChartStyle(
      scale: scale, background: Color(white: 1), grid: Color(red: 0.925, green: 0.925, blue: 0.94),
      axis: Color(red: 0.78, green: 0.78, blue: 0.8), label: Color(red: 0.46, green: 0.46, blue: 0.5),
      title: Color(red: 0.11, green: 0.11, blue: 0.12),
      series: ["#007AFF", "#FF9500", "#34C759", "#FF2D55", "#AF52DE", "#30B0C7", "#5856D6", "#FF3B30"].map { Color(hex: $0)! },
      lineWidth: 2, fontSize: 11, gridWidth: 1 / scale, axisWidth: 1,
      margins: Margins(top: 64, right: 28, bottom: 44, left: 52))
  }

  /// Near-black page, faint white grid, iOS dark-mode system blue, orange, green, pink,
  /// purple, teal, yellow, red, indigo.
  public static func dark(scale: Double) -> ChartStyle {
    ChartStyle(
      scale: scale, background: Color(red: 0.07, green: 0.07, blue: 0.08), grid: Color(white: 1, alpha: 0.10),
      axis: Color(white: 1, alpha: 0.35), label: Color(white: 0.62), title: Color(white: 0.92),
      series: ["#0A84FF", "#FF9F0A", "#30D158", "#FF375F", "#BF5AF2", "#64D2FF", "#FFD60A", "#FF453A", "#5E5CE6"].map { Color(hex: $0)! },
      lineWidth: 2.2, fontSize: 11, gridWidth: 1, axisWidth: 1,
      margins: Margins(top: 30, right: 18, bottom: 30, left: 44))
  }
}
