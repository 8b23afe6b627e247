import Geometry

/// A text label as UILabel describes one: a string laid out in a box with a font size,
/// weight, colour, alignment and line breaking. Sizes are in points.
///
/// The Text module turns a label into anti-aliased glyph coverage through FreeType,
/// with the Inter font that ships with Flipbook.
public struct Label: Hashable, Sendable {
  public enum Weight: String, Hashable, Sendable, CaseIterable {
    case thin, light, regular, medium, semibold, bold, heavy
  }

  public enum Alignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right
  }

  public enum LineBreak: String, Hashable, Sendable, CaseIterable {
    /// Wrap at word boundaries (characters when a word is wider than the line).
    case wordWrap
    /// One line per `numberOfLines`, the last one ending in an ellipsis when it overflows.
    case truncateTail
  }

  public var text: String
  /// Font size in points (UIFont.pointSize).
  public var fontSize: Double
  public var weight: Weight
  public var color: Color
  public var alignment: Alignment
  public var lineBreak: LineBreak
  /// Maximum number of lines; 0 means no limit, as UILabel.
  public var numberOfLines: Int

  public init(
    _ text: String, fontSize: Double = 17, weight: Weight = .regular, color: Color = .black,
    alignment: Alignment = .left, lineBreak: LineBreak = .truncateTail, numberOfLines: Int = 1
  ) {
    self.text = text
    self.fontSize = fontSize
    self.weight = weight
    self.color = color
    self.alignment = alignment
    self.lineBreak = lineBreak
    self.numberOfLines = numberOfLines
  }
}
