import Foundation
import Geometry
import Motion
import Scene
import Testing
@testable import Stage

/// `Fixtures/press.yaml` by hand: an iPhone 14 card at [20, 200, 350, 400] tapped at its
/// centre [195, 400] from 0.2 s to 0.3 s; the story fades in linearly over 0.5 s from the tap.
/// The press spring (mass 1, stiffness 400, damping 40) is critically damped with ω = 20 /s:
/// y(t) = 1 − (1 + 20t)·e^(−20t), the card's scale 1 − 0.1·h.
@Suite struct PressStageTests {
  static let card = ViewPath(text: "list.card", screen: "list", indices: [0])
  static func y(_ t: Double) -> Double { t <= 0 ? 0 : 1 - (1 + 20 * t) * exp(-20 * t) }

  /// The card's scale in the staged layer tree at `t` (the highlight composes with tracks).
  static func scale(_ clip: Clip, at t: Double) throws -> Double {
    let state = clip.timeline.state(at: t)
    let list = try #require(clip.stager.screenViews(state.values)["list"])
    var view = list
    Stager.apply(state.highlight, to: &view, screen: "list")
    return try #require(view.descendant(at: [0])).transform.scale.x
  }

  @Test func tapStartsTheTransitionAtTheLift() throws {
    let clip = try Fixtures.clip("press.yaml")
    let events = clip.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "touchUp", "tap", "transitionStart", "settle"])
    // The lift at 0.2 + 0.1 s (in floating point, 0.30000000000000004).
    #expect(zip(events.map(\.time), [0.2, 0.3, 0.3, 0.3, 0.8]).allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(events[1].kind == .pressLift(Point(195, 400), inside: true))
    #expect(clip.timeline.state(at: 0.29).progress == 0)
    #expect(abs(clip.timeline.state(at: 0.55).progress - 0.5) < 1e-12)
    // The finger is drawn while down (for --touches), at the card's centre.
    #expect(clip.timeline.state(at: 0.25).gesture?.location == Point(195, 400))
    #expect(clip.timeline.state(at: 0.31).gesture == nil)
  }

  @Test func pressScaleFollowsTheSpringBothWays() throws {
    let clip = try Fixtures.clip("press.yaml")
    #expect(try Self.scale(clip, at: 0.19) == 1)
    // 0.05 s after the touch down: h = 1 − 2/e.
    #expect(abs(try Self.scale(clip, at: 0.25) - (1 - 0.1 * (1 - 2 / M_E))) < 1e-9)
    // 0.05 s after the lift: h = y(0.15) − y(0.05) = 2/e − 4/e³ (additive: the press spring runs on).
    #expect(abs(try Self.scale(clip, at: 0.35) - (1 - 0.1 * (2 / M_E - 4 / pow(M_E, 3)))) < 1e-9)
    #expect(abs(try Self.scale(clip, at: 0.5) - (1 - 0.1 * (Self.y(0.3) - Self.y(0.2)))) < 1e-9)
  }

  @Test func tapThatDriftsOutNeverStarts() throws {
    let clip = try Fixtures.clip("press.yaml", variant: "drift-out")
    let events = clip.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "touchUp", "pressFailed"])
    guard case .pressLift(_, let liftedInside) = events[1].kind else { Issue.record("not a lift: \(events[1])"); return }
    #expect(!liftedInside)
    #expect(events[2].kind == .pressFailed(.movedOutside))
    for n in 0..<clip.frameCount { #expect(clip.timeline.state(frame: n).progress == 0) }
    // The highlight goes off when the finger leaves the 70 pt margin, at 0.29 s.
    #expect(abs(try Self.scale(clip, at: 0.34) - (1 - 0.1 * (Self.y(0.14) - Self.y(0.05)))) < 1e-9)
    let inside = try Fixtures.clip("press.yaml", variant: "drift-inside")
    #expect(inside.timeline.events.map(\.kind.name).contains("tap"))
  }

  // Instant on, linear 0.2 s off from the lift at 0.3: h(0.35) = 0.75.
  @Test func dimAndCellHighlights() throws {
    let dim = try Fixtures.clip("press.yaml", variant: "dim")
    func view(_ clip: Clip, _ index: Int, at t: Double) throws -> SceneView {
      let state = clip.timeline.state(at: t)
      var list = try #require(clip.stager.screenViews(state.values)["list"])
      Stager.apply(state.highlight, to: &list, screen: "list")
      return try #require(list.descendant(at: [index]))
    }
    #expect(abs(try view(dim, 2, at: 0.25).opacity - 0.2) < 1e-12)
    #expect(abs(try view(dim, 2, at: 0.35).opacity - (1 - 0.8 * 0.75)) < 1e-9)
    #expect(try view(dim, 2, at: 0.6).opacity == 1)
    // The row's white under #D1D1D6 at h: 1 − h·(1 − 209/255) in red.
    let cell = try Fixtures.clip("press.yaml", variant: "cell")
    let full = try #require(try view(cell, 1, at: 0.25).backgroundColor)
    #expect(abs(full.red - 209.0 / 255) < 1e-12 && abs(full.blue - 214.0 / 255) < 1e-12 && full.alpha == 1)
    let half = try #require(try view(cell, 1, at: 0.4).backgroundColor)
    #expect(abs(half.red - (1 - 0.5 * (1 - 209.0 / 255))) < 1e-9)
  }

  @Test func longPressBeginsAtDownPlusHalfASecond() throws {
    let clip = try Fixtures.clip("press.yaml", variant: "long-press")
    let events = clip.timeline.events
    #expect(events.map(\.kind.name) == ["touchDown", "longPress", "transitionStart", "touchUp", "settle"])
    #expect(events.map(\.time) == [0.2, 0.7, 0.7, 1.0, 1.2])
    #expect(abs(clip.timeline.state(at: 0.95).progress - 0.5) < 1e-12)
    let moved = try Fixtures.clip("press.yaml", variant: "long-press-moved")
    #expect(moved.timeline.events.map(\.kind.name) == ["touchDown", "pressFailed", "touchUp"])
    #expect(abs(moved.timeline.events[1].time - (0.2 + 0.8 / 3)) < 1e-12)
    let short = try Fixtures.clip("press.yaml", variant: "long-press-short")
    #expect(short.timeline.events.map(\.kind.name) == ["touchDown", "pressFailed", "touchUp"])
    #expect(short.timeline.events[1].kind == .pressFailed(.liftedEarly))
  }

  @Test func pointOutsideTheViewIsAnError() throws {
    #expect(throws: StageError.self) {
      try Fixtures.clip("press.yaml", sets: ["transition.trigger.tap.point=[10, 10]"])
    }
  }
}
