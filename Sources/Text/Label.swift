import Geometry

/// A text label as UILabel describes one: a string laid out in a box with a font size,
/// weight, colour, alignment and line breaking. Sizes are in points.
///
/// The Text module turns a label into anti-aliased glyph coverage through FreeType,
/// with the Inter font that ships with Flipbook (see `Sources/Text/Fonts/README.md`).
///
/// Scene validation rejects bad values; the Text functions still never trap on them: a font
/// size that is not a positive finite number lays out and draws nothing, a letter spacing that
/// is not finite counts as 0, a line height multiple that is not finite as 1 (negative as 0).
public struct Label: Hashable, Sendable {
  /// UIFont.Weight. Each maps to the Inter face of the same CSS weight: thin (200) is
  /// Inter ExtraLight, heavy (800) is Inter ExtraBold, the others have their own name.
  public enum Weight: String, Hashable, Sendable, CaseIterable {
    case thin, light, regular, medium, semibold, bold, heavy
  }

  /// The cut of Inter a label is drawn in, as SF Pro has a Text and a Display cut: `.text`
  /// (Inter) is spaced and drawn for small sizes, `.display` (Inter Display) for 20 pt and up.
  /// `Label.systemOpticalSize(forPointSize:)` picks the one iOS would.
  public enum OpticalSize: String, Hashable, Sendable, CaseIterable {
    case text, display
  }

  /// NSTextAlignment for a left-to-right string.
  public enum Alignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right
  }

  /// NSLineBreakMode. Both wrap at spaces (and inside a word wider than the line); they
  /// differ in what the last allowed line shows when the text does not fit.
  public enum LineBreak: String, Hashable, Sendable, CaseIterable {
    /// Wrap at word boundaries (characters when a word is wider than the line); text past
    /// the last allowed line is dropped without a mark (`.byWordWrapping`).
    case wordWrap
    /// Wrap as `wordWrap`, but the last allowed line ends in an ellipsis (…) when text is
    /// cut off, shortened until it fits (`.byTruncatingTail`, UILabel's default).
    case truncateTail
  }

  public var text: String
  /// Font size in points (UIFont.pointSize): the em square is this many points tall.
  public var fontSize: Double
  public var weight: Weight
  /// Text colour. The Text module only produces coverage; Raster applies the colour.
  public var color: Color
  public var alignment: Alignment
  public var lineBreak: LineBreak
  /// Maximum number of lines; 0 means no limit, as UILabel.
  public var numberOfLines: Int
  /// Extra space after every character, in points (NSAttributedString.Key.kern); 0 is the
  /// font's own spacing. Negative values tighten.
  public var letterSpacing: Double
  /// Multiplies the font's line height (NSParagraphStyle.lineHeightMultiple); 1 is the
  /// font's own line height. The extra space goes above each line's glyphs, as TextKit does.
  public var lineHeightMultiple: Double
  /// Which cut of the font draws the label; `.text` unless set (see `OpticalSize`).
  public var opticalSize: OpticalSize

  public init(
    _ text: String, fontSize: Double = 17, weight: Weight = .regular, color: Color = .black,
    alignment: Alignment = .left, lineBreak: LineBreak = .truncateTail, numberOfLines: Int = 1,
    letterSpacing: Double = 0, lineHeightMultiple: Double = 1, opticalSize: OpticalSize = .text
  ) {
    self.text = text
    self.fontSize = fontSize
    self.weight = weight
    self.color = color
    self.alignment = alignment
    self.lineBreak = lineBreak
    self.numberOfLines = numberOfLines
    self.letterSpacing = letterSpacing
    self.lineHeightMultiple = lineHeightMultiple
    self.opticalSize = opticalSize
  }
}

extension Label {
  /// This label with values that cannot be laid out replaced as the type's doc says.
  var usable: Label {
    var label = self
    if !(fontSize.isFinite && fontSize > 0) { label.fontSize = 0 }
    if !letterSpacing.isFinite { label.letterSpacing = 0 }
    label.lineHeightMultiple = lineHeightMultiple.isFinite ? max(0, lineHeightMultiple) : 1
    return label
  }
}
