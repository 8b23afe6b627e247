import Foundation
import Testing
@testable import Scene

/// The reference's annotated example must be a valid scene, as written.
@Suite struct DocsTests {
  @Test func annotatedExampleLoads() throws {
    let doc = try String(contentsOfFile: Fixture.repository + "/docs/scene-format.md", encoding: .utf8)
    let blocks = doc.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    let scenes = blocks.filter { $0.hasPrefix("scene:") }
    #expect(scenes.count >= 1)
    for text in scenes {
      let document = try #require(load(text).document)
      #expect(document.transition.interaction?.gesture.count == 4)
      #expect(try #require(load(text, variant: "cancelling").document).transition.interaction?.gesture[3].point == .init(214, 520))
    }
  }

  @Test func componentExampleExpands() throws {
    let text = """
      components:
        tagRow:
          parameters: {title: Untitled, y: 0}
          view:
            label: {text: $title, frame: [16, $y, 358, 44]}
      screens:
        tags:
          subviews:
            - tagRow: {title: "#travel", y: 0}
            - tagRow: {title: "#food", y: 44}
            - tagRow: {}
        other: {}
      transition: {kind: tabSwitch, from: tags, to: other, preset: crossfade}
      """
    let doc = try #require(load(text).document)
    let rows = try #require(doc.screen(named: "tags")).view.subviews
    #expect(rows.map(\.frame.minY) == [0, 44, 0])
    #expect(rows.map(\.content) == [
      .text(.init("#travel")), .text(.init("#food")), .text(.init("Untitled")),
    ])
  }
}
