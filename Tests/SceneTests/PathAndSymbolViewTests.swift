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

  /// `lineDash` and `lineDashPhase` are in path units, scaled with the viewBox like lineWidth.
  @Test func dashesReadAndScaleWithTheViewBox() throws {
    let v = try firstView("- path: {frame: [0, 0, 100, 50], viewBox: [0, 0, 10, 10], data: 'M0 0 L10 10', stroke: black, lineDash: [2, 1, 0.5], lineDashPhase: -1}")
    guard case .path(let shape)? = v.content else { Issue.record("no path"); return }
    #expect(shape.lineDash == [10, 5, 2.5] && shape.lineDashPhase == -5)
    let plain = try firstView("- path: {frame: [0, 0, 100, 50], data: 'M0 0 L10 10', stroke: black}")
    guard case .path(let solid)? = plain.content else { Issue.record("no path"); return }
    #expect(solid.lineDash.isEmpty && solid.lineDashPhase == 0 && solid.miterLimit == 10)
  }

  @Test func badDashesAreErrors() {
    func first(_ keys: String) -> String {
      let text = errors(scene(imageLine, "- path: {frame: [0, 0, 100, 100], data: 'M0 0 L100 0', stroke: black, \(keys)}"))
      return String(text.split(separator: "\n").first ?? "")
    }
    #expect(first("lineDash: [2, -1]") == "scene.yaml:8:91: error: lineDash must be in 0...100000 (got -1)")
    #expect(first("lineDash: [0, 0]") == "scene.yaml:8:87: error: lineDash must be dash and gap lengths that are not all zero (got 2 zeros)")
    #expect(first("lineDash: []") == "scene.yaml:8:87: error: lineDash must be 1 to 64 lengths (got 0)")
    let many = "[" + Array(repeating: "1", count: 65).joined(separator: ", ") + "]"
    #expect(first("lineDash: \(many)") == "scene.yaml:8:87: error: lineDash must be 1 to 64 lengths (got 65)")
    #expect(first("lineDash: 4").hasPrefix("scene.yaml:8:87: error: 'lineDash' must be a list"))
    #expect(first("lineDashPhase: .nan").hasPrefix("scene.yaml:8:92: error: lineDashPhase must be a finite number"))
    // 100 pt of [0.0005, 0.0005]: (100 / 0.001 + 1) · 2 + 1 = 200,003 dashes, more than 100,000.
    #expect(first("lineDash: [0.0005, 0.0005]") == "scene.yaml:8:87: error: the dash count along the path is 200003, more than Flipbook's limit of 100000")
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
