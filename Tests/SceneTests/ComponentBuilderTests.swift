import Foundation
import Testing
@testable import Scene

/// The registry of built-in components (`BuiltInComponent.all`) against the reference's
/// "Built-in components" table and each builder's own key table.
@Suite struct ComponentBuilderTests {
  /// The kinds in the first column of docs/scene-format.md's "Built-in components" table, in order.
  static func documentedKinds() throws -> [String] {
    let doc = try String(contentsOfFile: Fixture.repository + "/docs/scene-format.md", encoding: .utf8)
    let section = try #require(doc.components(separatedBy: "## Built-in components\n").dropFirst().first)
      .components(separatedBy: "\n### ")[0]
    return section.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("| `") else { return nil }
      return line.dropFirst(3).split(separator: "`").first.map(String.init)
    }
  }

  @Test func registryListsTheDocumentedComponentsInOrder() throws {
    #expect(BuiltInComponent.kinds == ["statusBar", "navigationBar", "tabBar", "toolbar", "photoGrid"])
    #expect(BuiltInComponent.kinds == (try Self.documentedKinds()))
  }

  @Test func eachBuilderOwnsItsTable() {
    for builder in BuiltInComponent.all {
      // Messages name the mapping by the table's title ("unknown key 'x' in tabBar").
      #expect(builder.format.title == builder.kind)
      // The root view's id defaults to the kind (ComponentInput.expand), as the table says.
      #expect(builder.format.keys.first { $0.name == "id" }?.defaultValue == .string(builder.kind))
      // Exactly the bars take UIKit's bar appearances.
      #expect(builder.isBar == builder.keys.contains("appearance"), "\(builder.kind)")
      #expect(BuiltInComponent.named(builder.kind)?.kind == builder.kind)
    }
    #expect(BuiltInComponent.named("tabbar") == nil)
  }

  /// A component expands through its builder: a toolbar's items are spread by flexible
  /// spaces (first and last 44 pt boxes at the 16 pt margins of a 390 pt screen).
  @Test func toolbarBuildsThroughTheRegistry() throws {
    let text = """
      device: iphone-14
      screens:
        a:
          subviews:
            - toolbar: {items: [square.and.arrow.up, heart, trash]}
        b: {}
      transition: {kind: push, from: a, to: b, preset: system}
      """
    let document = try SceneLoader.load(text: text)
    let bar = try #require(document.screens[0].view.subviews.first)
    #expect(bar.id == "toolbar")
    #expect(bar.frame == .init(0, 844 - 83, 390, 83))
    let xs = bar.subviews.first { $0.id == "items" }?.subviews.map(\.frame.minX)
    #expect(xs == [16, 16 + (390 - 32 - 44) / 2, 390 - 16 - 44])
  }
}
