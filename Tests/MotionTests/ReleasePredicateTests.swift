import Foundation
import Geometry
import Testing
@testable import Motion

/// The general release rule, system-cancelled strokes, the scroll-view hand-off and
/// `.remaining` completions, against values worked by hand (straight drags at constant speed:
/// the smooth path through collinear points at one speed is the line itself).
@Suite struct ReleasePredicateTests {
  static func state(p: Double = 0, v: Double, y: Double, distance: Double = 400, range: ClosedRange<Double> = 0...1) -> ReleaseState {
    ReleaseState(
      progress: p, velocity: Point(x: 0, y: v), travel: Point(x: 0, y: y), axisVelocity: v, axisTravel: y,
      distance: distance, range: range)
  }

  /// T3 as a scene writes it: `[{velocity.y: "> 300"}, {translation.y: "> 200", velocity.y: "> -300"}]`
  /// with D = 400, and the named rule, agree on every row of the table.
  @Test func sceneRuleMatchesTheNamedOne() {
    let scene = ReleaseRule.when(.any([
      .compare(.velocityY, .greater, 300),
      .all([.compare(.translationY, .greater, 200), .compare(.velocityY, .greater, -300)]),
    ]))
    let named = ReleaseRule.velocityOrHalfDistance(velocityThreshold: 300)
    let rows: [(v: Double, y: Double, outcome: InteractionOutcome)] = [
      (301, 0, .complete), (300, 0, .cancel), (-299, 201, .complete), (-301, 399, .cancel), (0, 200, .cancel),
      (0, 200.5, .complete),
    ]
    for r in rows {
      #expect(scene.decide(Self.state(v: r.v, y: r.y)) == r.outcome, "v \(r.v) y \(r.y)")
      #expect(named.decide(Self.state(v: r.v, y: r.y)) == r.outcome, "v \(r.v) y \(r.y)")
    }
  }

  /// p = 0.3, v = 500 pt/s, D = 300: the projection is 0.5 · 0.998 / 0.002 = 249.5 pt, so p would
  /// reach 0.3 + 249.5 / 300 = 1.131667, clamped to the range; unclamped travel 90 + 249.5 pt.
  @Test func quantities() {
    let s = Self.state(p: 0.3, v: 500, y: 90, distance: 300)
    expectClose(ReleaseQuantity.projectedProgress(decelerationRate: 0.998).value(in: s), 1, 1e-12)
    let narrow = Self.state(p: 0.3, v: 500, y: 90, distance: 300, range: 0...0.9)
    expectClose(ReleaseQuantity.projectedProgress(decelerationRate: 0.998).value(in: narrow), 0.9, 1e-12)
    expectClose(ReleaseQuantity.projectedTravelFraction(decelerationRate: 0.998).value(in: s), 339.5 / 300, 1e-12)
    expectClose(ReleaseQuantity.axisTravelFraction.value(in: s), 0.3, 1e-12)
    #expect(ReleasePredicate.all([]).holds(in: s))
    #expect(!ReleasePredicate.any([]).holds(in: s))
    #expect(ReleasePredicate.not(.compare(.progress, .less, 0.3)).holds(in: s))
    #expect(ReleasePredicate.compare(.progress, .lessOrEqual, 0.3).holds(in: s))
    #expect(!ReleasePredicate.compare(.progress, .greater, 0.3).holds(in: s))
    #expect(ReleasePredicate.compare(.progress, .greaterOrEqual, 0.3).holds(in: s))
  }

  /// A magnitude mapping (T4, |tx|): moving left while left of the start grows |tx|.
  @Test func magnitudeVelocity() throws {
    let m = try ProgressMapping(axis: .x, distance: 200, usesMagnitude: true)
    #expect(m.velocityComponent(Point(x: -100, y: 0), translation: Point(x: -50, y: 0)) == 100)
    #expect(m.velocityComponent(Point(x: -100, y: 0), translation: Point(x: 50, y: 0)) == -100)
  }

  /// A drag that would complete (v = 500 pt/s down, p > 0.1) but that the system cancels: the
  /// recognizer reports `.cancelled` and the transition cancels. Like an up, the cancel adds
  /// no sample: p is the last move's (tick 23/120, 95.83 pt, less the 10 pt slop).
  @Test func systemCancelAlwaysCancels() throws {
    let script = try PanGestureScript([.init(.down, at: 0, Point(0, 0)), .init(.cancel, at: 0.2, Point(0, 100))])
    #expect(script.strokes[0].cancelled && script.strokes[0].lifts)
    #expect(script.touchEvents().last?.phase == .cancel)
    let i = try Interaction(
      script: script, mapping: ProgressMapping(axis: .y, distance: 200), rule: .directionAndProgress(minimumProgress: 0.1),
      driver: .direct(complete: .curve(.linear, duration: 0.3), cancel: .curve(.linear, duration: 0.3)))
    let r = try #require(i.release)
    #expect(r.cancelled && r.decision == .cancel)
    #expect(i.reports.last?.state == .cancelled)
    expectClose(r.velocity.y, 500, 1e-6)
    let p = (500 * 23.0 / 120 - 10) / 200
    expectClose(r.progress, p, 1e-12)
    // Linear 0.3 s back to 0: half way after 0.15 s.
    expectClose(i.progress(at: 0.35), p / 2, 1e-9)
  }

  /// The rules' translation counts from the transition's start: a second stroke grabbing at
  /// p_g adds p_g · D. Rule: complete when translation.y > 150 (D = 300). Each stroke loses
  /// the 10 pt slop; the second's last move is the tick 0.6 + 35/120 (145.83 pt at 500 pt/s).
  @Test func travelIncludesTheGrab() throws {
    let script = try PanGestureScript([
      .init(.down, at: 0, Point(200, 300)), .init(.move, at: 0.3, Point(200, 360)), .init(.up, at: 0.5, Point(200, 360)),
      .init(.down, at: 0.6, Point(200, 350)), .init(.move, at: 0.9, Point(200, 500)), .init(.up, at: 0.9, Point(200, 500)),
    ])
    let spring = SpringParameters.uikit(duration: 0.5, dampingRatio: 1)
    let i = try Interaction(
      script: script, mapping: ProgressMapping(axis: .y, distance: 300), rule: .when(.compare(.translationY, .greater, 150)),
      driver: .direct(complete: .spring(spring, carriesVelocity: false), cancel: .spring(spring, carriesVelocity: false)))
    let releases = i.events.compactMap { if case .release(let r) = $0 { return r } else { return nil } }
    #expect(releases.map(\.decision) == [.cancel, .complete])
    expectClose(releases[0].travel.y, 50, 1e-9)
    let began = i.events.compactMap { if case .began(_, let p) = $0 { return p } else { return nil } }
    let second = 500 * 35.0 / 120 - 10
    expectClose(releases[1].travel.y, began[1] * 300 + second, 1e-9)
    expectClose(releases[1].drivingTranslation.y, second, 1e-9)
  }

  /// A scroll view 100 pt down takes the first 100 pt of a 600 pt/s drag (D = 300): at 0.1 s
  /// (60 pt) it is at 40 and p = 0; at 0.2 s (120 pt) it is at the top and p = 20 / 300; at
  /// the last move (tick 47/120, 235 pt; the up adds no sample) p = 135 / 300. Dragging up
  /// instead scrolls it further down. No slop here (the catalog's T3 scroll variant has it).
  @Test func scrollViewTakesThePanFirst() throws {
    let mapping = try ProgressMapping(axis: .y, distance: 300, scrollContentOffset: 100)
    let i = try Interaction(
      script: PanGestureScript([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 0.4, Point(0, 240))]),
      mapping: mapping, rule: .progressThreshold(0.4),
      driver: .direct(complete: .curve(.linear, duration: 0.2), cancel: .curve(.linear, duration: 0.2)), hysteresis: 0)
    let a = i.sample(at: 0.1), b = i.sample(at: 0.2)
    expectClose(a.scrollContentOffset ?? .nan, 40, 1e-9)
    #expect(a.progress == 0 && a.translation == Point(x: 0, y: 0))
    expectClose(b.scrollContentOffset ?? .nan, 0, 1e-9)
    expectClose(b.progress, 20.0 / 300, 1e-9)
    expectClose(b.translation.y, 20, 1e-9)
    let r = try #require(i.release)
    expectClose(r.progress, 135.0 / 300, 1e-12)
    expectClose(r.translation.y, 235, 1e-9)
    expectClose(r.drivingTranslation.y, 135, 1e-9)
    #expect(r.decision == .complete)
    #expect(i.sample(at: 2).scrollContentOffset == 0)  // it stays at the top
    #expect(mapping.scrolled(Point(x: 0, y: -50), contentOffset: 100) == (Point(x: 0, y: 0), 150))
  }

  /// `.remaining` with a linear 1 s timing (no slop: this tests the settle): a straight drag
  /// released at 0.3 s reads its last move, the tick 35/120, 35/36 of the way. 120 pt → p =
  /// 0.583333: it runs on at normal speed, p + 0.2 after 0.2 s, done 1 − p s after the release;
  /// 60 pt → p = 0.291667 runs back.
  @Test func remainingRunsOn() throws {
    func drag(_ dy: Double) throws -> Interaction {
      let linear = try Timing.cubic(.linear, duration: 1)
      return try Interaction(
        script: PanGestureScript([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 0.3, Point(0, dy))]),
        mapping: ProgressMapping(axis: .y, distance: 200), rule: .progressThreshold(0.5),
        driver: .direct(complete: .remaining(linear), cancel: .remaining(linear)), hysteresis: 0)
    }
    let forward = try drag(120), pf = 120 * 35.0 / 36 / 200
    expectClose(forward.progress(at: 0.5), pf + 0.2, 1e-9)
    expectClose(try #require(forward.release).settleTime, 0.3 + (1 - pf), 1e-9)
    let back = try drag(60), pb = 60 * 35.0 / 36 / 200
    #expect(back.release?.decision == .cancel)
    expectClose(back.progress(at: 0.4), pb - 0.1, 1e-9)
    expectClose(try #require(back.release).settleTime, 0.3 + pb, 1e-9)
  }

  /// A UIKit spring (1 s, ζ 0.8) continued from p = 0.6 is re-fitted to 0.4 s with the same
  /// ζ; by hand, ω = −ln(0.001 √(1 − ζ²) / ζ) / (ζ · 0.4) and y = 1 − e^(−ζωt)(cos ω_d t + ζω/ω_d sin ω_d t).
  @Test func remainingSpringIsRefitted() throws {
    let timing = try SpringParameters.uikit(duration: 1, dampingRatio: 0.8).timing()
    let curve = try SettleCurve.remaining(of: timing, from: 0.6, forward: true)
    expectClose(curve.duration, 0.4, 1e-12)
    let z = 0.8, w = -log(0.001 * (1 - z * z).squareRoot() / z) / (z * 0.4), wd = w * (1 - z * z).squareRoot()
    let y = 1 - exp(-z * w * 0.1) * (cos(wd * 0.1) + z * w / wd * sin(wd * 0.1))
    expectClose(curve.value(elapsed: 0.1, start: 0.6, target: 1), 0.6 + 0.4 * y, 1e-9)
  }

  /// `.timing` keeps the timing's own delay: linear 0.5 s after 0.1 s, from p = 0.583333 (the
  /// last move, 35/36 of 120 pt, no slop; complete).
  @Test func givenTimingKeepsItsDelay() throws {
    let i = try Interaction(
      script: PanGestureScript([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 0.3, Point(0, 120))]),
      mapping: ProgressMapping(axis: .y, distance: 200), rule: .progressThreshold(0.5),
      driver: .direct(complete: .timing(try .cubic(.linear, duration: 0.5, delay: 0.1)), cancel: .curve(.linear, duration: 0.5)),
      hysteresis: 0)
    let p = 120 * 35.0 / 36 / 200
    expectClose(i.progress(at: 0.35), p, 1e-12)
    expectClose(i.progress(at: 0.65), p + (1 - p) * 0.5, 1e-9)
    expectClose(try #require(i.release).settleTime, 0.9, 1e-12)
  }
}
