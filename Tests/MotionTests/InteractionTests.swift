import Foundation
import Geometry
import Testing
@testable import Motion

@Suite struct InteractionTests {
  func t2(_ points: [TouchPoint]) throws -> Interaction {
    try Interaction(
      script: PanGestureScript(points), mapping: ProgressMapping(axis: .y, distance: 200),
      rule: .directionAndProgress(minimumProgress: 0.1),
      driver: .direct(
        complete: .spring(.uikit(duration: 0.37, dampingRatio: 0.9), carriesVelocity: false),
        cancel: .spring(.uikit(duration: 0.45, dampingRatio: 0.75), carriesVelocity: false)))
  }

  // A T2-like drag worked by hand: a straight drag from (100, 300) at 0.30 s to (130, 360) at
  // 0.50 s moves at (150, 300) pt/s; 120 Hz ticks land on the line, so every velocity interval
  // is (150, 300) pt/s. UIKit's 10 pt slop: the tick 0.3 + 4/120 is the first at least 10 pt
  // from the down (moved (5, 10), 11.18 pt; at 3/120 it is 8.39 pt), and there the slop comes
  // off each axis: (max(5 − 10, 0), max(10 − 10, 0)) = (0, 0). The up adds no sample: the last
  // move is the tick 0.3 + 23/120 (the 24th is within 1 ms of the up), moved (28.75, 57.5), so
  // translation (23.75, 47.5) → p = 47.5/200 = 0.2375 > 0.1 and v.y > 0 → complete, with the
  // 0.37 s / 0.9 spring from 0.2375 to 1. (The up's own point, 60 pt down, would read p = 0.3.)
  @Test func straightDragCompletes() throws {
    let i = try t2([.init(.down, at: 0.3, Point(100, 300)), .init(.up, at: 0.5, Point(130, 360))])
    let r = try #require(i.release)
    expectClose(r.time, 0.5, 1e-12)
    expectClose(r.velocity.x, 150, 1e-6)
    expectClose(r.velocity.y, 300, 1e-6)
    expectClose(r.translation.x, 23.75, 1e-9)
    expectClose(r.translation.y, 47.5, 1e-9)
    expectClose(r.progress, 0.2375, 1e-12)
    #expect(r.decision == .complete)
    expectClose(r.settleTime, 0.87, 1e-12)
    // The spring by hand: ω = −ln(0.001·√(1 − ζ²)/ζ)/(ζD).
    let z = 0.9, d = 0.37
    let w = -log(0.001 * (1 - z * z).squareRoot() / z) / (z * d), wd = w * (1 - z * z).squareRoot()
    let tau = 0.1
    let y = 1 - exp(-z * w * tau) * (cos(wd * tau) + z * w / wd * sin(wd * tau))
    expectClose(i.progress(at: 0.6), 0.2375 + 0.7625 * y, 1e-9)
    #expect(i.phase(at: 0.6) == .settling(.complete))
    #expect(i.phase(at: 0.9) == .done(.complete))
    #expect(i.progress(at: 0.9) == 1)
    // While tracking: at the tick 0.3 + 12/120 = 0.4 the finger is 30 pt down → p = 20/200.
    expectClose(i.progress(at: 0.4 + 1e-9), 0.1, 1e-9)
    #expect(i.phase(at: 0.4) == .tracking)
    // Not yet begun at the third tick (8.39 pt moved).
    #expect(i.phase(at: 0.3 + 3.0 / 120) == .idle)
    #expect(i.phase(at: 0.2) == .idle)
    #expect(i.progress(at: 0.2) == 0)
    #expect(i.events.map(\.time) == [0.3, 0.3 + 4.0 / 120, 0.5, 0.87])
  }

  // The finger turns back up: velocity from the Hermite segment (slope 0 at the turn, the
  // chord's −200 pt/s at the end), computed here independently → v.y < 0 → cancel.
  @Test func turningBackCancels() throws {
    let i = try t2([
      .init(.down, at: 0, Point(0, 100)), .init(.move, at: 0.1, Point(0, 200)), .init(.up, at: 0.2, Point(0, 180)),
    ])
    func y(_ t: Double) -> Double {
      let s = (t - 0.1) / 0.1
      let h00 = 2 * s * s * s - 3 * s * s + 1, h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
      return h00 * 200 + h01 * 180 + h11 * 0.1 * -200
    }
    // The up adds no sample: the last move is the tick 23/120 (24/120 is within 1 ms of the
    // up), so the velocity blends the intervals ending at 22/120 and 23/120, and translation is
    // y(23/120) − 100 less the 10 pt slop (the pan began on the way down, 10 pt past the down).
    let t21 = 21.0 / 120, t22 = 22.0 / 120, t23 = 23.0 / 120
    let v = 0.2 * (y(t23) - y(t22)) / (t23 - t22) + 0.8 * (y(t22) - y(t21)) / (t22 - t21)
    let r = try #require(i.release)
    expectClose(r.velocity.y, v, 1e-6)
    #expect(v < 0)
    expectClose(r.progress, (y(t23) - 100 - 10) / 200, 1e-12)
    #expect(r.decision == .cancel)
    expectClose(r.settleTime, 0.65, 1e-12)
  }

  // T3: a slow drag that stops cancels; a second touch grabs the sheet while it springs back and
  // continues from where it is.
  @Test func secondTouchGrabsSettlingTransition() throws {
    let script = try PanGestureScript([
      .init(.down, at: 0, Point(200, 300)), .init(.move, at: 0.3, Point(200, 360)), .init(.up, at: 0.5, Point(200, 360)),
      .init(.down, at: 0.6, Point(200, 350)), .init(.move, at: 0.9, Point(200, 500)), .init(.up, at: 0.9, Point(200, 500)),
    ])
    let spring = SpringParameters.uikit(duration: 0.5, dampingRatio: 1)
    let i = try Interaction(
      script: script, mapping: ProgressMapping(axis: .y, distance: 300),
      rule: .velocityOrHalfDistance(velocityThreshold: 300),
      driver: .direct(complete: .spring(spring, carriesVelocity: true), cancel: .spring(spring, carriesVelocity: true)))
    let releases = i.events.compactMap { if case .release(let r) = $0 { return r } else { return nil } }
    #expect(releases.count == 2)
    // Held still from 0.3 s: y = 60 − 10 (slop) = 50 < 150, v = 0 → cancel from p = 50/300.
    #expect(releases[0].decision == .cancel)
    expectClose(releases[0].velocity.y, 0, 1e-9)
    expectClose(releases[0].progress, 50.0 / 300, 1e-12)
    // The grab: the second stroke moves at 500 pt/s, so it begins at its third tick (12.5 pt
    // moved, translation 2.5), at the settling progress.
    let grabTime = 0.6 + 3.0 / 120
    let settle = try spring.timing(delay: 0.5)
    let pGrab = 50.0 / 300 * (1 - settle.progress(at: grabTime))
    let began = i.events.compactMap { if case .began(let t, let p) = $0 { return (t, p) } else { return nil } }
    #expect(began.count == 2)
    expectClose(began[1].0, grabTime, 1e-12)
    expectClose(began[1].1, pGrab, 1e-12)
    // Only the second settle happens.
    let settles = i.events.filter { if case .settle = $0 { return true } else { return false } }
    #expect(settles.count == 1)
    // At the second release (last move at the tick 0.6 + 35/120, 145.83 pt from the down):
    // translation 135.83 on top of the grab offset; a 500 pt/s flick completes and hands its
    // velocity to the spring: v0 = v / (D − y).
    let r = releases[1]
    expectClose(r.velocity.y, 500, 1e-6)
    #expect(r.decision == .complete)
    expectClose(r.progress, pGrab + (500 * 35.0 / 120 - 10) / 300, 1e-9)
    expectClose(r.initialVelocity, 500 / (300 - r.progress * 300), 1e-9)
  }

  // T4: percent-driven layer timing, p = clamp(|tx|/200, 0.01, 0.99), with no slop (this
  // tests the mechanism): 400 pt/s to the left, last move at the tick 35/120, 116.67 pt
  // → p = 0.583333 ≥ 0.5 → finish; the layer runs on for D·(1 − p).
  @Test func t4LayerTiming() throws {
    let i = try Interaction(
      script: PanGestureScript([.init(.down, at: 0, Point(300, 400)), .init(.up, at: 0.3, Point(180, 400))]),
      mapping: ProgressMapping(axis: .x, distance: 200, range: 0.01...0.99, usesMagnitude: true),
      rule: .progressThreshold(0.5),
      driver: .percentDriven(.layerTiming, timing: .cubic(.linear, duration: 0.5)), hysteresis: 0)
    let r = try #require(i.release)
    let p = 400 * 35.0 / 120 / 200
    expectClose(r.progress, p, 1e-12)
    #expect(r.decision == .complete)
    expectClose(r.settleTime, 0.3 + 0.5 * (1 - p), 1e-9)
    expectClose(i.progress(at: 0.4), p + 0.1 / 0.5, 1e-9)
    // At the first tick the finger is 400/120 pt in: p = 3.333/200.
    expectClose(i.progress(at: 1.0 / 120), 400.0 / 120 / 200, 1e-9)
    // 1 pt gives 0.005, clamped to 0.01; 300 pt gives 1.5, clamped to 0.99.
    #expect(i.mapping.progress(translation: Point(-1, 0)) == 0.01)
    #expect(i.mapping.progress(translation: Point(-300, 0)) == 0.99)
  }

  // T5: a negative translation resets the origin, so progress counts from the turning point.
  @Test func t5ResetsNegativeTranslation() throws {
    let script = try PanGestureScript([
      .init(.down, at: 0, Point(100, 400)), .init(.move, at: 0.25, Point(100, 350)), .init(.up, at: 0.5, Point(100, 550)),
    ])
    let i = try Interaction(
      script: script, mapping: ProgressMapping(axis: .y, distance: 844, resetsNegativeTranslation: true),
      rule: .progressThreshold(0.4),
      driver: .percentDriven(.interruptibleAnimator, timing: .cubic(.linear, duration: 0.4)), hysteresis: 0)
    // The finger turns at 0.25 s (the tick 30/120, y = 350: the last reset); the last move is
    // the tick 59/120 on the Hermite segment from (0.25, 350, slope 0) to (0.5, 550, slope
    // 800, the end chord).
    let s = (59.0 / 120 - 0.25) / 0.25
    let y = (2 * s * s * s - 3 * s * s + 1) * 350 + (-2 * s * s * s + 3 * s * s) * 550 + (s * s * s - s * s) * 0.25 * 800
    let r = try #require(i.release)
    expectClose(r.progress, (y - 350) / 844, 1e-9)
    #expect(r.decision == .cancel)
    expectClose(r.settleTime - 0.5, 0.4 * (y - 350) / 844, 1e-9)  // the rest at its own curve
    // While the finger moves up, translation keeps resetting and p stays at its floor: UIKit
    // clamps fractionComplete to 0.00001.
    expectClose(i.progress(at: 0.2), 0.00001, 1e-12)
  }

  @Test func projectionRule() {
    // 100 pt in, 500 pt/s: 100 + 249.5 > 150 → complete; −500 pt/s cancels.
    let rule = ReleaseRule.projection(decelerationRate: 0.998)
    #expect(rule.decide(progress: 0.33, velocity: 500, position: 100, distance: 300) == .complete)
    #expect(rule.decide(progress: 0.33, velocity: -500, position: 100, distance: 300) == .cancel)
  }

  @Test func t3RuleTable() {
    let rule = ReleaseRule.velocityOrHalfDistance(velocityThreshold: 300)
    #expect(rule.decide(progress: 0, velocity: 301, position: 0, distance: 400) == .complete)
    #expect(rule.decide(progress: 0, velocity: 300, position: 0, distance: 400) == .cancel)
    #expect(rule.decide(progress: 0, velocity: -299, position: 201, distance: 400) == .complete)
    #expect(rule.decide(progress: 0, velocity: -301, position: 399, distance: 400) == .cancel)
  }

  @Test func oneTouchWithoutMovementDoesNothing() throws {
    let i = try t2([.init(.down, at: 0.2, Point(5, 5))])
    #expect(i.release == nil)
    #expect(i.phase(at: 3) == .idle)
    #expect(i.sample(at: 3).fingerLocation == Point(5, 5))
    #expect(i.events.count == 1)
  }

  // Sampling at any time gives the same answer whatever else is sampled (pure function of t).
  @Test func deterministic() throws {
    let a = try t2([.init(.down, at: 0.3, Point(100, 300)), .init(.up, at: 0.5, Point(130, 360))])
    let b = try t2([.init(.down, at: 0.3, Point(100, 300)), .init(.up, at: 0.5, Point(130, 360))])
    #expect(a == b)
    for t in stride(from: 0.0, to: 1.0, by: 0.0123) { #expect(a.sample(at: t) == b.sample(at: t)) }
  }
}
