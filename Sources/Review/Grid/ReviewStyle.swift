import Geometry
import Text

/// The look of review material (grids, sheets, overlays), sized for output at `scale`
/// pixels per point. Lengths are in points unless named `...Pixels`.
public struct ReviewStyle: Hashable, Sendable {
  /// Pixels per point of the frames being reviewed.
  public var scale: Double
  /// The canvas behind cells and sheets (near-black, as a dark review page).
  public var background = Color(red: 0.07, green: 0.07, blue: 0.08)
  /// Label text colour.
  public var labelColor = Color(white: 0.92)
  /// Secondary text (timestamps, units).
  public var secondaryColor = Color(white: 0.62)
  /// Label font size in points.
  public var labelFontSize = 15.0
  /// Height of a cell's label band in points.
  public var labelBand = 30.0
  /// Space between cells and around the grid in points.
  public var gutter = 8.0

  public init(scale: Double) {
    precondition(scale > 0, "scale must be > 0")
    self.scale = scale
  }

  func pixels(_ points: Double) -> Int { Int((points * scale).rounded()) }

  public var labelBandPixels: Int { pixels(labelBand) }
  public var gutterPixels: Int { pixels(gutter) }

  /// A label for a cell: one line, centred, truncated with an ellipsis if too long.
  public func cellLabel(_ text: String) -> Label {
    Label(text, fontSize: labelFontSize, weight: .semibold, color: labelColor, alignment: .center)
  }
}
