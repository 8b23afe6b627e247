import Geometry
import Raster
import Symbols
import Testing

/// Bar item images fitted to the Human Interface Guidelines' glyph boxes: a regular tab bar's
/// circular glyphs 25 × 25 pt, square 23 × 23, wide 31 wide, tall 28 tall; toolbar and
/// navigation bar glyphs about 22 × 22 (28 at most). The numbers are the HIG's, typed here;
/// the sizes are measured from the rendered ink at scale 3.
@Suite struct BarImageSizeTests {
  /// The rendered ink's size in points at scale 3 (±1 px of anti-aliasing on each side).
  func inkSize(_ name: String, _ bar: BarImageSize) throws -> (width: Double, height: Double) {
    let config = try #require(Symbols.barConfiguration(named: name, in: bar))
    let image = try #require(Symbols.image(named: name, configuration: config))
    let box = try #require(inkBox(render(image, scale: 3, margin: 4)))
    return (Double(box.2 - box.0 + 1) / 3, Double(box.3 - box.1 + 1) / 3)
  }

  @Test(arguments: [
    ("photo.fill.on.rectangle.fill", BarImageSize.tabBar), ("heart.text.square.fill", .tabBar), ("rectangle.stack.fill", .tabBar),
    ("magnifyingglass", .tabBar), ("house.fill", .tabBar), ("square.stack.fill", .tabBar),
    ("square.and.arrow.up", .toolbar), ("heart", .toolbar), ("info.circle", .toolbar), ("trash", .toolbar),
  ])
  func inkFillsItsHIGBox(name: String, bar: BarImageSize) throws {
    let size = try inkSize(name, bar)
    let shape = BarImageSize.shape(named: name, aspect: size.width / size.height)
    let box = bar.box(shape)
    // One side reaches the box (to the pixel), the other stays inside it.
    let reach = max(size.width / box.width, size.height / box.height)
    #expect(abs(reach - 1) <= 0.7 / min(box.width, box.height), "\(name): \(size) in \(box)")
    #expect(size.width <= box.width + 0.7 && size.height <= box.height + 0.7)
  }

  /// The boxes by hand: tab bar glyphs are bigger than the body-size symbols they replace
  /// (about 19 pt wide before), toolbar glyphs 22 pt.
  @Test func tabBarGlyphsAreAboutTwentyFivePoints() throws {
    let heart = try inkSize("heart.text.square.fill", .tabBar)
    #expect(abs(max(heart.width, heart.height) - 23) <= 0.7)
    let info = try inkSize("info.circle", .toolbar)
    #expect(abs(info.width - 22) <= 0.7 && abs(info.height - 22) <= 0.7)
    let body = try #require(Symbols.image(named: "heart.text.square.fill", configuration: SymbolConfiguration(pointSize: 17, weight: .regular, scale: .large)))
    #expect(max(body.size.width, body.size.height) < 21)
    #expect(BarImageSize.shape(named: "info.circle", aspect: 1) == .circular)
    #expect(BarImageSize.shape(named: "circlefoo", aspect: 1) == .square)
    #expect(BarImageSize.shape(named: "x", aspect: 1.3) == .wide && BarImageSize.shape(named: "x", aspect: 0.7) == .tall)
    #expect(Symbols.barConfiguration(named: "no.such.symbol", in: .tabBar) == nil)
  }

  /// However far a bar glyph is scaled to fill its box, its strokes keep 17 pt regular large's
  /// width: 11.5 design units × 17 pt × 1490/2048 ÷ 100 × 1.28 = 1.8204 pt (SF Symbols'
  /// scales change a symbol's size, not its weight). Scaling the whole glyph drew share 1.35×,
  /// heart 1.19× and trash 1.11× heavier than regular.
  @Test(arguments: ["square.and.arrow.up", "heart", "info.circle", "trash", "magnifyingglass"])
  func barStrokesKeepTheRegularWidth(name: String) throws {
    let expected = 11.5 * 17 * 1490 / 2048 / 100 * 1.28
    for bar in BarImageSize.allCases {
      let config = try #require(Symbols.barConfiguration(named: name, in: bar))
      let image = try #require(Symbols.image(named: name, configuration: config))
      let widths = image.parts.compactMap { part -> Double? in
        switch part.paint {
        case .stroke(let w): w
        case .fillAndStroke: nil
        case .fill: nil
        }
      }
      #expect(!widths.isEmpty, "\(name) has strokes")
      // The main strokes at 1×; a few parts use a multiple (the magnifying glass's handle 1.25×).
      #expect(widths.contains { abs($0 - expected) < 1e-9 }, "\(name) in \(bar): \(widths)")
    }
  }
}
