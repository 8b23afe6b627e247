import Geometry

/// UIImage.SymbolConfiguration's weight: the same names as the text weights, and a symbol
/// drawn at a weight has strokes as thick as the stems of text at that weight.
public enum SymbolWeight: String, Hashable, Sendable, CaseIterable {
  case thin, light, regular, medium, semibold, bold, heavy

  /// Stroke width in design units (100 = the font's cap height): the vertical stem of
  /// Inter's "l" at this weight (ExtraLight for thin, ExtraBold for heavy), measured as
  /// ink width ÷ cap height. `SymbolMetricsTests` measures the shipped fonts against it.
  public var strokeWidth: Double {
    switch self {
    case .thin: 6.0
    case .light: 8.7
    case .regular: 11.5
    case .medium: 14.6
    case .semibold: 17.7
    case .bold: 20.8
    case .heavy: 23.9
    }
  }
}

/// UIImage.SymbolScale: the symbol's size relative to the text it sits next to.
public enum SymbolScale: String, Hashable, Sendable, CaseIterable {
  case small, medium, large

  /// Multiplies the medium size.
  public var factor: Double {
    switch self {
    case .small: 0.8
    case .medium: 1
    case .large: 1.28
    }
  }
}

/// How big and how heavy a symbol is drawn (UIImage.SymbolConfiguration(pointSize:weight:scale:)).
public struct SymbolConfiguration: Hashable, Sendable {
  /// The point size of the text the symbol sits next to.
  public var pointSize: Double
  public var weight: SymbolWeight
  public var scale: SymbolScale
  /// A variable value in 0...1 (SF Symbols' variableValue) for symbols with levels:
  /// wifi, cellularbars and battery light parts or fill up to it. Others ignore it.
  public var level: Double
  /// Points per design unit of the weight's strokes, when they are not `pointsPerUnit`: a bar
  /// item's glyph is scaled to its box while its strokes keep the weight of the 17 pt
  /// configuration it was scaled from (`Symbols.barConfiguration`). Nil: strokes scale with
  /// the glyph.
  public var strokePointsPerUnit: Double?

  public init(pointSize: Double = 17, weight: SymbolWeight = .regular, scale: SymbolScale = .medium, level: Double = 1, strokePointsPerUnit: Double? = nil) {
    self.pointSize = pointSize; self.weight = weight; self.scale = scale; self.level = level
    self.strokePointsPerUnit = strokePointsPerUnit
  }

  /// The font's cap height as a fraction of its point size: Inter's (OS/2 sCapHeight
  /// 1490 ÷ 2048 units per em), which the Text module draws every label in.
  public static let capHeightRatio = 1490.0 / 2048.0

  /// Points per design unit: the design grid puts the cap height at 100 units, so one unit
  /// is a hundredth of the font's cap height at `pointSize`, times the scale's factor.
  public var pointsPerUnit: Double { pointSize * Self.capHeightRatio / 100 * scale.factor }
}
