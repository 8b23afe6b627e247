import Geometry
import Symbols
import Testing
@testable import Scene

/// `path:` and `symbol:` views: what they read into, and SVG errors at the bad character.
@Suite struct PathAndSymbolViewTests {
  /// The base scene's first subview, replaced in each test (indented 6 spaces there).
  let imageLine = "- image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}"

  func firstView(_ subview: String) throws -> SceneView {
    let doc = try #require(load(scene(imageLine, subview)).document)
    return try #require(doc.screens.first { $0.name == "a" }?.view.subviews.first)
  }

  @Test func pathViewReadsItsShape() throws {
    let v = try firstView("- path: {frame: [0, 0, 100, 100], data: 'M0 0 H10 V10 Z', fill: none, stroke: systemRed, lineWidth: 2, lineCap: round, lineJoin: bevel, miterLimit: 4}")
    guard case .path(let shape)? = v.content else { Issue.record("no path"); return }
    #expect(shape.path.elements == [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .close])
    #expect(shape.fill == nil && shape.stroke != nil)
    #expect(shape.lineWidth == 2 && shape.lineCap == .round && shape.lineJoin == .bevel && shape.miterLimit == 4)
  }

  @Test func viewBoxScalesUniformlyAndCentres() throws {
    // A 10 × 10 box into 100 × 50 points: scale 5 (the height limits), centred: x offset 25.
    let v = try firstView("- path: {frame: [0, 0, 100, 50], viewBox: [0, 0, 10, 10], data: 'M0 0 L10 10', stroke: black, lineWidth: 2}")
    guard case .path(let shape)? = v.content else { Issue.record("no path"); return }
    #expect(shape.path.elements == [.move(Point(25, 0)), .line(Point(75, 50))])
    #expect(shape.lineWidth == 10)
    #expect(shape.fill == .black)  // CAShapeLayer's and SVG's default
  }

  @Test func dataCanBeAListOfPieces() throws {
    let v = try firstView("- path: {frame: [0, 0, 100, 100], data: ['M0 0 L10', '0 l 5 5']}")
    guard case .path(let shape)? = v.content else { Issue.record("no path"); return }
    #expect(shape.path.elements == [.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(15, 5))])
  }

  @Test func badPathDataPointsAtTheCharacter() {
    #expect(errors(scene(imageLine, "- path: {frame: [0, 0, 10, 10], data: M0 0 L 5 x}")) == """
      scene.yaml:8:54: error: bad path data: expected a number for 'L', found 'x'
            - path: {frame: [0, 0, 10, 10], data: M0 0 L 5 x}
                                                           ^

      """)
    // Quoted: one column further for the quote.
    #expect(errors(scene(imageLine, "- path: {frame: [0, 0, 10, 10], data: 'M0 0 Q 5'}")).hasPrefix("""
      scene.yaml:8:54: error: bad path data: expected a number for 'Q', found the end
      """))
    // A piece of a list, on its own line.
    #expect(errors(scene(imageLine, "- path:\n          frame: [0, 0, 10, 10]\n          data:\n            - M0 0 L 5 5\n            - L 6 6 K 7"))
      .hasPrefix("scene.yaml:12:21: error: bad path data: expected a path command"))
    // A literal block: the line within it, the column past its indentation.
    #expect(errors(scene(imageLine, "- path:\n          frame: [0, 0, 10, 10]\n          data: |\n            M0 0 L 5 5\n              L 6 6 C 1"))
      .hasPrefix("scene.yaml:12:24: error: bad path data: expected a number for 'C', found the end"))
    #expect(errors(scene(imageLine, "- path: {frame: [0, 0, 10, 10], data: L 1 1}")).hasPrefix(
      "scene.yaml:8:45: error: bad path data: path data must start with a moveto"))
  }

  @Test func symbolViewCentresItsPartsInTheFrame() throws {
    let v = try firstView("- symbol: {id: like, frame: [10, 20, 40, 30], name: heart.fill, pointSize: 22, weight: bold, color: systemPink}")
    let image = try #require(Symbols.image(named: "heart.fill", configuration: SymbolConfiguration(pointSize: 22, weight: .bold)))
    #expect(v.frame == Rect(10, 20, 40, 30))
    #expect(v.subviews.count == image.parts.count)
    for part in v.subviews {
      #expect(abs(part.frame.minX - (40 - image.size.width) / 2) < 1e-9 && abs(part.frame.minY - (30 - image.size.height) / 2) < 1e-9)
      guard case .path(let shape)? = part.content else { Issue.record("no path"); continue }
      #expect(shape.fill == SystemColor.systemPink.color(.light) && shape.lineJoin == .round)
    }
  }

  @Test func unknownSymbolSuggestsTheClosestName() {
    #expect(errors(scene(imageLine, "- symbol: {frame: [0, 0, 10, 10], name: hart}")).hasPrefix("""
      scene.yaml:8:47: error: unknown symbol 'hart'
            - symbol: {frame: [0, 0, 10, 10], name: hart}
                                                    ^
      note: did you mean 'heart'?
      """))
  }
}

/// The docs list every symbol, and the contact-sheet scene shows every one and loads.
@Suite struct SymbolDocsTests {
  @Test func docsAndSheetNameEverySymbol() throws {
    let docs = try String(contentsOfFile: Fixture.repository + "/docs/symbols.md", encoding: .utf8)
    let sheet = try String(contentsOfFile: Fixture.repository + "/docs/symbols-sheet.yaml", encoding: .utf8)
    for name in Symbols.names {
      #expect(docs.contains("`\(name)`"), "docs/symbols.md does not list \(name)")
      #expect(sheet.contains("name: \(name),"), "docs/symbols-sheet.yaml does not show \(name)")
    }
    #expect(load(sheet).document != nil)
  }
}
