import Geometry

/// Breaks a label's text into lines the way UILabel does for a left-to-right string:
/// hard breaks at newlines, greedy wrapping at spaces (spaces at a wrap hang past the
/// edge and are not drawn), a word wider than the line broken between characters, and
/// the last allowed line truncated with an ellipsis under `.truncateTail`.
///
/// No shaping beyond one glyph per code point through the font's cmap (no ligatures or
/// contextual forms); pair kerning comes from the font's GPOS table.
struct LineBreaker {
  let label: Label
  let face: FontFace
  /// Points per font unit.
  let unit: Double
  let paragraphs: [Paragraph]
  let ellipsis: Cluster

  init(label: Label, face: FontFace) {
    self.label = label
    self.face = face
    unit = label.fontSize / Double(face.unitsPerEm)
    var paragraphs: [Paragraph] = []
    var current: [Character] = []
    var sawNewline = false
    for character in label.text {
      if character.isNewline {
        paragraphs.append(Paragraph(current, face: face, unit: unit, label: label))
        current = []
        sawNewline = true
      } else {
        current.append(character)
        sawNewline = false
      }
    }
    // A final newline ends the last line; it does not start an empty one.
    if !current.isEmpty || (!sawNewline && !label.text.isEmpty) {
      paragraphs.append(Paragraph(current, face: face, unit: unit, label: label))
    }
    self.paragraphs = paragraphs
    ellipsis = Cluster("\u{2026}", face: face, unit: unit, letterSpacing: label.letterSpacing)
  }

  /// Lines wrapped at `maxWidth` points (nil: only hard breaks), at most `maxLines`.
  /// Origins are left at zero; `TextLayout.place` puts them in a box.
  func layout(maxWidth: Double?, maxLines: Int) -> TextLayout {
    var raw: [(paragraph: Int, start: Int, end: Int)] = []
    for (p, paragraph) in paragraphs.enumerated() {
      for range in paragraph.wrap(maxWidth: maxWidth) { raw.append((p, range.lowerBound, range.upperBound)) }
    }
    let lineHeight = Text.lineHeight(of: face, label: label)
    let truncated = raw.count > maxLines
    if truncated { raw.removeLast(raw.count - max(0, maxLines)) }
    var lines = raw.map { line($0.paragraph, $0.start, $0.end, ellipsis: false) }
    if truncated, label.lineBreak == .truncateTail, let last = raw.last {
      lines[lines.count - 1] = truncatedLine(last.paragraph, from: last.start, maxWidth: maxWidth)
    }
    let width = lines.map(\.width).max() ?? 0
    return TextLayout(
      lines: lines, lineHeight: lineHeight,
      size: Size(width: width, height: Double(lines.count) * lineHeight), isTruncated: truncated)
  }

  /// The rest of paragraph `p` from cluster `start`, shortened until it and an ellipsis fit.
  private func truncatedLine(_ p: Int, from start: Int, maxWidth: Double?) -> TextLine {
    let paragraph = paragraphs[p]
    var end = paragraph.trimmingSpaces(start, paragraph.clusters.count)
    if let maxWidth {
      while end > start, paragraph.width(start, end) + ellipsis.advance > maxWidth + epsilon {
        end = paragraph.trimmingSpaces(start, end - 1)
      }
    }
    return line(p, start, end, ellipsis: true)
  }

  private func line(_ p: Int, _ start: Int, _ end: Int, ellipsis withEllipsis: Bool) -> TextLine {
    let paragraph = paragraphs[p]
    var glyphs: [PlacedGlyph] = []
    var text = ""
    for i in start..<end {
      let cluster = paragraph.clusters[i]
      let x = paragraph.position[i] - paragraph.position[start]
      for (glyph, offset) in zip(cluster.glyphs, cluster.offsets) {
        glyphs.append(PlacedGlyph(glyph: glyph, x: x + offset))
      }
      text.append(cluster.character)
    }
    var width = end > start ? paragraph.width(start, end) : 0
    if withEllipsis {
      for (glyph, offset) in zip(ellipsis.glyphs, ellipsis.offsets) {
        glyphs.append(PlacedGlyph(glyph: glyph, x: width + offset))
      }
      text.append(ellipsis.character)
      width += ellipsis.advance
    }
    return TextLine(text: text, width: width, origin: Point(x: 0, y: 0), glyphs: glyphs)
  }
}

/// Widths within this many points of the line's width still fit (rounding in sums).
let epsilon = 1e-6

/// One character and its glyphs, with advances in points.
struct Cluster {
  var character: Character
  var glyphs: [UInt32]
  /// Pen x of each glyph from the cluster's start, points.
  var offsets: [Double]
  /// Pen advance of the whole cluster, points, letter spacing included.
  var advance: Double
  /// A space: a line may break after it, and it hangs at the end of a line.
  var isSpace: Bool

  init(_ character: Character, face: FontFace, unit: Double, letterSpacing: Double) {
    self.character = character
    isSpace = character == " " || character == "\t"
    let scalars = character == "\t" ? [" "] : Array(character.unicodeScalars)
    glyphs = scalars.map(face.glyphIndex)
    offsets = []
    var x = 0.0
    for (i, glyph) in glyphs.enumerated() {
      offsets.append(x)
      x += Double(face.advance(glyph)) * unit
      if i + 1 < glyphs.count { x += Double(face.kern(glyph, glyphs[i + 1])) * unit }
    }
    advance = x + letterSpacing
  }
}

/// The characters between two hard line breaks, with each one's pen position on a single
/// unbroken line (so any run's width is a difference of positions).
struct Paragraph {
  var clusters: [Cluster]
  /// position[i]: pen x of cluster i, points; position[count] is the whole width.
  var position: [Double]
  /// Kerning between the last glyph of cluster i and the first of cluster i + 1, points.
  var kernAfter: [Double]

  init(_ characters: [Character], face: FontFace, unit: Double, label: Label) {
    clusters = characters.map { Cluster($0, face: face, unit: unit, letterSpacing: label.letterSpacing) }
    position = [0]
    kernAfter = []
    for i in clusters.indices {
      var kern = 0.0
      if i + 1 < clusters.count, let a = clusters[i].glyphs.last, let b = clusters[i + 1].glyphs.first {
        kern = Double(face.kern(a, b)) * unit
      }
      kernAfter.append(kern)
      position.append(position[i] + clusters[i].advance + kern)
    }
  }

  /// Width in points of clusters start..<end laid out as one line.
  func width(_ start: Int, _ end: Int) -> Double {
    guard end > start else { return 0 }
    return position[end] - position[start] - kernAfter[end - 1]
  }

  /// `end` moved back over trailing spaces (not before `start`).
  func trimmingSpaces(_ start: Int, _ end: Int) -> Int {
    var end = end
    while end > start, clusters[end - 1].isSpace { end -= 1 }
    return end
  }

  /// Greedy word wrap: the cluster ranges of each line, trailing spaces excluded.
  /// An empty paragraph is one empty line.
  func wrap(maxWidth: Double?) -> [Range<Int>] {
    let n = clusters.count
    guard let maxWidth, n > 0 else { return [0..<trimmingSpaces(0, n)] }
    var lines: [Range<Int>] = []
    var start = 0
    while start < n {
      var end = start  // content committed to this line so far
      var next = n  // where the following line starts
      var j = start
      while true {
        var wordStart = j
        while wordStart < n, clusters[wordStart].isSpace { wordStart += 1 }
        if wordStart == n {
          next = n  // only spaces remain: they hang on this line
          if end == start { end = start }
          break
        }
        var wordEnd = wordStart
        while wordEnd < n, !clusters[wordEnd].isSpace { wordEnd += 1 }
        if width(start, wordEnd) <= maxWidth + epsilon {
          end = wordEnd
          j = wordEnd
          continue
        }
        if end == start {
          // Nothing fits whole: break inside the word, keeping at least one character.
          end = start + 1
          while end < wordEnd, width(start, end + 1) <= maxWidth + epsilon { end += 1 }
          next = end
        } else {
          next = wordStart
        }
        break
      }
      lines.append(start..<end)
      start = next
    }
    return lines
  }
}
