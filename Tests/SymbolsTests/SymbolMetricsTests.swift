import Foundation
import Geometry
import Raster
import Symbols
import Testing
import Text

/// The sizing rule against the font the labels are drawn in: the cap height ratio and each
/// weight's stroke measured from Inter's glyphs through the Text module.
@Suite struct SymbolMetricsTests {
  static let size = 400.0

  /// "H" and "l" at 400 pt, black on transparent, one pixel per point.
  func glyph(_ text: String, _ weight: Label.Weight) throws -> Bitmap {
    var b = Bitmap(width: 600, height: 600)
    let label = Label(text, fontSize: Self.size, weight: weight, color: .black)
    try b.draw(label, in: Rect(50, 0, 500, 600))
    return b
  }

  @Test func capHeightRatioIsInters() throws {
    let b = try glyph("H", .regular)
    let (_, y0, _, y1) = try #require(inkBox(b))
    // Ink rows of a flat-topped, flat-bottomed H: the cap height within a pixel of coverage.
    var rows = 0.0
    let column = (0..<b.width).first { x in (0..<b.height).contains { alpha(b, x, $0) == 255 } }!
    for y in y0...y1 { rows += Double(alpha(b, column + 2, y)) / 255 }
    #expect(abs(rows - SymbolConfiguration.capHeightRatio * Self.size) < 1, "H is \(rows) px tall at \(Self.size) pt")
  }

  @Test func weightStrokesAreInterStems() throws {
    for weight in SymbolWeight.allCases {
      let b = try glyph("l", Label.Weight(rawValue: weight.rawValue)!)
      let (_, y0, _, y1) = try #require(inkBox(b))
      let y = (y0 + y1) / 2
      let stem = (0..<b.width).reduce(0.0) { $0 + Double(alpha(b, $1, y)) / 255 }
      let units = stem / (SymbolConfiguration.capHeightRatio * Self.size) * 100
      #expect(abs(units - weight.strokeWidth) < 0.3, "\(weight): Inter's stem is \(units) units, table says \(weight.strokeWidth)")
    }
  }
}
