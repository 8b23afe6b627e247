import Foundation
import Geometry
import Testing
@testable import Scene

/// `transition.sheetPresentation` (UISheetPresentationController with detents) as the reader
/// expands it: detent heights, resting points, dimming, receding and the grabber, against
/// numbers worked by hand from the device tables (docs/scene-format.md, "Devices") and the
/// rules in "Sheet presentation".
@Suite struct SheetPresentationReadingTests {
  func scene(device: String = "iphone-14", sheet: String = Self.threeDetents, kind: String = "present", extra: String = "") -> String {
    """
    scene: sheet
    device: \(device)
    screens:
      map:
        backgroundColor: white
        subviews:
          - statusBar: {}
      places: {backgroundColor: white}
    transition:
      kind: \(kind)
      from: map
      to: places
    \(extra)
      sheetPresentation:
    \(sheet.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
      interactive:
        gesture:
          - {at: 0.1, touch: down, point: [195, 700]}
          - {at: 0.3, touch: up, point: [195, 600]}
        complete: {spring: {duration: 0.5, dampingRatio: 1}, handOffVelocity: true}
    """
  }

  static let threeDetents = """
    detents: {small: 66, medium: medium, large: large}
    largestUndimmedDetent: medium
    prefersGrabberVisible: true
  """

  /// maximumDetentValue = H − bottom inset − (top inset + 10); medium is half of it; a
  /// detent's top edge is H − bottom inset − its height.
  @Test(arguments: [
    // device, H, top inset, bottom inset
    ("iphone-14", 844.0, 47.0, 34.0),
    ("iphone-se", 667.0, 20.0, 0.0),
    ("iphone-15", 852.0, 59.0, 34.0),
    ("iphone-15-pro-max", 932.0, 59.0, 34.0),
  ])
  func detentHeightsOnEachDevice(_ c: (String, Double, Double, Double)) throws {
    let d = try #require(load(scene(device: c.0)).document)
    let sheet = try #require(d.transition.sheetPresentation)
    let (H, top, bottom) = (c.1, c.2, c.3)
    let large = H - bottom - (top + 10)
    #expect(sheet.detents.map(\.height) == [66, large / 2, large])
    // iPhone 14 by hand: 844 − 34 − 57 = 753, medium 376.5; SE: 667 − 0 − 30 = 637, 318.5.
    if c.0 == "iphone-14" { #expect(large == 753) }
    if c.0 == "iphone-se" { #expect(large == 637) }
    // The resting points: p linear in the height, 0 at small, 1 at large.
    let rest = try #require(d.transition.restingPoints)
    #expect(rest.points.points.map(\.name) == ["small", "medium", "large"])
    let pm = (large / 2 - 66) / (large - 66)
    #expect(abs(rest.points.points[1].progress - pm) < 1e-12)
    #expect(rest.startProgress == 0)
    // The interaction: up, over the span.
    let progress = try #require(d.transition.interaction?.progress)
    #expect(progress.direction == .up && progress.distance == large - 66)
    // The sheet is laid out at the large height and moved down to small: top + 10 at p = 1.
    let places = try #require(d.screen(named: "places")?.view)
    #expect(places.frame.minY == top + 10 && places.frame.height == H - top - 10)
    let move = try #require(d.transition.tracks.first { $0.target.text == "places" && $0.property == .translationY })
    #expect(move.value(at: 0).number == large - 66)   // small's top, H − bottom − 66, less top + 10
    #expect(abs(move.value(at: pm).number! - large / 2) < 1e-9)
    #expect(move.value(at: 1).number == 0)
  }

  /// Undimmed up to medium, 0.1 at large, linear between: at p = 0.7 on an iPhone 14,
  /// 0.1 × (0.7 − 310.5/687) / (1 − 310.5/687) = 0.0452590 (p of medium: (376.5 − 66)/687).
  @Test func dimmingRampsFromTheLargestUndimmedDetentToTheNext() throws {
    let d = try #require(load(scene()).document)
    let dim = try #require(d.transition.tracks.first { $0.target.text == "map" && $0.property == .dimming })
    #expect(dim.value(at: 0).number == 0)
    #expect(dim.value(at: 310.5 / 687).number == 0)
    #expect(abs(dim.value(at: 0.7).number! - 0.0452590) < 1e-6)
    #expect(dim.value(at: 1).number == 0.1)
    // Without largestUndimmedDetent every detent dims.
    let all = try #require(load(scene(sheet: "detents: {small: 66, medium: medium, large: large}")).document)
    let flat = try #require(all.transition.tracks.first { $0.target.text == "map" && $0.property == .dimming })
    #expect(flat.value(at: 0).number == 0.1 && flat.value(at: 0.5).number == 0.1)
  }

  /// The presenting screen recedes only on the way from medium to large: scale 1 at small
  /// and medium, (390 − 32)/390 = 0.917949 at large; its top at the safe area's top,
  /// ty = 47 − (1 − s) × 844 / 2 = 12.374359; corners 0 -> 10.
  @Test func recedesOnlyAtLarge() throws {
    let d = try #require(load(scene()).document)
    func value(_ p: AnimatedProperty, _ at: Double) throws -> Double {
      try #require(d.transition.tracks.first { $0.target.text == "map" && $0.property == p }?.value(at: at).number)
    }
    #expect(try value(.scale, 0) == 1)
    #expect(try value(.scale, 310.5 / 687) == 1)
    #expect(abs(try value(.scale, 1) - 0.917949) < 1e-6)
    #expect(abs(try value(.translationY, 1) - 12.374359) < 1e-6)
    #expect(try value(.cornerRadius, 310.5 / 687) == 0 && value(.cornerRadius, 1) == 10)
    // Halfway from medium to large: halfway scale.
    #expect(abs(try value(.scale, (310.5 / 687 + 1) / 2) - (1 + 0.917949) / 2) < 1e-6)
    // A largest detent that is custom: no receding (and no light status bar for the sheet).
    let custom = try #require(load(scene(sheet: "detents: {small: 66, tall: 600}")).document)
    #expect(!custom.transition.tracks.contains { $0.target.text == "map" && $0.property == .scale })
    // Large undimmed: no receding either.
    let undimmed = try #require(load(scene(sheet: "detents: {medium: medium, large: large}\nlargestUndimmedDetent: large")).document)
    #expect(!undimmed.transition.tracks.contains { $0.target.text == "map" && ($0.property == .scale || $0.property == .dimming) })
  }

  /// The grabber: 36 × 5 pt, radius 2.5, 5 pt below the sheet's top, centred ((390 − 36)/2 = 177).
  @Test func grabber() throws {
    let d = try #require(load(scene()).document)
    let grabber = try #require(d.findView("places", id: "grabber"))
    #expect(grabber.frame == Rect(177, 5, 36, 5))
    #expect(grabber.cornerRadius == 2.5)
    let places = try #require(d.screen(named: "places")?.view)
    #expect(places.cornerRadius == 10 && places.maskedCorners == .top && places.clipsToBounds)
    let plain = try #require(load(scene(sheet: "detents: {medium: medium, large: large}\npreferredCornerRadius: 16")).document)
    #expect(plain.findView("places", id: "grabber") == nil)
    #expect(plain.screen(named: "places")?.view.cornerRadius == 16)
  }

  @Test func mistakesAreReportedWhereTheyAre() {
    let order = errors(scene(sheet: "detents: {large: large, small: 66}"))
    #expect(order.contains("scene.yaml:15:36: error:") && order.contains("smallest to the largest"), "\(order)")
    let tooTall = errors(scene(sheet: "detents: {small: 66, huge: 800}"))
    #expect(tooTall.contains("(0, 753] pt"), "\(tooTall)")
    let word = errors(scene(sheet: "detents: {small: 66, big: larg}"))
    #expect(word.contains("medium") && word.contains("large"), "\(word)")
    let unknown = errors(scene(sheet: "detents: {small: 66, large: large}\nselectedDetent: medium"))
    #expect(unknown.contains("unknown detent 'medium'"), "\(unknown)")
    let one = errors(scene(sheet: "detents: {large: large}"))
    #expect(one.contains("at least two detents"), "\(one)")
    let preset = errors(scene(extra: "  preset: sheet"))
    #expect(preset.contains("sheetPresentation") && preset.contains("preset"), "\(preset)")
    let dismiss = errors(scene(kind: "dismiss"))
    #expect(dismiss.contains("a 'present' transition"), "\(dismiss)")
  }
}

extension SceneDocument {
  fileprivate func findView(_ screen: String, id: String) -> SceneView? {
    guard let root = self.screen(named: screen)?.view else { return nil }
    func find(_ v: SceneView) -> SceneView? {
      if v.id == id { return v }
      for child in v.subviews { if let found = find(child) { return found } }
      return nil
    }
    return find(root)
  }
}
