import Geometry
import Testing
@testable import Text

/// Hand-made cases at 2816 pt, where one font unit is one point. Advances from the hmtx
/// table of Inter-Regular.otf (fontTools): "minimum" 11964, space 792, m 2448, … 2312;
/// line height 3408.
@Suite struct LineBreakTests {
  func lines(
    _ text: String, width: Double, lines: Int = 0, lineBreak: Label.LineBreak = .wordWrap
  ) throws -> [String] {
    let label = Label(text, fontSize: 2816, lineBreak: lineBreak, numberOfLines: lines)
    return try layout(label, in: Size(width, 1e6)).lines.map(\.text)
  }

  @Test func wrapsAtTheLastSpaceThatFits() throws {
    // Two words and a space are 11964 * 2 + 792 = 24720 wide.
    #expect(try lines("minimum minimum minimum", width: 24720) == ["minimum minimum", "minimum"])
    #expect(try lines("minimum minimum minimum", width: 24719) == ["minimum", "minimum", "minimum"])
  }

  @Test func spacesAtAWrapHangAndAreNotDrawn() throws {
    let label = Label("minimum    minimum", fontSize: 2816, lineBreak: .wordWrap, numberOfLines: 0)
    let result = try layout(label, in: Size(12000, 1e6))
    #expect(result.lines.map(\.text) == ["minimum", "minimum"])
    #expect(result.lines.map(\.width) == [11964, 11964])
  }

  @Test func aWordWiderThanTheLineBreaksBetweenCharacters() throws {
    // m is 2448 wide: 3.5 m fit three per line.
    #expect(try lines("mmmmmmmmmm", width: 3.5 * 2448) == ["mmm", "mmm", "mmm", "m"])
    // Even a line narrower than one character shows one character per line.
    #expect(try lines("mmm", width: 100) == ["m", "m", "m"])
  }

  @Test func aVeryLongWordFillsEachLineAndKeepsEveryCharacter() throws {
    let word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
    let label = Label(word, fontSize: 17, lineBreak: .wordWrap, numberOfLines: 0)
    let result = try layout(label, in: Size(60, 1000))
    #expect(result.lines.count > 3)
    #expect(result.lines.map(\.text).joined() == word)
    for line in result.lines { #expect(line.width <= 60 + 1e-9) }
  }

  @Test func newlinesForceBreaks() throws {
    #expect(try lines("minimum\nminimum", width: 1e6) == ["minimum", "minimum"])
    #expect(try lines("minimum\r\nminimum", width: 1e6) == ["minimum", "minimum"])
    #expect(try lines("a\n\nb", width: 1e6) == ["a", "", "b"])
    // A final newline ends the last line; it does not add an empty one.
    #expect(try lines("minimum\n", width: 1e6) == ["minimum"])
    #expect(try lines("\n", width: 1e6) == [""])
  }

  @Test func emptyStringHasNoLines() throws {
    #expect(try lines("", width: 100).isEmpty)
  }

  @Test func truncationEndsInAnEllipsisThatFits() throws {
    // Room for 24720: "minimum minimu" (12756 + 9516 = 22272) plus … (2312) = 24584 fits,
    // "minimum minimum" (24720) plus … does not.
    let label = Label("minimum minimum minimum", fontSize: 2816, lineBreak: .truncateTail, numberOfLines: 1)
    let result = try layout(label, in: Size(24720, 1e6))
    #expect(result.lines.map(\.text) == ["minimum minimu…"])
    #expect(result.lines[0].width == 24584)
    #expect(result.isTruncated)
  }

  @Test func truncationOnTheLastAllowedLine() throws {
    #expect(
      try lines("minimum minimum minimum minimum minimum", width: 24720, lines: 2, lineBreak: .truncateTail)
        == ["minimum minimum", "minimum minimu…"])
    // Word wrap drops what does not fit, without an ellipsis.
    #expect(
      try lines("minimum minimum minimum minimum", width: 24720, lines: 1, lineBreak: .wordWrap)
        == ["minimum minimum"])
    // Exactly two full lines in two allowed: nothing is cut, no ellipsis.
    #expect(
      try lines("minimum minimum minimum minimum", width: 24720, lines: 2, lineBreak: .truncateTail)
        == ["minimum minimum", "minimum minimum"])
  }

  @Test func truncationDropsTrailingSpacesBeforeTheEllipsis() throws {
    // At 15100, "minimum " (12756) plus … (2312) = 15068 would fit, but the space before
    // the ellipsis is dropped; "minimum m" (15204) does not fit.
    #expect(try lines("minimum minimum", width: 15100, lines: 1, lineBreak: .truncateTail) == ["minimum…"])
    // At 14000 "minimum…" (14276) does not fit either: "minimu" 9516 + 2312 = 11828.
    #expect(try lines("minimum minimum", width: 14000, lines: 1, lineBreak: .truncateTail) == ["minimu…"])
    // Later paragraphs cut off also end the last line with an ellipsis.
    #expect(try lines("minimum\nminimum", width: 1e6, lines: 1, lineBreak: .truncateTail) == ["minimum…"])
  }

  @Test func textThatFitsIsNotTruncated() throws {
    let label = Label("minimum", fontSize: 2816, numberOfLines: 1)
    let result = try layout(label, in: Size(11964, 3408))
    #expect(result.lines.map(\.text) == ["minimum"])
    #expect(!result.isTruncated)
  }

  @Test func aShortBoxShowsOnlyTheLinesThatFitAndTruncatesTheLast() throws {
    // Box 2.5 lines tall: two lines shown, the second truncated.
    let label = Label("minimum minimum minimum", fontSize: 2816, numberOfLines: 0)
    let result = try layout(label, in: Size(11964, 2.5 * 3408))
    #expect(result.lines.map(\.text) == ["minimum", "minimu…"])
  }
}

@Suite struct LineHeightTests {
  @Test func lineHeightMultipleSpacesBaselinesAndAddsTheExtraAboveTheGlyphs() throws {
    // 2816 pt: natural line height 3408, ascender 2728. At 1.5x a line is 5112 tall and its
    // baseline 5112 - 3408 + 2728 = 4432 below the line's top.
    let label = Label("a\nb", fontSize: 2816, numberOfLines: 0, lineHeightMultiple: 1.5)
    let result = try layout(label, in: Size(10000, 2 * 5112))
    #expect(result.lineHeight == 5112)
    #expect(result.lines.map(\.origin.y) == [4432, 4432 + 5112])
  }

  @Test func aBoxTallerThanTheTextCentresTheBlock() throws {
    // Two lines (6816) in a 10000 box: top (10000 - 6816) / 2 = 1592, baselines 1592 + 2728
    // and 1592 + 3408 + 2728.
    let label = Label("a\nb", fontSize: 2816, numberOfLines: 0)
    let result = try layout(label, in: Size(10000, 10000))
    #expect(result.lines.map(\.origin.y) == [4320, 7728])
  }
}
