import Foundation
import Geometry
import Scene
@testable import Stage
import Testing

/// T11 against hand-worked numbers (iPhone 14: safeTop 47, so the card is [20, 127, 350, 412]
/// and its centre [195, 333]).
@Suite struct TodayCardTests {
  static let card = Rect(20, 127, 350, 412)

  func clip(_ stem: String, _ variant: String? = nil) throws -> Clip {
    try Clip(document: try Catalog.load(stem, variant: variant), scale: 1)
  }

  /// The page's frame in the canvas and its scale at `t`.
  func page(_ clip: Clip, at t: Double) throws -> (frame: Rect, scale: Double, opacity: Double) {
    let views = clip.stager.screenViews(clip.timeline.state(at: t).values)
    let page = try #require(views["story"]?.subviews.first { $0.id == "page" })
    return (page.frame, page.transform.scale.x, page.opacity)
  }

  // Touch down at 0.3 s on the card's centre, up 0.3 s later: the story starts at the lift.
  @Test func tapOpensAtTheLift() throws {
    let open = try clip("t11-today-card-open")
    let events = open.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "touchUp", "tap", "transitionStart", "settle"])
    #expect(events[0].kind == .touchDown(Point(195, 333)))
    #expect(abs(events[3].time - 0.6) < 1e-12)
    #expect(open.timeline.state(at: 0.59).progress == 0)
    // Before the lift the card itself is drawn, pressed: 1 − 0.04·h, h the 0.3 s spring's value.
    let state = open.timeline.state(at: 0.45)
    #expect(state.highlight?.view.text == "today.card" && (state.highlight?.amount ?? 0) > 0.5)
    #expect(try page(open, at: 0.45).opacity == 0)
    // At rest: the page fills the screen.
    let last = try page(open, at: open.timeline.time(ofFrame: open.frameCount - 1))
    #expect(last.frame == Rect(0, 0, 390, 844) && last.scale == 1)
  }

  // 300 pt down from y = 333 over 0.3 s: past 127 + 412 + 70 = 609 at 276/300 of the way,
  // 0.3 + 0.276 s; it lifts outside, so nothing opens.
  @Test func slidingOffTheCardOpensNothing() throws {
    let open = try clip("t11-today-card-open", "cancelling")
    #expect(open.timeline.events.map(\.kind.name) == ["touchDown", "touchUp", "pressFailed"])
    for n in 0..<open.frameCount { #expect(open.timeline.state(frame: n).progress == 0) }
    let h = open.timeline.simulation.press?.recognition.highlightEnd ?? 0
    #expect(abs(h - 0.576) < 1e-12)
  }

  // p = (ty − 10)/200 commits at 0.6 (ty ≥ 130) with the finger down, and settles into the card.
  @Test func pullDownCommitsAndLandsInTheCard() throws {
    let close = try clip("t11-today-card-close")
    let events = close.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "commit", "decision", "settle"])
    let p = try #require(events[1].kind.release(.commit)).progress
    // The first 120 Hz report at or past 0.6; the finger moves at most 4 pt a report here.
    #expect(p >= 0.6 && p < 0.6 + 4.0 / 200)
    #expect(events[2].kind.decision?.outcome == .complete)
    let last = try page(close, at: close.timeline.time(ofFrame: close.frameCount - 1))
    #expect(last.frame == Self.card && last.scale == 1)
    // Mid-drag, at p: scale 1 − 0.12 · p / 0.6.
    let t = 0.6
    let pt = close.timeline.state(at: t).progress
    #expect(pt > 0 && pt < 0.6)
    #expect(abs(try page(close, at: t).scale - (1 - 0.12 * pt / 0.6)) < 1e-9)
  }

  // The last move is 90 pt down: 80 after the slop, p = 0.4, under the 0.5 rule: it cancels.
  @Test func pullLetGoEarlySpringsBack() throws {
    let close = try clip("t11-today-card-close", "cancelling")
    let events = close.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "touchUp", "decision", "settle"])
    #expect(abs((events[2].kind.decision?.progress ?? .nan) - 0.4) < 1e-9)
    #expect(events[2].kind.decision?.outcome == .cancel)
    let last = try page(close, at: close.timeline.time(ofFrame: close.frameCount - 1))
    #expect(last.frame == Rect(0, 0, 390, 844) && last.scale == 1)
  }
}
