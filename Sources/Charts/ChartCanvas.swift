import Geometry
import Raster
import Text

/// The chart engine every Flipbook chart draws with (`flipbook curves --plot`, the progress
/// charts of `compare`, `review`, `preview` and `match`): a bitmap with a plot area that maps
/// data (x to the right, y upwards) onto it, and the pieces charts are made of: a grid with
/// tick labels, a legend, lines, markers, rules and text. Everything is drawn with Raster's
/// paths and Text's labels, in points, at `style.scale` pixels per point.
///
/// Rules every chart follows: grid and axis lines sit on whole device pixels (sharp at any
/// scale); text is placed on whole device pixels; series lines are clipped to the plot
/// (with 2 pt to spare above and below, so a line along 0 or 1 is not cut in half); series
/// `i` has `style.color(i)` everywhere (line, legend, markers, captions).
public struct ChartCanvas: Sendable {
  public internal(set) var bitmap: Bitmap
  public let style: ChartStyle
  /// The plotting area, points.
  public let plot: Rect
  /// The data ranges the plot shows: `x` left to right, `y` bottom to top.
  public let x: ClosedRange<Double>, y: ClosedRange<Double>

  /// A blank chart of `size` points (its background filled), with `plot` showing `x` × `y`.
  /// Empty ranges are widened so that the mapping stays finite.
  public init(size: Size, plot: Rect, x: ClosedRange<Double>, y: ClosedRange<Double>, style: ChartStyle) {
    self.style = style
    self.plot = plot
    self.x = ChartCanvas.nonEmpty(x)
    self.y = ChartCanvas.nonEmpty(y)
    bitmap = Bitmap(width: max(1, Int((size.width * style.scale).rounded())), height: max(1, Int((size.height * style.scale).rounded())))
    bitmap.clear(to: style.background)
  }

  private static func nonEmpty(_ r: ClosedRange<Double>) -> ClosedRange<Double> {
    r.upperBound - r.lowerBound > 1e-12 ? r : r.lowerBound...(r.lowerBound + 1e-3)
  }

  /// The point (in points) that shows data (`vx`, `vy`).
  public func point(_ vx: Double, _ vy: Double) -> Point {
    Point(
      x: plot.minX + (vx - x.lowerBound) / (x.upperBound - x.lowerBound) * plot.width,
      y: plot.maxY - (vy - y.lowerBound) / (y.upperBound - y.lowerBound) * plot.height)
  }

  /// Points to device pixels.
  public var toPixels: AffineTransform { AffineTransform(scaleX: style.scale, y: style.scale) }

  /// `v` (points) moved so that a line `width` points wide across it covers whole device
  /// pixels.
  public func snap(_ v: Double, width: Double) -> Double {
    let w = max(1, (width * style.scale).rounded())
    return ((v * style.scale - w / 2).rounded() + w / 2) / style.scale
  }

  // MARK: Drawing

  /// Fills `path` (points).
  public mutating func fill(_ path: Path, color: Color) {
    bitmap.fill(path, color: color, transform: toPixels)
  }

  /// Strokes `path` (points), optionally clipped to `clip` (points).
  public mutating func stroke(_ path: Path, style stroke: StrokeStyle, color: Color, clip: Rect? = nil) {
    let s = style.scale
    let mask = clip.map { Mask(rect: Rect(x: $0.minX * s, y: $0.minY * s, width: $0.width * s, height: $0.height * s)) }
    bitmap.stroke(path, style: stroke, color: color, transform: toPixels, clip: mask)
  }

  /// A horizontal line across the plot at data `vy`, sharp.
  public mutating func horizontalRule(atY vy: Double, color: Color, width: Double) {
    let py = snap(point(0, vy).y, width: width)
    var p = Path()
    p.move(to: Point(plot.minX, py))
    p.line(to: Point(plot.maxX, py))
    stroke(p, style: StrokeStyle(width: width), color: color)
  }

  /// A vertical line through the plot at data `vx`, sharp, solid or dashed (`dash` in points).
  public mutating func verticalRule(atX vx: Double, color: Color, width: Double, dash: [Double] = []) {
    let px = snap(point(vx, 0).x, width: width)
    var p = Path()
    p.move(to: Point(px, plot.minY))
    p.line(to: Point(px, plot.maxY))
    stroke(p, style: StrokeStyle(width: width, dash: dash), color: color)
  }

  /// A series' line through data points, round-joined, clipped to the plot (2 pt to spare
  /// above and below).
  public mutating func line(_ points: [(Double, Double)], color: Color, width: Double? = nil) {
    guard let first = points.first else { return }
    var p = Path()
    p.move(to: point(first.0, first.1))
    for (vx, vy) in points.dropFirst() { p.line(to: point(vx, vy)) }
    if points.count == 1 { p.line(to: point(first.0, first.1)) }
    let clip = Rect(x: plot.minX, y: plot.minY - 2, width: plot.width, height: plot.height + 4)
    stroke(p, style: StrokeStyle(width: width ?? style.lineWidth, cap: .round, join: .round), color: color, clip: clip)
  }

  /// A marker at `centre` (points).
  public mutating func marker(_ marker: ChartMarker, at centre: Point, color: Color) {
    switch marker {
    case .dot(let r):
      fill(Path(ellipseIn: Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r)), color: color)
    case .ring(let r, let w):
      stroke(Path(ellipseIn: Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r)), style: StrokeStyle(width: w), color: color)
    case .outlinedDot(let r, let outline):
      fill(Path(ellipseIn: Rect(x: centre.x - r - outline.width, y: centre.y - r - outline.width, width: 2 * (r + outline.width), height: 2 * (r + outline.width))), color: outline.color)
      fill(Path(ellipseIn: Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r)), color: color)
    }
  }

  /// The grid: a horizontal rule and label at each `yTicks` value (left of the plot), a
  /// vertical rule and label at each `xTicks` value (under it); `isAxis` picks the values
  /// drawn as axis lines rather than grid lines. Axis names go at the ends: the x axis' under its right end, the y axis' above the value labels.
  public mutating func grid(
    xTicks: [Double], yTicks: [Double], xText: (Double) -> String, yText: (Double) -> String,
    isAxisX: (Double) -> Bool, isAxisY: (Double) -> Bool, xName: String, yName: String
  ) throws(TextError) {
    for v in yTicks {
      let axis = isAxisY(v)
      horizontalRule(atY: v, color: axis ? style.axis : style.grid, width: axis ? style.axisWidth : style.gridWidth)
      try text(yText(v), at: Point(plot.minX - 8, point(0, v).y), anchor: .right, color: style.label)
    }
    for v in xTicks {
      let axis = isAxisX(v)
      verticalRule(atX: v, color: axis ? style.axis : style.grid, width: axis ? style.axisWidth : style.gridWidth)
      try text(xText(v), at: Point(point(v, 0).x, plot.maxY + 13), anchor: .center, color: style.label)
    }
    try text(xName, at: Point(plot.maxX, plot.maxY + style.margins.bottom - 9), anchor: .right, color: style.label)
    // Right-aligned over the value labels, never past the chart's left edge.
    let nameLeft = max(4, plot.minX - 8 - (try textWidth(yName) + 2))
    try text(yName, at: Point(nameLeft, plot.minY - 14), anchor: .left, color: style.label)
  }
}

/// A mark on a chart: sizes in points.
public enum ChartMarker: Hashable, Sendable {
  /// A filled disc of this radius.
  case dot(radius: Double)
  /// A circle of this radius, stroked this wide.
  case ring(radius: Double, width: Double)
  /// A disc with an outline around it (e.g. the background colour, to lift it off a line).
  case outlinedDot(radius: Double, outline: ChartOutline)
}

/// The band around an outlined marker.
public struct ChartOutline: Hashable, Sendable {
  public var width: Double
  public var color: Color
  public init(width: Double, color: Color) { self.width = width; self.color = color }
}
