import Geometry
import Testing
@testable import Scene

/// A sheet's screen is read at UIKit's elevated interface level (docs/scene-format.md,
/// "Appearance"): its system backgrounds take their elevated dark values, the presenting
/// screen and every other transition's screens stay at the base level. Expected values are
/// UIKit's as typed in Flutter's CupertinoColors (`darkColor` / `darkElevatedColor`).
@Suite struct ElevatedLevelTests {
  static let base = Color(red: 0, green: 0, blue: 0)
  static let elevated = Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255)
  static let elevatedCard = Color(red: 44 / 255, green: 44 / 255, blue: 46 / 255)

  func scene(_ transition: String, appearance: String = "dark") -> String {
    """
    scene: levels
    appearance: \(appearance)
    screens:
      a: {backgroundColor: systemBackground}
      b:
        backgroundColor: systemGroupedBackground
        subviews:
          - view: {id: card, frame: [16, 100, 200, 44], backgroundColor: secondarySystemGroupedBackground}
          - view: {id: gray, frame: [16, 200, 200, 44], backgroundColor: systemGray6}
    transition:
    \(transition)
    """
  }

  func colors(_ transition: String, appearance: String = "dark") throws -> (a: Color?, b: Color?, card: Color?, gray: Color?) {
    let d = try #require(load(scene(transition, appearance: appearance)).document)
    let b = d.screen(named: "b")?.view
    return (d.screen(named: "a")?.view.backgroundColor, b?.backgroundColor, d.view(withId: "card", "b")?.backgroundColor,
      d.view(withId: "gray", "b")?.backgroundColor)
  }

  @Test(arguments: ["{kind: present, from: a, to: b, preset: sheet}", "{kind: present, from: a, to: b, preset: system}"])
  func presentedSheetIsElevated(_ t: String) throws {
    let c = try colors("  " + t)
    #expect(c.a == Self.base)
    #expect(c.b == Self.elevated)
    #expect(c.card == Self.elevatedCard)
    // systemGray6 has no elevated variant: #1C1C1E at both levels.
    #expect(c.gray == Self.elevated)
  }

  @Test func dismissedSheetIsElevated() throws {
    let c = try colors("  {kind: dismiss, from: b, to: a, preset: sheet}")
    #expect(c.a == Self.base && c.b == Self.elevated && c.card == Self.elevatedCard)
  }

  @Test func sheetPresentationIsElevated() throws {
    let c = try colors("""
        kind: present
        from: a
        to: b
        sheetPresentation: {detents: {medium: medium, large: large}}
      """)
    #expect(c.a == Self.base && c.b == Self.elevated && c.card == Self.elevatedCard)
  }

  /// A full-screen cover, a push and a custom transition keep both screens at the base level.
  @Test(arguments: [
    "{kind: present, from: a, to: b, preset: cover}", "{kind: push, from: a, to: b, preset: navigation}",
    "{kind: present, from: a, to: b, timing: {curve: linear, duration: 0.3}}",
  ])
  func otherTransitionsStayAtBase(_ t: String) throws {
    let c = try colors("  " + t)
    #expect(c.a == Self.base && c.b == Self.base)
    #expect(c.card == Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255))
  }

  /// In light appearance the two levels are the same colours.
  @Test func lightIsTheSameAtBothLevels() throws {
    let c = try colors("  {kind: present, from: a, to: b, preset: sheet}", appearance: "light")
    #expect(c.b == Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255))
    #expect(c.card == Color(red: 1, green: 1, blue: 1))
  }

  /// The grabber is tertiaryLabel in the scene's appearance: #3C3C43 at 30 % light, #EBEBF5
  /// at 30 % dark (UIKit's tertiaryLabel, as in the HIG's table).
  @Test(arguments: [("light", 60.0, 60.0, 67.0), ("dark", 235.0, 235.0, 245.0)])
  func grabberAdapts(_ appearance: String, _ r: Double, _ g: Double, _ b: Double) throws {
    let d = try #require(load(scene("""
        kind: present
        from: a
        to: b
        sheetPresentation: {detents: {medium: medium, large: large}, prefersGrabberVisible: true}
      """, appearance: appearance)).document)
    let grabber = try #require(d.view(withId: "grabber", "b"))
    #expect(grabber.backgroundColor == Color(red: r / 255, green: g / 255, blue: b / 255, alpha: 0.3))
  }
}

extension SceneDocument {
  fileprivate func view(withId id: String, _ screen: String) -> SceneView? {
    func find(_ v: SceneView) -> SceneView? {
      if v.id == id { return v }
      return v.subviews.lazy.compactMap(find).first
    }
    return self.screen(named: screen).flatMap { find($0.view) }
  }
}
