import Testing
@testable import Scene

@Suite struct LabelReadingTests {
  func labelText(_ keys: String) throws -> SceneView.Text? {
    let text = scene("      - image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}\n",
      "      - label: {id: title, text: Hello, frame: [0, 0, 200, 40]\(keys)}\n")
    let doc = try #require(load(text).document)
    guard case .text(let t)? = try #require(doc.screen(named: "a")).view.subviews[0].content else { return nil }
    return t
  }

  @Test func letterSpacingAndLineHeightMultiple() throws {
    let plain = try #require(try labelText(""))
    // Not written: nil, so Stage applies the system tracking for the size.
    #expect(plain.letterSpacing == nil && plain.lineHeightMultiple == 1)
    let set = try #require(try labelText(", letterSpacing: -0.4, lineHeightMultiple: 1.25"))
    #expect(set.letterSpacing == -0.4 && set.lineHeightMultiple == 1.25)
    #expect(set == SceneView.Text("Hello", letterSpacing: -0.4, lineHeightMultiple: 1.25))
  }

  @Test func wrongTypesAreReported() {
    let text = scene("      - image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}\n",
      "      - label: {text: Hi, frame: [0, 0, 9, 9], letterSpacing: wide, lineHeightMultiple: -1}\n")
    #expect(errors(text) == """
      scene.yaml:8:63: error: 'letterSpacing' must be a number (got wide)
            - label: {text: Hi, frame: [0, 0, 9, 9], letterSpacing: wide, lineHeightMultiple: -1}
                                                                    ^
      scene.yaml:8:89: error: lineHeightMultiple must be > 0 and <= 100 (got -1)
            - label: {text: Hi, frame: [0, 0, 9, 9], letterSpacing: wide, lineHeightMultiple: -1}
                                                                                              ^

      """)
  }
}
