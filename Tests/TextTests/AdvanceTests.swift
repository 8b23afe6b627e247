import Geometry
import Testing
@testable import Text

/// At 2816 pt (Inter's unitsPerEm) one font unit is one point, so widths compare directly
/// with sums of the font's hmtx advances.
@Suite struct AdvanceTests {
  let em = 2816.0

  func width(_ text: String, letterSpacing: Double = 0, weight: Label.Weight = .regular) throws -> Double {
    try measure(Label(text, fontSize: em, weight: weight, letterSpacing: letterSpacing), maxWidth: nil).width
  }

  // hmtx advances read with fontTools from Inter-Regular.otf: m 2448, i 668, n 1648, u 1636.
  // "minimum" = 3*2448 + 2*668 + 1648 + 1636 = 11964; HarfBuzz (kern on) agrees: no pairs.
  @Test func advancesSumTheFontsHmtx() throws {
    #expect(try width("minimum") == 11964)
    #expect(try width("mmmmmmmmmm") == 24480)
  }

  @Test func advancesScaleWithFontSize() throws {
    let w = try measure(Label("minimum", fontSize: 17), maxWidth: nil).width
    #expect(abs(w - 11964.0 * 17 / 2816) < 1e-9)
  }

  // Widths from HarfBuzz 10 (uharfbuzz) shaping with features kern on, liga/calt/clig off,
  // sum of x_advance; the hmtx sums without kerning are in the comments.
  @Test(arguments: [
    ("Hamburgefonstiv", 22872.0),  // hmtx 22984
    ("AVATAR Tokyo", 19156.0),  // hmtx 20284
    ("To", 3264.0),  // hmtx 3488
    ("Photos", 9292.0),  // hmtx 9308
    ("Wave, yet", 12968.0),  // hmtx 13280
  ])
  func gposPairKerningMatchesHarfBuzz(text: String, expected: Double) throws {
    #expect(try width(text) == expected)
  }

  @Test func letterSpacingAddsAfterEveryCharacter() throws {
    #expect(try width("minimum", letterSpacing: 10) == 11964 + 7 * 10)
    #expect(try width("minimum", letterSpacing: -100) == 11964 - 7 * 100)
  }

  @Test func measureIsTheWidestLineByTheLineCount() throws {
    // "minimum minimum minimum" wraps at 24720 (two words and a space) into 2 lines;
    // line height 2728 + 680 = 3408.
    let label = Label("minimum minimum minimum", fontSize: em, lineBreak: .wordWrap, numberOfLines: 0)
    #expect(try measure(label, maxWidth: 24720) == Size(24720, 2 * 3408))
    #expect(try measure(label, maxWidth: nil) == Size(37476, 3408))
  }

  @Test func measureRoundsUpToThePixelGridWhenGivenAScale() throws {
    // 17 pt: width 11964 * 17 / 2816 = 72.2258..., height 20.5739...; at 3x: 72.3333, 20.6667.
    let size = try measure(Label("minimum", fontSize: 17), maxWidth: nil, scale: 3)
    #expect(abs(size.width - 217.0 / 3) < 1e-9)
    #expect(abs(size.height - 62.0 / 3) < 1e-9)
  }

  @Test func emptyStringMeasuresZero() throws {
    #expect(try measure(Label(""), maxWidth: 100) == .zero)
    #expect(try measure(Label("", numberOfLines: 0), maxWidth: nil, scale: 3) == .zero)
  }
}
