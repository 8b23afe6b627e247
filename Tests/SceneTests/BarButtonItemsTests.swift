import Geometry
import Testing
@testable import Scene

/// A navigation bar's `items` (custom bar button views): expanded into the bar's `items`
/// view in the bar's space, and in a push or pop lifted above both bars (window-level) with
/// UINavigationBar's cross-fade: the lower screen's items 1 -> 0, the upper's 0 -> 1, a pop
/// running it backwards.
@Suite struct BarButtonItemsTests {
  func document(kind: String) throws -> SceneDocument {
    let (from, to) = kind == "push" ? ("grid", "detail") : ("detail", "grid")
    let text = """
      scene: items
      device: iphone-14
      screens:
        grid:
          subviews:
            - navigationBar:
                title: Library
                appearance: standard
                items:
                  - view: {id: select, frame: [308, 7, 66, 30], cornerRadius: 15, material: ultraThinDark}
        detail:
          subviews:
            - navigationBar: {title: Today, backTitle: Library}
      transition: {kind: \(kind), from: \(from), to: \(to), timing: {curve: linear, duration: 0.3}}
      """
    return try #require(load(text).document)
  }

  @Test func itemsSitInTheBar() throws {
    let doc = try document(kind: "push")
    let bar = try #require(doc.screen(named: "grid")?.view.subviews.first)
    let items = try #require(bar.subviews.first { $0.id == "items" })
    #expect(items.role == .barButtonItems)
    #expect(items.frame == Rect(x: 0, y: 0, width: 390, height: 44))
    let select = try #require(items.subviews.first)
    #expect(select.id == "select" && select.frame == Rect(x: 308, y: 7, width: 66, height: 30) && select.material != nil)
    // The bar's own material background comes first, so the capsule blurs the bar.
    #expect(bar.subviews.first?.id == "background")
  }

  @Test(arguments: ["push", "pop"]) func itemsCrossFadeAboveBothBars(_ kind: String) throws {
    let doc = try document(kind: kind)
    let items = try #require(doc.screen(named: "grid")?.view.subviews.first?.subviews.first { $0.id == "items" })
    #expect(items.windowLevel == .navigationItems)
    let fade = try #require(doc.transition.tracks.first { $0.target.text == "grid.navigationBar.items" && $0.property == .opacity })
    // The grid is the lower screen either way: its items fade out on the push, in on the pop.
    let (start, end) = kind == "push" ? (1.0, 0.0) : (0.0, 1.0)
    #expect(fade.value(at: 0).number == start && fade.value(at: 1).number == end)
  }
}
