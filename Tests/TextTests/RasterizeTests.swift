import Foundation
import Geometry
import Testing
@testable import Text

@Suite struct RasterizeTests {
  @Test func maskIsTheBoxInPixelsRoundedUp() throws {
    let m = try rasterize(Label("Hi"), boxSize: Size(100, 20.5), scale: 3)
    #expect(m.width == 300 && m.height == 62)
    let n = try rasterize(Label("Hi"), boxSize: Size(10.1, 0), scale: 2)
    #expect(n.width == 21 && n.height == 0)
  }

  /// At 352 pt and 1x, one font unit is 1/8 px. Inter-Regular's "I" is the rectangle
  /// x 248...496, y 0...2048 (fontTools BoundsPen, area 507904 = 248 * 2048): 31...62 px
  /// wide and 256 px tall, on pixel boundaries. Line height 3408 / 8 = 426 px and ascender
  /// 2728 / 8 = 341 px, so in a 426 px box the baseline is row 341 and the bar covers rows
  /// 85..<341 and columns 31..<62 exactly.
  @Test func anIOnThePixelGridCoversExactlyItsRectangle() throws {
    let m = try rasterize(Label("I", fontSize: 352), boxSize: Size(100, 426), scale: 1)
    var wrong = 0
    for y in 0..<m.height {
      for x in 0..<m.width {
        let inside = (31..<62).contains(x) && (85..<341).contains(y)
        if m[x, y] != (inside ? 255 : 0) { wrong += 1 }
      }
    }
    #expect(wrong == 0)
  }

  /// Total coverage equals the outline's area: "I" area 507904 units² (Regular) and
  /// 886784 (Bold), from fontTools' AreaPen, scaled by (ppem / 2816)² at 17 pt and 3x.
  @Test(arguments: [(Label.Weight.regular, 507904.0), (.bold, 886784.0)])
  func coverageOfAnIMatchesItsOutlineArea(weight: Label.Weight, area: Double) throws {
    let m = try rasterize(Label("I", fontSize: 17, weight: weight), boxSize: Size(20, 30), scale: 3)
    let covered = m.alpha.reduce(0.0) { $0 + Double($1) } / 255
    let expected = area * pow(51.0 / 2816, 2)
    #expect(abs(covered - expected) / expected < 0.01, "covered \(covered) px², outline \(expected) px²")
  }

  /// The ink of "H" (bounds x 248...1836 of advance 2084, fontTools) ends 248 units before
  /// the pen: at 17 pt and 3x that is 248 * 51 / 2816 = 4.49 px inside the right edge.
  @Test func rightAlignedTextEndsAtTheBoxsRightEdge() throws {
    let label = Label("H", fontSize: 17, alignment: .right)
    let m = try rasterize(label, boxSize: Size(100, 30), scale: 3)
    let right = Double(try #require(inkColumns(m).last) + 1)
    let expected: Double = 300 - 248.0 * 51 / 2816
    #expect(abs(right - expected) <= 1)
  }

  @Test func leftAndCenteredTextSitWhereTheAdvancesSay() throws {
    // Left: the ink starts at the left side bearing, 248 * 51 / 2816 = 4.49 px.
    let left = try rasterize(Label("H", fontSize: 17), boxSize: Size(100, 30), scale: 3)
    let first = Double(try #require(inkColumns(left).first))
    let bearing: Double = 248.0 * 51 / 2816
    #expect(abs(first - bearing) <= 1)
    // Centred: H's ink is symmetric in its advance, so it is centred in the box.
    let center = try rasterize(Label("H", fontSize: 17, alignment: .center), boxSize: Size(100, 30), scale: 3)
    let columns = inkColumns(center)
    let mid = Double(try #require(columns.first) + (try #require(columns.last)) + 1) / 2
    #expect(abs(mid - 150) <= 0.5)
  }

  @Test func textBlockIsCentredVerticallyWithItsBaselineOnAPixelRow() throws {
    // Box 40 pt tall, one 17 pt line (20.5739 pt): top (40 - 20.5739) / 2 = 9.7131,
    // baseline 9.7131 + 16.4687 = 26.1818 pt = 78.545 px, snapped to row 79.
    let label = Label("I", fontSize: 17)
    let lines = try layout(label, in: Size(50, 40)).lines
    #expect(abs(lines[0].origin.y - 26.1818) < 1e-4)
    let m = try rasterize(label, boxSize: Size(50, 40), scale: 3)
    let rows = (0..<m.height).filter { y in (0..<m.width).contains { m[$0, y] > 0 } }
    // "I" sits on the baseline: its last inked row is the one just above it, fully covered.
    #expect(rows.last == 78)
    #expect((0..<m.width).contains { m[$0, 78] == 255 })
  }

  @Test func emptyStringGivesAnEmptyMask() throws {
    let m = try rasterize(Label(""), boxSize: Size(10, 10), scale: 2)
    #expect(m.width == 20 && m.height == 20 && m.alpha.allSatisfy { $0 == 0 })
  }

  @Test func colourDoesNotChangeCoverage() throws {
    let a = try rasterize(Label("Hello", color: .black), boxSize: Size(60, 30), scale: 2)
    let b = try rasterize(Label("Hello", color: .white), boxSize: Size(60, 30), scale: 2)
    #expect(a == b)
  }

  @Test func parallelRenderingGivesTheSameBytes() throws {
    let labels = (0..<16).map { Label("Frame \($0) — Photos", fontSize: 13 + Double($0), weight: Label.Weight.allCases[$0 % 7]) }
    let serial = try labels.map { try rasterize($0, boxSize: Size(200, 40), scale: 3) }
    clearCaches()  // so the parallel run renders glyphs through FreeType again
    let results = Results(count: labels.count)
    DispatchQueue.concurrentPerform(iterations: labels.count * 4) { i in
      let mask = try? rasterize(labels[i % labels.count], boxSize: Size(200, 40), scale: 3)
      results.set(i % labels.count, mask)
    }
    #expect(results.all() == serial)
  }

  @Test func absurdMasksAreRefused() {
    #expect(throws: TextError.maskTooLarge(width: 3_000_000, height: 3_000_000)) {
      try rasterize(Label("x"), boxSize: Size(1e6, 1e6), scale: 3)
    }
  }

  private func inkColumns(_ m: TextMask) -> [Int] {
    (0..<m.width).filter { x in (0..<m.height).contains { m[x, $0] > 0 } }
  }
}

private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var masks: [TextMask?]
  init(count: Int) { masks = Array(repeating: nil, count: count) }
  func set(_ i: Int, _ mask: TextMask?) {
    lock.lock()
    defer { lock.unlock() }
    if masks[i] == nil || masks[i] == mask { masks[i] = mask } else { masks[i] = TextMask(width: 0, height: 0) }
  }
  func all() -> [TextMask?] { lock.lock(); defer { lock.unlock() }; return masks }
}

@Suite struct BadValueTests {
  static let labels: [Label] = [
    Label("Hi", fontSize: 0), Label("Hi", fontSize: -5), Label("Hi", fontSize: .nan),
    Label("Hi", fontSize: .infinity), Label("Hi", fontSize: 1e9), Label("Hi", letterSpacing: .nan),
    Label("Hi", letterSpacing: 1e12), Label("Hi", letterSpacing: -1e12),
    Label("Hi\nthere", numberOfLines: 0, lineHeightMultiple: .infinity),
    Label("Hi\nthere", numberOfLines: -3, lineHeightMultiple: -1),
  ]
  static let boxes: [Size] = [Size(0, 0), Size(-1, 20), Size(.nan, 20), Size(50, .infinity), Size(50, 20)]

  @Test(arguments: labels)
  func neverTrapAndKeepTheMaskSize(label: Label) throws {
    for box in Self.boxes {
      for scale in [0, 1, 3, Double.nan] {
        let m = try rasterize(label, boxSize: box, scale: scale)
        #expect(m.alpha.count == m.width * m.height)
        _ = try layout(label, in: box)
        _ = try measure(label, maxWidth: box.width, scale: scale)
      }
    }
  }

  @Test func aFontSizeThatIsNotPositiveDrawsNothing() throws {
    for size in [0, -5, Double.nan] {
      let m = try rasterize(Label("Hi", fontSize: size), boxSize: Size(50, 20), scale: 2)
      #expect(m.width == 100 && m.height == 40 && m.alpha.allSatisfy { $0 == 0 })
      #expect(try measure(Label("Hi", fontSize: size), maxWidth: nil) == .zero)
    }
  }
}
