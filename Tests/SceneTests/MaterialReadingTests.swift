import Geometry
import Testing
@testable import Scene

@Suite struct MaterialReadingTests {
  func views(_ entry: String) throws -> [SceneView] {
    let text = scene("      - image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}\n", entry)
    let doc = try #require(load(text).document)
    return try #require(doc.screen(named: "a")).view.subviews
  }

  @Test func materialKeyOnAView() throws {
    #expect(try views("      - view: {frame: [0, 0, 10, 10], material: thinDark}\n")[0].material == .thinDark)
    #expect(try views("      - view: {frame: [0, 0, 10, 10], material: none}\n")[0].material == nil)
    #expect(try views("      - view: {frame: [0, 0, 10, 10]}\n")[0].material == nil)
    #expect(SceneView.Material.chromeDark.thickness == "chrome" && SceneView.Material.chromeDark.isDark)
    #expect(SceneView.Material.regular.thickness == "regular" && !SceneView.Material.regular.isDark)
    #expect(SceneView.Material.ultraThinLight.thickness == "ultraThin")
  }

  @Test func unknownMaterialIsReportedWithItsPlace() {
    let text = scene("      - image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}\n",
      "      - view: {frame: [0, 0, 10, 10], material: frosted}\n")
    let message = errors(text)
    #expect(message.hasPrefix("scene.yaml:8:49: error: "), "\(message)")
    #expect(message.contains("frosted") && message.contains("chromeDark") && message.contains("none"))
  }

  /// Bars with content under them are translucent chrome material by default (UIKit's
  /// standard bar appearance; BarAppearanceTests has the scroll-edge rule); a
  /// backgroundColor alone makes them opaque; `material:` overrides both ways.
  @Test func barsDefaultToTheChromeMaterial() throws {
    let nav = try views("      - navigationBar: {title: T, appearance: standard}\n")[0]
    #expect(nav.backgroundColor == nil && nav.material == nil)
    let background = try #require(nav.subviews.first)
    #expect(background.id == "background" && background.material == .chrome)
    // It reaches from the top of the screen (behind the status bar) to the bar's bottom.
    #expect(background.frame.minY == -47 && background.frame.maxY == 44)
    let opaque = try views("      - navigationBar: {title: T, backgroundColor: white}\n")[0]
    #expect(opaque.backgroundColor == .white && opaque.subviews.allSatisfy { $0.material == nil })
    let tabs = try views("      - tabBar: {items: [A, B], appearance: standard}\n")[0]
    #expect(tabs.material == .chrome && tabs.backgroundColor == nil)
    let plain = try views("      - tabBar: {items: [A, B], material: none}\n")[0]
    #expect(plain.material == nil && plain.backgroundColor == Color(hex: "#F9F9F9"))
    let thick = try views("      - tabBar: {items: [A, B], material: thickDark, backgroundColor: \"#FF000020\"}\n")[0]
    #expect(thick.material == .thickDark && thick.backgroundColor == Color(hex: "#FF000020"))
  }
}
