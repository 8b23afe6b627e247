import Geometry
import Motion
import Raster
import Testing
@testable import Stage

@Suite struct PanScriptTests {
  /// motion-model §9: events (t, x) = (0, 100), (0.008, 104), (0.016, 112), (0.025, 124),
  /// (0.033, 140) give vx = 0.2 · 16/0.008 + 0.8 · 12/0.009 = 1466.667 pt/s.
  @Test func uikitVelocityBlend() {
    let xs: [(Double, Double)] = [(0, 100), (0.008, 104), (0.016, 112), (0.025, 124), (0.033, 140)]
    let script = PanScript(
      points: xs.enumerated().map { i, e in .init(time: e.0, kind: i == 0 ? .down : .move, location: Point(e.1, 0)) },
      eventRate: 1)  // no events besides the scripted points
    let v = script.strokes[0].sample(at: 0.033, rate: 1).velocity
    #expect(abs(v.x - 1466.6666667) < 1e-6)
    #expect(v.y == 0)
  }

  /// With 10 Hz events: intervals 0.1→0.2 (200 pt/s) and 0.2→0.25 (100 pt/s) blend to
  /// 0.2 · 100 + 0.8 · 200 = 180 pt/s.
  @Test func interpolatedEventsBlend() {
    let script = PanScript(points: [
      .init(time: 0, kind: .down, location: Point(0, 0)), .init(time: 0.1, kind: .move, location: Point(0, 10)),
      .init(time: 0.2, kind: .move, location: Point(0, 30)), .init(time: 0.25, kind: .up, location: Point(0, 35)),
    ], eventRate: 10)
    let s = script.strokes[0].sample(at: 0.25, rate: 10)
    #expect(abs(s.velocity.y - 180) < 1e-9)
    #expect(s.translation == Point(0, 35))
    // Halfway through the second segment the finger is halfway between its points.
    #expect(script.strokes[0].location(at: 0.15) == Point(0, 20))
  }
}

@Suite struct T2SimulationTests {
  /// Frame 24 (t = 0.4 s at 60 fps) lies on the segment 0.30 → 0.42 (dy 0 → 60), so
  /// dy = 60 · 0.1/0.12 = 50 and dx = 5 · 0.1/0.12; p = 50/200 = 0.25, s = 1 − 0.32 · 0.25 = 0.92.
  @Test func trackingFrame() throws {
    let (timeline, _) = try T2Fixture.timeline()
    let s = timeline.state(frame: 24)
    #expect(s.phase == .tracking)
    #expect(abs(s.progress - 0.25) < 1e-12)
    let m = try #require(s.matched)
    #expect(abs(m.transform.a - 0.92) < 1e-12 && abs(m.transform.d - 0.92) < 1e-12)
    // identity.scaledBy(s, s).translatedBy(tx, ty) moves the image by s · translation.
    #expect(abs(m.transform.tx - 0.92 * 5 * 0.1 / 0.12) < 1e-9)
    #expect(abs(m.transform.ty - 0.92 * 50) < 1e-9)
    #expect(m.frame == T2Fixture.fittedPhoto)
    #expect(s.values[TrackKey(ViewRef(screen: "detail"), .backgroundOpacity)] == .number(0.75))
    #expect(s.values[TrackKey(ViewRef(screen: "grid", view: "tabs"), .translationY)] == .number(83 * 0.75))
    let v = try #require(s.gesture?.velocity)
    #expect(abs(v.x - 5 / 0.12) < 1e-9 && abs(v.y - 60 / 0.12) < 1e-9)
  }

  @Test func beforeTouchDownNothingMoves() throws {
    let (timeline, _) = try T2Fixture.timeline()
    let s = timeline.state(frame: 17)  // 0.2833 s
    #expect(s.phase == .idle && s.progress == 0 && s.matched == nil)
  }

  /// Release at 0.62 s, finger at (218, 600): dy = 180, p = 0.9; both of the last event
  /// intervals lie on the segment 0.55 → 0.62, so velocity = (6, 40) / 0.07 pt/s > 0: complete.
  @Test func releaseCompletes() throws {
    let (timeline, _) = try T2Fixture.timeline()
    let decision = try #require(timeline.events.first { $0.kind == "decision" })
    #expect(decision.details["decision"] == .string("complete"))
    #expect(decision.details["progress"] == .number(0.9))
    #expect(abs((decision.details["velocity"]?.doubleValue ?? 0) - 40 / 0.07) < 1e-6)
    #expect(decision.frame == 38)  // first frame at or after 0.62 s is 38 (0.6333 s)
    let settle = try #require(timeline.events.first { $0.kind == "settle" })
    #expect(abs(settle.time - (0.62 + 0.37)) < 1e-12)
    #expect(timeline.events.map(\.kind) == ["touchDown", "touchUp", "decision", "settle"])
    // Clip: settle at 0.99 s + 0.4 s hold = 1.39 s → frames 0...83.
    #expect(timeline.frameCount == 84)
    let last = timeline.state(frame: 83)
    #expect(last.phase == .done && last.progress == 1 && last.matched == nil)
    #expect(last.values[TrackKey(ViewRef(screen: "detail"), .backgroundOpacity)] == .number(0))
  }

  /// Cancelling: finger up at (214, 520): dy = 100, p = 0.5, s = 0.84, velocity.y = −40/0.07 < 0.
  /// The image springs back with UIKit's (0.45 s, ζ 0.75) spring, whose progress 0.1 s in is
  /// 0.726762750 (motion-model §9), so its transform is 0.84 + 0.16 · 0.72676275 in scale and
  /// 0.84 · 100 · (1 − 0.72676275) in y translation, at the detail frame.
  @Test func releaseCancelsAndSpringsBack() throws {
    let (timeline, _) = try T2Fixture.timeline(upPoint: Point(214, 520))
    let decision = try #require(timeline.events.first { $0.kind == "decision" })
    #expect(decision.details["decision"] == .string("cancel"))
    let s = timeline.state(at: 0.72)
    #expect(s.phase == .settling)
    let m = try #require(s.matched)
    #expect(abs(m.transform.a - (0.84 + 0.16 * 0.726762750)) < 1e-6)
    #expect(abs(m.transform.ty - 84 * (1 - 0.726762750)) < 1e-5)
    #expect(abs(m.transform.tx - 0.84 * 19 * (1 - 0.726762750)) < 1e-5)
    #expect(m.frame == T2Fixture.fittedPhoto)
    let end = timeline.state(at: 0.62 + 0.45)
    #expect(end.phase == .done && end.progress == 0 && end.matched == nil)
  }

  /// Completing: the image flies from the fitted photo rect to the cell with the (0.37 s, ζ 0.9)
  /// spring while its transform relaxes to identity; its centre sits at lerp of the two centres.
  @Test func completeFliesToTheCell() throws {
    let (timeline, _) = try T2Fixture.timeline()
    let spring = try SpringParameters.uikit(duration: 0.37, dampingRatio: 0.9).timing()
    let t = 0.62 + 0.15
    let y = spring.progress(at: 0.15)
    let m = try #require(timeline.state(at: t).matched)
    let from = T2Fixture.fittedPhoto, to = T2Fixture.cellFrame
    #expect(abs(m.frame.midY - (from.midY + (to.midY - from.midY) * y)) < 1e-9)
    #expect(abs(m.frame.width - (390 + (128 - 390) * y)) < 1e-9)
    // Scale at release: s = 1 − 0.32 · 0.9 = 0.712, relaxing to 1.
    #expect(abs(m.transform.a - (0.712 + (1 - 0.712) * y)) < 1e-9)
  }
}

extension JSONValue {
  var doubleValue: Double? {
    switch self {
    case .number(let d): return d
    case .int(let i): return Double(i)
    default: return nil
    }
  }
}
