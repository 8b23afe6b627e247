import Foundation
import Geometry
import Testing
@testable import Motion

/// Taps and long presses against hand-worked times: UIControl's touchUpInside with its 70 pt
/// touch-outside margin, UILongPressGestureRecognizer's 0.5 s and 10 pt, and the highlight's
/// additive on/off curve against the spring's closed form.
@Suite struct PressGestureTests {
  /// A 350 x 400 card at (20, 200): with the 70 pt margin the tracking rect is
  /// x -50...440, y 130...670.
  static let card = Rect(20, 200, 350, 400)

  @Test func tapFiresAtTheLiftInside() throws {
    let script = try PressScript(downTime: 0.2, upTime: 0.3, point: Point(195, 400))
    let r = PressRecognizer.tap(target: Self.card).recognize(script)
    #expect(r.recognized == 0.3)
    #expect(r.highlightEnd == 0.3)
    #expect(r.events == [
      .touchDown(time: 0.2, location: Point(195, 400)),
      .touchUp(time: 0.3, location: Point(195, 400), inside: true),
      .tap(time: 0.3, location: Point(195, 400)),
    ])
  }

  // Down 300 pt from y = 400 over 0.1 s: y passes 670 (600 + 70) at 270/300 of the way, t =
  // 0.2 + 0.09 = 0.29; it lifts at 700, outside: no tap, the highlight ends at 0.29.
  @Test func tapThatDriftsOutDoesNotFire() throws {
    let script = try PressScript(downTime: 0.2, upTime: 0.3, point: Point(195, 400), drift: Point(0, 300))
    let r = PressRecognizer.tap(target: Self.card).recognize(script)
    #expect(r.recognized == nil)
    #expect(abs(r.highlightEnd - 0.29) < 1e-12)
    #expect(r.events.last == .failed(time: 0.3, reason: .movedOutside))
    #expect(r.events.contains(.touchUp(time: 0.3, location: Point(195, 700), inside: false)))
    // 260 pt lifts at 660, inside the margin (but outside the card): UIKit still fires.
    let inside = try PressScript(downTime: 0.2, upTime: 0.3, point: Point(195, 400), drift: Point(0, 260))
    #expect(PressRecognizer.tap(target: Self.card).recognize(inside).recognized == 0.3)
    // Sideways: x passes 440 at (440 − 195)/300 of the way.
    let left = try PressScript(downTime: 0, upTime: 1, point: Point(195, 400), drift: Point(300, 0))
    #expect(abs(PressRecognizer.tap(target: Self.card).recognize(left).highlightEnd - 245.0 / 300) < 1e-12)
  }

  @Test func longPressBeginsHalfASecondAfterTheTouchDown() throws {
    let held = try PressScript(downTime: 0.2, upTime: 1.0, point: Point(195, 400))
    let r = PressRecognizer.longPress().recognize(held)
    #expect(r.recognized == 0.7)
    #expect(r.highlightEnd == 1.0)
    #expect(r.events.map(\.time) == [0.2, 0.7, 1.0])
    // 8 pt of drift stays within the 10 pt allowance.
    let still = try PressScript(downTime: 0.2, upTime: 1.0, point: Point(195, 400), drift: Point(0, 8))
    #expect(PressRecognizer.longPress().recognize(still).recognized == 0.7)
  }

  // 30 pt over 0.8 s: 10 pt after 0.8/3 s, before the 0.5 s: fails at 0.2 + 0.8/3.
  @Test func longPressFailsWhenTheFingerMovesOrLifts() throws {
    let moved = try PressScript(downTime: 0.2, upTime: 1.0, point: Point(195, 400), drift: Point(0, 30))
    let r = PressRecognizer.longPress().recognize(moved)
    #expect(r.recognized == nil)
    #expect(abs(r.highlightEnd - (0.2 + 0.8 / 3)) < 1e-12)
    #expect(r.events.contains { if case .failed(_, .movedTooFar) = $0 { true } else { false } })
    let short = try PressScript(downTime: 0.2, upTime: 0.6, point: Point(195, 400))
    let s = PressRecognizer.longPress().recognize(short)
    #expect(s.recognized == nil && s.highlightEnd == 0.6)
    #expect(s.events.contains(.failed(time: 0.6, reason: .liftedEarly)))
  }

  @Test func scriptRejectsALiftBeforeTheTouch() {
    #expect(throws: MotionError.self) { try PressScript(downTime: 0.3, upTime: 0.3, point: .zero) }
  }

  // A critically damped spring, mass 1, stiffness 400, damping 40 (ω = 20 /s): y(t) = 1 −
  // (1 + 20t)·e^(−20t). Down at 0.2, up at 0.3: h(0.25) = y(0.05) = 1 − 2/e; h(0.35) =
  // y(0.15) − y(0.05) = 2/e − 4/e³.
  @Test func pressSpringIsAdditive() throws {
    let spring = try Timing(curve: .spring(Spring(mass: 1, stiffness: 400, damping: 40)), duration: 2)
    let curve = HighlightCurve(down: 0.2, end: 0.3, on: spring, off: spring)
    #expect(curve.amount(at: 0.1) == 0)
    #expect(abs(curve.amount(at: 0.25) - (1 - 2 / M_E)) < 1e-9)
    #expect(abs(curve.amount(at: 0.35) - (2 / M_E - 4 / pow(M_E, 3))) < 1e-9)
    // Instant on, linear 0.2 s off: 1 until the lift, then 1 − (t − 0.3)/0.2.
    let dim = HighlightCurve(down: 0.2, end: 0.3, on: nil, off: try .cubic(CubicBezier(0, 0, 1, 1), duration: 0.2))
    #expect(dim.amount(at: 0.2) == 1 && dim.amount(at: 0.29) == 1)
    #expect(abs(dim.amount(at: 0.35) - 0.75) < 1e-9)
    #expect(dim.amount(at: 0.5) == 0)
  }
}
