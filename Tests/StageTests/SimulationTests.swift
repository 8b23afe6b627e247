import Foundation
import Geometry
import Motion
import Raster
import Scene
import Testing
@testable import Stage

/// T2 against hand-computed numbers (TRANSITIONS.md): p = clamp(dy / 200, 0, 1),
/// s = 1 − 0.32 p, transform = identity.scaledBy(s, s).translatedBy(tx, ty) about the centre.
@Suite struct DragToDismissSimulationTests {
  static let fitted = Rect(x: 0, y: 227 + (390 - 292.5) / 2, width: 390, height: 292.5)  // 4:3 in 390²
  static let side = (390.0 - 4) / 3
  static let cell3 = Rect(x: 0, y: 96 + side + 2, width: side, height: side)  // row 1, column 0
  static let detail = ViewPath(text: "detail", screen: "detail", indices: [])
  static let tabs = ViewPath(text: "grid.tabs", screen: "grid", indices: [1])

  @Test func matchedEnds() throws {
    let clip = try Fixtures.clip("t2.yaml")
    let ends = try #require(clip.timeline.simulation.matchedEnds.first)
    #expect(ends.from == Self.fitted)
    #expect(abs(ends.to.minY - Self.cell3.minY) < 1e-9 && abs(ends.to.width - Self.side) < 1e-9 && ends.to.minX == 0)
  }

  /// The fixture's finger moves on one line at (50, 500) pt/s from (195, 420) at 0.30 s, so
  /// its smooth path is that line. Frame 24 (t = 0.4 s) is the touch tick 0.30 + 12/120:
  /// dx = 5, dy = 50; p = 0.25, s = 0.92; the image moves by s · translation; both velocity
  /// intervals are on the line, so the blend is (50, 500) pt/s.
  @Test func trackingFrame() throws {
    let clip = try Fixtures.clip("t2.yaml")
    let s = clip.timeline.state(frame: 24)
    #expect(s.phase == .tracking)
    #expect(abs(s.progress - 0.25) < 1e-12)
    let m = try #require(s.matched?.first)
    #expect(abs(m.transform.a - 0.92) < 1e-12 && abs(m.transform.d - 0.92) < 1e-12)
    #expect(abs(m.transform.tx - 0.92 * 5) < 1e-9)
    #expect(abs(m.transform.ty - 0.92 * 50) < 1e-9)
    #expect(m.frame == Self.fitted)
    #expect(s.values[TrackKey(Self.detail, .backgroundOpacity)]?.number == 0.75)
    #expect(abs((s.values[TrackKey(Self.tabs, .translationY)]?.number ?? 0) - 83 * 0.75) < 1e-9)
    let v = try #require(s.gesture?.velocity)
    #expect(abs(v.x - 50) < 1e-9 && abs(v.y - 500) < 1e-9)
  }

  @Test func beforeTouchDownNothingMoves() throws {
    let clip = try Fixtures.clip("t2.yaml")
    let s = clip.timeline.state(frame: 17)  // 0.2833 s
    #expect(s.phase == .idle && s.progress == 0 && s.matched == nil)
  }

  /// Release at 0.62 s: the up adds no sample, so the release reads the last move, the tick
  /// 0.3 + 38/120 s (the next one is within 1 ms of the up): dy = 500 · 38/120 = 158.33,
  /// p = 19/24 = 0.791667; the last two move intervals lie on the line, so velocity =
  /// (50, 500) pt/s; v.y > 0 and p > 0.1: complete.
  /// Both animators take 0.37 s (the background continues with durationFactor 0.37 / 1).
  @Test func releaseCompletes() throws {
    let clip = try Fixtures.clip("t2.yaml")
    let events = clip.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "touchUp", "decision", "settle"])
    let decision = try #require(events.first { $0.kind.decision != nil })
    #expect(decision.kind.decision?.outcome == .complete)
    #expect(abs((decision.kind.decision?.progress ?? .nan) - 19.0 / 24) < 1e-12)
    #expect(abs((decision.kind.decision?.velocity ?? 0) - 500) < 1e-6)
    #expect(decision.frame == 38)  // the first frame at or after 0.62 s (0.6333 s)
    let settle = try #require(events.last)
    #expect(abs(settle.time - 0.99) < 1e-12 && settle.frame == 60)
    // 0.99 s + 0.4 s hold → frames 0...83.
    #expect(clip.frameCount == 84)
    let last = clip.timeline.state(frame: 83)
    #expect(last.phase == .done && last.progress == 1 && last.matched == nil && last.completed == true)
    #expect(last.values[TrackKey(Self.detail, .backgroundOpacity)]?.number == 0)
  }

  /// Completing: the image flies from the fitted photo rect to its cell with UIKit's (0.37 s,
  /// ζ 0.9) spring while its transform relaxes from s = 1 − 0.32 · 19/24 = 0.746667 to identity.
  @Test func completeFliesToTheCell() throws {
    let clip = try Fixtures.clip("t2.yaml")
    let y = try SpringParameters.uikit(duration: 0.37, dampingRatio: 0.9).timing().progress(at: 0.15)
    let m = try #require(clip.timeline.state(at: 0.62 + 0.15).matched?.first)
    let from = Self.fitted, to = Self.cell3
    #expect(abs(m.frame.midY - (from.midY + (to.midY - from.midY) * y)) < 1e-9)
    #expect(abs(m.frame.width - (390 + (Self.side - 390) * y)) < 1e-9)
    let s = 1 - 0.32 * 19 / 24
    #expect(abs(m.transform.a - (s + (1 - s) * y)) < 1e-9)
  }

  /// Cancelling (`--set` the release point to (214, 520)): the path turns at (207.5, 545) and
  /// runs up to the lift, so velocity.y < 0. The release reads the last move (0.3 + 38/120 s):
  /// Tests/Reference/gesture.py gives translation (18.686569, 101.244466), p = 0.506222,
  /// s = 1 − 0.32 p. The image springs back with UIKit's (0.45 s, ζ 0.75) spring, whose
  /// progress 0.1 s in is 0.726762750 (motion-model §9).
  @Test func releaseCancelsAndSpringsBack() throws {
    let clip = try Fixtures.clip("t2.yaml", sets: ["transition.interactive.gesture[3].point=[214, 520]"])
    let decision = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    #expect(decision.kind.decision?.outcome == .cancel)
    let s = clip.timeline.state(at: 0.72)
    #expect(s.phase == .settling)
    let m = try #require(s.matched?.first)
    let tx = 18.686568883813, ty = 101.244466040384, sr = 1 - 0.32 * ty / 200
    #expect(abs(m.transform.a - (sr + (1 - sr) * 0.726762750)) < 1e-6)
    #expect(abs(m.transform.ty - sr * ty * (1 - 0.726762750)) < 1e-5)
    #expect(abs(m.transform.tx - sr * tx * (1 - 0.726762750)) < 1e-5)
    #expect(m.frame == Self.fitted)
    let end = clip.timeline.state(at: 0.62 + 0.45)
    #expect(end.phase == .done && end.progress == 0 && end.matched == nil && end.completed == false)
  }

  /// The background animator (1 s, ζ 1) is continued with durationFactor = 0.37 / 1: UIKit
  /// re-fits a ζ 1 spring to 0.37 s and runs it from p = 19/24 to 1, so the detail's background
  /// opacity 0.1 s after release is 1 − (p + (1 − p) · y(0.1)).
  @Test func backgroundContinuesWithTheForegroundsDuration() throws {
    let clip = try Fixtures.clip("t2.yaml")
    let y = try SpringParameters.uikit(duration: 0.37, dampingRatio: 1).timing().progress(at: 0.1)
    let opacity = try #require(clip.timeline.state(at: 0.72).values[TrackKey(Self.detail, .backgroundOpacity)]?.number)
    let p = 19.0 / 24
    #expect(abs(opacity - (1 - (p + (1 - p) * y))) < 1e-9)
    #expect(clip.timeline.state(at: 0.62 + 0.37).values[TrackKey(Self.detail, .backgroundOpacity)]?.number == 0)
  }

  /// The frame count and events do not depend on fps except through frame numbers.
  @Test func fpsChangesFrameNumbersOnly() throws {
    let clip = try Fixtures.clip("t2.yaml", fps: 30)
    #expect(clip.frameCount == 42)  // 1.39 s at 30 fps → frames 0...41
    let decision = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    #expect(decision.frame == 19 && decision.kind.decision?.outcome == .complete)
  }
}

/// T3's scroll variant (Scenes/t3-tags-sheet.yaml): the tag list starts 160 pt down; the
/// pan scrolls it to the top first, and only the movement beyond 160 pt moves the sheet.
@Suite struct ScrollHandOffTests {
  static let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenes/t3-tags-sheet.yaml").path

  @Test func scrollsFirstThenDismisses() throws {
    let document = try SceneLoader.load(path: Self.scene, variant: "scroll")
    let clip = try Clip(document: document, scale: 0.25)
    let distance = try #require(document.transition.interaction?.progress.distance)
    let list = try #require(document.transition.interaction?.scrollView)
    // The pan begins 10 pt down (UIKit's slop) and translation counts from there.
    // t = 0.45: the finger is 80 pt down, translation 70 → the list is at 160 − 70 = 90, the
    // sheet has not moved.
    let a = clip.timeline.state(at: 0.45)
    #expect(abs((a.values[TrackKey(list, .contentOffsetY)]?.number ?? .nan) - 90) < 1e-9)
    #expect(a.progress == 0)
    // t = 0.70: 220 pt down, translation 210 → the list is at the top and the sheet has moved
    // 210 − 160 = 50 pt.
    let b = clip.timeline.state(at: 0.70)
    #expect(b.values[TrackKey(list, .contentOffsetY)]?.number == 0)
    #expect(abs(b.progress - 50 / distance) < 1e-9)
    // Released at 0.78 s with the last move's 1083.1038 pt/s down (Tests/Reference/gesture.py:
    // the 120 Hz blend on the smooth path, the up adding no sample): complete (v > 300).
    let decision = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    #expect(decision.kind.decision?.outcome == .complete)
    #expect(abs((decision.kind.decision?.velocity ?? 0) - 1083.103764) < 1e-5)
  }
}

/// A second touch during T2's spring-back catches the lifted photo where it is (fixture
/// variant `second-touch`, slop 0): release 1 at 0.50 s reads the last move (0.3 + 23/120 s;
/// the up adds no sample): translation (9.583333, 81.793981) (Tests/Reference/gesture.py),
/// p_1 = 0.408970, s_1 = 1 − 0.32 p_1, moving up: cancel, UIKit's (0.45 s, ζ 0.75) spring.
/// The second finger comes down at 0.60 s at (100, 300) and moves straight down at 600 pt/s;
/// the pan is recognised at its first tick t_c = 0.60 + 1/120 s, 5 pt down, and released
/// reading its tick 0.6 + 23/120 s, 115 pt down.
@Suite struct MatchedSecondTouchTests {
  /// UIKit's (duration, dampingRatio) spring for ζ < 1 from rest, by hand (motion-model §2):
  /// ω = −ln(0.001 √(1 − ζ²) / ζ) / (ζ D), y = 1 − e^(−ζωt) (cos ω_d t + ζω/ω_d sin ω_d t).
  static func spring(_ d: Double, _ z: Double, _ t: Double) -> Double {
    let w = -log(0.001 * (1 - z * z).squareRoot() / z) / (z * d), wd = w * (1 - z * z).squareRoot()
    return 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
  }

  static let tc = 0.6 + 1.0 / 120
  /// The spring-back's fraction at the catch, the progress there, and the photo's transform:
  /// scale a_c = s_1 + (1 − s_1) y_c (= 1 − 0.32 p_c) and offset s_1 · translation_1 · (1 − y_c).
  static let t1 = Point(9.583333333333, 81.793981481481)
  static let p1 = t1.y / 200, s1 = 1 - 0.32 * p1
  static let yc = spring(0.45, 0.75, tc - 0.5)
  static let pc = p1 * (1 - yc)
  static let ac = s1 + (1 - s1) * yc
  static let offset = Point(s1 * t1.x * (1 - yc), s1 * t1.y * (1 - yc))

  @Test func eventsAndDecisions() throws {
    let clip = try Fixtures.clip("t2.yaml", variant: "second-touch")
    let events = clip.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "touchUp", "decision", "touchDown", "catch", "touchUp", "decision", "settle"])
    let decisions = events.compactMap { $0.kind.decision?.outcome }
    #expect(decisions == [.cancel, .complete])
    let caught = try #require(events.first { $0.kind.name == "catch" })
    #expect(abs(caught.time - Self.tc) < 1e-12)
    guard case .caught(let caughtProgress) = caught.kind else { Issue.record("not a catch: \(caught)"); return }
    #expect(abs(caughtProgress - Self.pc) < 1e-9)
    // Released reading 115 pt further down: p = p_c + 0.575, moving down at 600 pt/s.
    let second = try #require(events.last { $0.kind.decision != nil })
    #expect(abs((second.kind.decision?.progress ?? .nan) - (Self.pc + 0.575)) < 1e-9)
    #expect(abs((second.kind.decision?.velocity ?? .nan) - 600) < 1e-6)
    #expect(abs(events.last!.time - (0.8 + 0.37)) < 1e-12)
  }

  /// Just before the catch the photo is springing back; at the catch it keeps that scale and
  /// offset and adds the finger's 5 pt (times the new scale, in scaled space).
  @Test func caughtWhereItIs() throws {
    let clip = try Fixtures.clip("t2.yaml", variant: "second-touch")
    let before = try #require(clip.timeline.state(at: 0.60).matched?.first)
    let y = Self.spring(0.45, 0.75, 0.1)
    #expect(abs(before.transform.a - (Self.s1 + (1 - Self.s1) * y)) < 1e-9)
    #expect(abs(before.transform.ty - Self.s1 * Self.t1.y * (1 - y)) < 1e-9)
    let state = clip.timeline.state(at: Self.tc)
    #expect(state.phase == .tracking)
    let m = try #require(state.matched?.first)
    #expect(m.frame == DragToDismissSimulationTests.fitted)
    let p = Self.pc + 5.0 / 200, s = 1 - 0.32 * p
    #expect(abs(state.progress - p) < 1e-9)
    #expect(abs(m.transform.a - s) < 1e-9 && abs(m.transform.d - s) < 1e-9)
    #expect(abs(m.transform.tx - s * Self.offset.x / Self.ac) < 1e-9)
    #expect(abs(m.transform.ty - s * (Self.offset.y / Self.ac + 5)) < 1e-9)
  }

  /// At 0.70 s (60 pt down) and while the completing spring (0.37 s, ζ 0.9) flies it to its cell.
  @Test func followsAndFliesHome() throws {
    let clip = try Fixtures.clip("t2.yaml", variant: "second-touch")
    let m = try #require(clip.timeline.state(at: 0.70).matched?.first)
    let p = Self.pc + 0.3, s = 1 - 0.32 * p
    #expect(abs(m.transform.a - s) < 1e-9)
    #expect(abs(m.transform.tx - s * Self.offset.x / Self.ac) < 1e-9)
    #expect(abs(m.transform.ty - s * (Self.offset.y / Self.ac + 60)) < 1e-9)
    // After the second release at 0.80 s (p_2 = p_c + 0.575, s_2 = 1 − 0.32 p_2).
    let p2 = Self.pc + 0.575, s2 = 1 - 0.32 * p2
    let y = Self.spring(0.37, 0.9, 0.15)
    let f = try #require(clip.timeline.state(at: 0.95).matched?.first)
    let from = DragToDismissSimulationTests.fitted, to = DragToDismissSimulationTests.cell3
    #expect(abs(f.frame.midY - (from.midY + (to.midY - from.midY) * y)) < 1e-9)
    #expect(abs(f.transform.a - (s2 + (1 - s2) * y)) < 1e-9)
    #expect(abs(f.transform.ty - s2 * (Self.offset.y / Self.ac + 115) * (1 - y)) < 1e-9)
    let end = clip.timeline.state(at: 1.2)
    #expect(end.phase == .done && end.completed == true && end.matched == nil)
  }
}
