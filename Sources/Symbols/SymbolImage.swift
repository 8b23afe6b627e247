import Geometry

/// A symbol resolved for one configuration: the paths to draw, in points, in a box whose
/// origin is the top-left of the symbol's ink (strokes included).
public struct SymbolImage: Hashable, Sendable {
  /// How a part is painted. Strokes have round caps and round joins, as SF Symbols'.
  public enum Paint: Hashable, Sendable {
    case fill(Path.FillRule)
    /// A stroke of `width` points.
    case stroke(width: Double)
    /// Filled, then stroked in the same colour with round joins (a filled shape whose
    /// corners round off and whose size grows with the weight), `width` in points.
    case fillAndStroke(Path.FillRule, width: Double)
  }

  public struct Part: Hashable, Sendable {
    public var path: Path
    public var paint: Paint
    /// Multiplies the colour's alpha (the unlit bars of a level, a battery's outline).
    public var opacity: Double
  }

  public var name: String
  /// The ink's size, points.
  public var size: Size
  /// From the top of the box down to the text baseline, points (the symbol's baseline is
  /// the text's when the two sit on one line).
  public var baseline: Double
  public var parts: [Part]
}
