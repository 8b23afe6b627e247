import Geometry

/// A label laid out in a box, as UILabel draws it. All lengths are in points, measured from
/// the box's top-left corner, y down, before any pixel snapping.
public struct TextLayout: Hashable, Sendable {
  /// The lines shown, top to bottom. Empty for an empty string.
  public var lines: [TextLine]
  /// Distance between consecutive baselines, in points: the font's line height
  /// (hhea ascender - descender + lineGap, scaled to the font size) times
  /// `Label.lineHeightMultiple`.
  public var lineHeight: Double
  /// The width of the widest line and the height of all lines, in points (sizeThatFits,
  /// before rounding up to the pixel grid).
  public var size: Size
  /// Whether text was cut off (lines dropped, or an ellipsis put in).
  public var isTruncated: Bool
}

/// One line of a `TextLayout`.
public struct TextLine: Hashable, Sendable {
  /// The characters shown, the ellipsis included; spaces where the line wrapped are left out.
  public var text: String
  /// Typographic width in points: advances, kerning and letter spacing of the characters
  /// shown, not counting spaces at the end of the line.
  public var width: Double
  /// Where the line's pen starts (x) and where its baseline lies (y), in points from the
  /// box's top-left corner.
  public var origin: Point
  /// Glyphs and their pen x positions in points from `origin.x`.
  var glyphs: [PlacedGlyph]
}

struct PlacedGlyph: Hashable, Sendable {
  var glyph: UInt32
  var x: Double
}

/// Line metrics of the font a label uses, in points.
public struct FontMetrics: Hashable, Sendable {
  /// Font units per em of the Inter face (head.unitsPerEm).
  public var unitsPerEm: Int
  /// Height above the baseline (hhea ascender), points; UIFont.ascender.
  public var ascender: Double
  /// Depth below the baseline as a negative number (hhea descender), points; UIFont.descender.
  public var descender: Double
  /// Extra space between lines (hhea lineGap), points; UIFont.leading.
  public var lineGap: Double
  /// ascender - descender + lineGap, points; UIFont.lineHeight.
  public var lineHeight: Double { ascender - descender + lineGap }
}

/// The line metrics of the Inter face for `weight` (in the `opticalSize` cut) at `fontSize` points.
public func fontMetrics(
  weight: Label.Weight = .regular, opticalSize: Label.OpticalSize = .text, fontSize: Double
) throws(TextError) -> FontMetrics {
  try FontStore.shared.withFonts { fonts in
    metrics(of: fonts.face(weight, opticalSize), fontSize: fontSize)
  }
}

func metrics(of face: FontFace, fontSize: Double) -> FontMetrics {
  let k = fontSize / Double(face.unitsPerEm)
  return FontMetrics(
    unitsPerEm: face.unitsPerEm, ascender: Double(face.ascender) * k,
    descender: Double(face.descender) * k, lineGap: Double(face.lineGap) * k)
}

/// Lays out `label` in a box of `boxSize` points as UILabel does: lines wrap at the box's
/// width, at most `numberOfLines` lines (0: no limit) and no more than fit in the box's
/// height (at least one), the block centred vertically, each line aligned horizontally.
public func layout(_ label: Label, in boxSize: Size) throws(TextError) -> TextLayout {
  try FontStore.shared.withFonts { fonts in layout(label.usable, in: boxSize, face: fonts.face(label.weight, label.opticalSize)) }
}

func layout(_ label: Label, in boxSize: Size, face: FontFace) -> TextLayout {
  let lineHeight = lineHeight(of: face, label: label)
  var maxLines = label.numberOfLines > 0 ? label.numberOfLines : Int.max
  let fitting = ((boxSize.height + 1e-6) / lineHeight).rounded(.down)
  if lineHeight > 0, fitting < Double(1 << 40) {
    maxLines = min(maxLines, max(1, Int(fitting)))
  }
  var result = LineBreaker(label: label, face: face).layout(maxWidth: boxSize.width, maxLines: maxLines)
  result.place(in: boxSize, label: label, face: face)
  return result
}

/// The size UILabel's sizeThatFits gives `label`, in points: the widest line by the number
/// of lines, wrapping at `maxWidth` points (nil: no limit) and at most `numberOfLines` lines.
/// UILabel rounds that up to its screen's pixel grid: pass `scale` (pixels per point) to do the
/// same; without it the size is exact. An empty string measures zero.
public func measure(_ label: Label, maxWidth: Double?, scale: Double? = nil) throws(TextError) -> Size {
  let label = label.usable
  let size = try FontStore.shared.withFonts { fonts in
    let breaker = LineBreaker(label: label, face: fonts.face(label.weight, label.opticalSize))
    let maxLines = label.numberOfLines > 0 ? label.numberOfLines : Int.max
    return breaker.layout(maxWidth: maxWidth, maxLines: maxLines).size
  }
  guard let scale, scale > 0 else { return size }
  func up(_ v: Double) -> Double { ((v * scale) - 1e-9).rounded(.up) / scale }
  return Size(width: up(size.width), height: up(size.height))
}

func lineHeight(of face: FontFace, label: Label) -> Double {
  metrics(of: face, fontSize: label.fontSize).lineHeight * max(0, label.lineHeightMultiple)
}

extension TextLayout {
  /// Puts the lines in the box: vertically centred block, baselines one line height apart
  /// (the extra of a line height multiple above the glyphs), lines aligned horizontally.
  mutating func place(in box: Size, label: Label, face: FontFace) {
    let m = metrics(of: face, fontSize: label.fontSize)
    let top = (box.height - size.height) / 2
    let extra = lineHeight - m.lineHeight
    for i in lines.indices {
      let x: Double
      switch label.alignment {
      case .left: x = 0
      case .center: x = (box.width - lines[i].width) / 2
      case .right: x = box.width - lines[i].width
      }
      lines[i].origin = Point(x: x, y: top + Double(i) * lineHeight + max(0, extra) + m.ascender)
    }
  }
}
