import Foundation
import Geometry
import Scene
import Stage
import Testing

/// T10, the Maps-like sheet (`t10-maps-sheet.yaml`: UISheetPresentationController with small
/// 66 pt, medium and large detents), on an iPhone 14: large = 844 − 34 − 57 = 753 pt, medium
/// 376.5, the span 687 pt; p of medium = 310.5/687. Numbers worked by hand from those and
/// WWDC18's projection, p + v × 0.499 s / 687 at UIScrollView's normal deceleration.
@Suite("T10 Maps sheet: detents by projection, dimming and receding, the list's hand-off")
struct MapsSheetTests {
  static let medium = 310.5 / 687

  func number(_ clip: Clip, _ view: String, _ property: AnimatedProperty, at t: Double) -> Double? {
    clip.timeline.state(at: t).values.first { $0.key.target.text == view && $0.key.property == property }?.value.number
  }

  func decision(_ clip: Clip) throws -> (time: Double, point: String, progress: Double, velocity: Double, projected: Double) {
    let e = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    guard let d = e.kind.decision, let name = d.restingPoint, let projected = d.projectedProgress
    else { throw CatalogFailure(description: "decision without a resting point") }
    return (e.time, name, d.progress, d.velocity, projected)
  }

  /// The choice for a set of release velocities from medium: the nearest detent to the
  /// projection. Half the gap to large (376.5 / 2 pt) over 0.499 s is 377.25 pt/s up; half
  /// the gap to small (310.5 / 2) is 311.12 pt/s down: slower stays at medium.
  @Test(arguments: [(370.0, "medium"), (385.0, "large"), (-305.0, "medium"), (-318.0, "small"), (0.0, "medium"), (2000.0, "large")])
  func releaseVelocityPicksTheDetent(_ c: (Double, String)) throws {
    let rest = try #require(try Catalog.load("t10-maps-sheet").transition.restingPoints)
    let pick = rest.points.target(from: Self.medium, axisVelocity: c.0, distance: 687)
    #expect(rest.name(pick.index) == c.1, "v = \(c.0): projected \(pick.projected)")
    #expect(abs(pick.projected - (Self.medium + c.0 * 0.499 / 687)) < 1e-9)
  }

  /// The flick from small: released near p = 0.2 at over 1,000 pt/s up, projected past 1:
  /// large. At rest the map has receded (scale 358/390, ty 12.374359, corners 10) and dims 0.1.
  @Test func flickFromSmallRestsAtLarge() throws {
    let clip = try Clip(document: try Catalog.load("t10-maps-sheet"), scale: 0.25)
    let d = try decision(clip)
    #expect(d.point == "large")
    #expect(d.velocity > 1000 && d.progress < 0.3)
    #expect(abs(d.projected - (d.progress + d.velocity * 0.499 / 687)) < 1e-9)
    let end = clip.timeline.duration
    #expect(abs(try #require(number(clip, "map", .scale, at: end)) - 358.0 / 390) < 1e-6)
    #expect(abs(try #require(number(clip, "map", .translationY, at: end)) - 12.374359) < 1e-6)
    #expect(abs(try #require(number(clip, "map", .dimming, at: end)) - 0.1) < 1e-6)
    #expect(abs(try #require(number(clip, "places", .translationY, at: end))) < 1e-6)
    // Before the touch the sheet rests at small: its top at 844 − 34 − 66 = 744 (57 + 687).
    #expect(try #require(number(clip, "places", .translationY, at: 0)) == 687)
    #expect(try #require(number(clip, "map", .scale, at: 0)) == 1)
  }

  /// Large to medium by projection (variant `medium`): the map is neither dimmed nor receded
  /// at medium, and the sheet's top rests at 433.5 (translation 376.5).
  @Test func pullDownFromLargeRestsAtMedium() throws {
    let clip = try Clip(document: try Catalog.load("t10-maps-sheet", variant: "medium"), scale: 0.25)
    let d = try decision(clip)
    #expect(d.point == "medium")
    #expect(d.velocity < -300)
    // Without the velocity it would have stayed nearer large: the projection decided.
    #expect(abs(d.progress - 1) < abs(d.progress - Self.medium))
    let end = clip.timeline.duration
    #expect(abs(try #require(number(clip, "places", .translationY, at: end)) - 376.5) < 1e-6)
    #expect(try #require(number(clip, "map", .scale, at: end)) == 1)
    #expect(try #require(number(clip, "map", .dimming, at: end)) == 0)
    #expect(try #require(number(clip, "map", .scale, at: 0)) < 0.92)
  }

  /// Variant `scroll`: one stroke from medium, finger down at y = 560 on the list. Going up,
  /// the sheet takes the first 376.5 pt of the translation (the finger's travel less the
  /// 10 pt slop), the list the rest; the finger turns at y = 80 (the list 560 − 80 − 10 −
  /// 376.5 = 93.5 pt down); going down the list gives its 93.5 pt back first, then the sheet
  /// moves. Checked at every 120 Hz touch of the stroke.
  @Test func listAndSheetHandThePanToEachOther() throws {
    let clip = try Clip(document: try Catalog.load("t10-maps-sheet", variant: "scroll"), scale: 0.25)
    var sawScroll = false, sawReturn = false
    for k in 1..<180 {
      let t = 0.30 + Double(k) / 120 + 1e-9
      let s = clip.timeline.state(at: t)
      guard let finger = s.gesture?.location.y, t < 1.8 else { break }
      let offset = try #require(number(clip, "places.list", .contentOffsetY, at: t))
      let travel = max(0, 560 - finger - 10)
      let expectedOffset: Double, expectedP: Double
      if t <= 1.0 {
        expectedOffset = max(0, travel - 376.5)
        expectedP = min(1, Self.medium + travel / 687)
      } else {
        let back = finger - 80
        expectedOffset = max(0, 93.5 - back)
        expectedP = 1 - max(0, back - 93.5) / 687
      }
      #expect(abs(offset - expectedOffset) < 1e-4, "t = \(t), finger \(finger): offset \(offset), expected \(expectedOffset)")
      #expect(abs(s.progress - expectedP) < 1e-4, "t = \(t), finger \(finger): p \(s.progress), expected \(expectedP)")
      if offset > 0 && t < 1 { sawScroll = true }
      if t > 1 && offset == 0 && s.progress < 1 { sawReturn = true }
    }
    #expect(sawScroll && sawReturn)
    #expect(try decision(clip).point == "medium")
  }
}
