import Foundation
import Geometry
import Motion
import Scene
import Testing
@testable import Stage

/// `Fixtures/sheet.yaml` by hand: an iPhone 14 sheet with resting points small (top at
/// height − 120 = 724, p = 0), medium (height / 2 = 422, p = 302/667) and large (safeTop + 10 =
/// 57, p = 1); p = (724 − top)/667 and the finger drives it upward over 667 pt.
@Suite struct RestingPointsStageTests {
  static let panel = ViewPath(text: "sheet.panel", screen: "sheet", indices: [0])
  static let medium = 302.0 / 667

  // The flick: 600 pt/s up from 740 at 0.1 s to 620 at 0.3 s. 5 pt a 120 Hz tick; the pan
  // begins at the 2nd tick (10 pt, the slop); the last move is the 23rd (115 pt) → 105 pt →
  // p = 105/667. Projected: 105 + 600·0.998/0.002/1000 = 105 + 299.4 = 404.4 pt → medium (102.4
  // pt away; large is 262.6). The spring starts at 600 pt/s over the 302 − 105 = 197 pt left:
  // UIKit's initialVelocity 600/197.
  @Test func releaseRestsAtMedium() throws {
    let clip = try Fixtures.clip("sheet.yaml")
    let points = try #require(clip.timeline.simulation.transition.restingPoints)
    #expect(points.points.points.map(\.name) == ["small", "medium", "large"])
    #expect(points.points.points.map(\.progress) == [0, Self.medium, 1])
    let events = clip.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "touchUp", "decision", "settle"])
    let d = try #require(events.first { $0.kind.decision != nil })
    #expect(d.kind.decision?.restingPoint == "medium")
    #expect(abs((d.kind.decision?.progress ?? 0) - 105.0 / 667) < 1e-12)
    #expect(abs((d.kind.decision?.projectedProgress ?? 0) - 404.4 / 667) < 1e-9)
    #expect(abs((d.kind.decision?.target ?? 0) - Self.medium) < 1e-15)
    #expect(abs((d.kind.decision?.initialVelocity ?? 0) - 600.0 / 197) < 1e-6)
    let settle = try #require(events.last)
    #expect(settle.kind.settle?.restingPoint == "medium")
    #expect(abs(settle.time - 0.8) < 1e-12)
    // At rest: the sheet's top at height / 2.
    let last = clip.timeline.state(frame: clip.frameCount - 1)
    #expect(last.phase == .done && abs(last.progress - Self.medium) < 1e-15)
    let ty = try #require(last.values[TrackKey(Self.panel, .translationY)]?.number)
    #expect(abs(57 + ty - 422) < 1e-9)
  }

  // Commit mid-drag once the sheet has risen 99.5 pt: translation 5k − 10 passes it at the
  // 22nd tick, t = 0.1 + 22/120, p = 100/667; the finger moves on at 600 pt/s until 0.4 s but
  // no longer drives p. Projected 100 + 299.4 = 399.4 pt → medium; v0 = 600/(302 − 100).
  @Test func commitMidDrag() throws {
    let clip = try Fixtures.clip("sheet.yaml", variant: "committed")
    let events = clip.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "commit", "decision", "settle"])
    let c = try #require(events.first { $0.kind.release(.commit) != nil })
    let tc = 0.1 + 22.0 / 120
    #expect(abs(c.time - tc) < 1e-12)
    #expect(abs((c.kind.release(.commit)?.progress ?? 0) - 100.0 / 667) < 1e-9)
    #expect(abs((c.kind.release(.commit)?.location.y ?? 0) - (740 - 110)) < 1e-9)
    let d = try #require(events.first { $0.kind.decision != nil })
    #expect(d.kind.decision?.restingPoint == "medium")
    #expect(abs((d.kind.decision?.initialVelocity ?? 0) - 600.0 / 202) < 1e-6)
    // The frames after the commit follow the spring toward medium, not the finger: at frame
    // 19 (0.3167 s) the finger is 130 pt up (p would be 120/667).
    let spring = try SpringParameters.uikit(duration: 0.5, dampingRatio: 1).timing(initialVelocity: 600.0 / 202)
    for frame in [17, 18, 19, 23] {
      let t = Double(frame) / 60
      let s = clip.timeline.state(frame: frame)
      #expect(s.phase == .settling)
      #expect(s.gesture != nil, "the finger is still drawn at frame \(frame)")
      let expected = 100.0 / 667 + (Self.medium - 100.0 / 667) * spring.progress(at: t - tc)
      #expect(abs(s.progress - expected) < 1e-9, "frame \(frame)")
    }
    // Frame 16 (0.2667 s) is before the commit: the tick 0.1 + 20/120 reads 90 pt.
    let before = clip.timeline.state(frame: 16)
    #expect(before.phase == .tracking && abs(before.progress - 90.0 / 667) < 1e-12)
  }

  // Without a finger: p runs from large (1) to medium by the timing's fraction y(t):
  // p = 1 + (302/667 − 1)·y.
  @Test func nonInteractiveRunsBetweenPoints() throws {
    let clip = try Fixtures.clip("sheet-lowered.yaml")
    let y = try SpringParameters.uikit(duration: 0.5, dampingRatio: 1).timing().progress(at: 0.2)
    let start = clip.timeline.simulation.start
    let s = clip.timeline.state(at: start + 0.2)
    #expect(abs(s.progress - (1 + (Self.medium - 1) * y)) < 1e-12)
    #expect(clip.timeline.state(frame: 0).progress == 1)
    #expect(abs(clip.timeline.state(frame: clip.frameCount - 1).progress - Self.medium) < 1e-15)
    let settle = try #require(clip.timeline.events.last)
    #expect(settle.kind.settle?.restingPoint == "medium")
  }

  // Phases: cornerRadius 10 → 30 on the drag phase, opacity 1 → 0.5 on the settle phase.
  // Frame 12 (0.2 s, the tick 0.1 + 12/120: 60 pt up, 50 pt past the slop): p = 50/667, the
  // corners follow it and the opacity is still 1. 0.2 s after the release at 0.3 s the drag
  // holds the release's 105/667 and the settle is the spring's fraction y (v0 = 600/197).
  @Test func dragAndSettlePhasesDriveTheirOwnTracks() throws {
    let clip = try Fixtures.clip("sheet.yaml")
    func values(_ t: Double) -> (radius: Double, opacity: Double) {
      let s = clip.timeline.state(at: t)
      return (s.values[TrackKey(Self.panel, .cornerRadius)]?.number ?? .nan, s.values[TrackKey(Self.panel, .opacity)]?.number ?? .nan)
    }
    let tracking = values(12.0 / 60)
    #expect(abs(tracking.radius - (10 + 20 * 50.0 / 667)) < 1e-9)
    #expect(tracking.opacity == 1)
    let y = try SpringParameters.uikit(duration: 0.5, dampingRatio: 1).timing(initialVelocity: 600.0 / 197).progress(at: 0.2)
    let settling = values(0.5)
    #expect(abs(settling.radius - (10 + 20 * 105.0 / 667)) < 1e-9)
    #expect(abs(settling.opacity - (1 - 0.5 * y)) < 1e-9)
    let rest = values(clip.timeline.time(ofFrame: clip.frameCount - 1))
    #expect(abs(rest.radius - (10 + 20 * 105.0 / 667)) < 1e-9)
    #expect(abs(rest.opacity - 0.5) < 1e-12)
  }
}
