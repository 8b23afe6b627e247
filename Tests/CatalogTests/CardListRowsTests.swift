import Foundation
import Geometry
import Scene
import Testing

/// T5's compose card lists its options as UITableView rows do: 44 pt between the inset
/// hairlines (HIG's minimum row height), each row's label and switch centred in its row, and
/// a disclosure chevron on the rows that open a screen. Both T5 scenes show the same card.
@Suite("T5: the card's option rows are 44 pt table rows")
struct CardListRowsTests {
  @Test(arguments: ["t5-card-presentation", "t5-card-pull-down-to-close"])
  func rows(_ stem: String) throws {
    let doc = try Catalog.load(stem)
    let card = try #require(doc.view("compose"))
    // The inset hairlines (x = 16, 0.33 pt) below the caption, top to bottom.
    let lines = card.subviews.filter { $0.frame.minX == 16 && $0.frame.height == 0.33 }.map(\.frame.minY).sorted()
    #expect(lines.count == 4, "\(lines)")
    // As UITableView's separators (separatorInset 16 pt leading, 0 trailing): inset on the
    // left only, running to the card's right edge.
    for line in card.subviews where line.frame.minX == 16 && line.frame.height == 0.33 {
      #expect(line.frame.maxX == card.frame.width, "hairline at y \(line.frame.minY) ends at \(line.frame.maxX)")
    }
    for (a, b) in zip(lines, lines.dropFirst()) { #expect(b - a == 44, "\(lines)") }
    func label(_ text: String) -> SceneView? {
      card.subviews.first { if case .text(let t)? = $0.content { return t.string == text } else { return false } }
    }
    for (i, text) in ["Tag people", "Share to album", "Allow comments"].enumerated() {
      let l = try #require(label(text), "\(text)")
      let rowMid = (lines[i] + lines[i + 1]) / 2
      #expect(abs(l.frame.midY - rowMid) <= 0.5, "\(text): centre \(l.frame.midY), row \(rowMid)")
    }
    // The switch (51 x 31) in the third row, and chevrons in the first two.
    let toggle = try #require(card.subviews.first { $0.frame.width == 51 && $0.frame.height == 31 })
    #expect(abs(toggle.frame.midY - (lines[2] + lines[3]) / 2) <= 0.5, "switch at \(toggle.frame.midY)")
    let chevrons = card.subviews.filter { $0.frame.minX > 340 && $0.frame.height == 44 }
    #expect(chevrons.map(\.frame.minY).sorted() == [lines[0], lines[1]])
  }
}
