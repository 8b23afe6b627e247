import Foundation
import Geometry
import Testing
@testable import Motion

@Suite struct RestingPointsTests {
  /// A sheet of 400 pt between small (p = 0), medium (0.5) and large (1).
  func sheet(rate: Double = 0.998) throws -> RestingPoints {
    try RestingPoints([.init(name: "small", progress: 0), .init(name: "medium", progress: 0.5), .init(name: "large", progress: 1)],
                      decelerationRate: rate)
  }

  // WWDC18's projection by hand: (v/1000)·r/(1 − r) is v·0.499 s at r = 0.998 and v·0.099 s at
  // r = 0.99. From p = 0.2 on a 400 pt sheet:
  //   v = 0      → 0.2                        → small  (0.2 from small, 0.3 from medium)
  //   v = 200    → 0.2 + 99.8/400 = 0.4495     → medium
  //   v = 500    → 0.2 + 249.5/400 = 0.82375   → large  (0.17625 from large, 0.32375 from medium)
  //   v = −100   → 0.2 − 49.9/400 = 0.07525    → small
  //   v = 1000   → 0.2 + 499/400 = 1.4475      → large
  //   fast, v = 500  → 0.2 + 49.5/400 = 0.32375 → medium
  //   fast, v = 1000 → 0.2 + 99/400 = 0.4475    → medium
  @Test func projectionPicksThePoint() throws {
    let normal = try sheet(), fast = try sheet(rate: 0.99)
    let cases: [(RestingPoints, Double, Double, Int)] = [
      (normal, 0, 0.2, 0), (normal, 200, 0.4495, 1), (normal, 500, 0.82375, 2), (normal, -100, 0.07525, 0),
      (normal, 1000, 1.4475, 2), (fast, 500, 0.32375, 1), (fast, 1000, 0.4475, 1),
    ]
    for (points, v, projected, index) in cases {
      let pick = points.target(from: 0.2, axisVelocity: v, distance: 400)
      expectClose(pick.projected, projected, 1e-12, "v = \(v)")
      #expect(pick.index == index, "v = \(v): \(points.points[pick.index].name)")
    }
    // An exact tie goes to the lower point.
    #expect(normal.nearest(to: 0.25) == 0)
    #expect(normal.nearest(to: 0.75) == 1)
  }

  @Test func pointsMustIncrease() {
    #expect(throws: MotionError.self) { try RestingPoints([.init(name: "a", progress: 0.5), .init(name: "b", progress: 0.5)]) }
    #expect(throws: MotionError.self) { try RestingPoints([]) }
  }

  /// A drag up the screen at a constant speed from (100, 600) at 0 s to `endY` at 0.2 s, on a
  /// 400 pt sheet whose p grows upward, settling on a spring that carries the finger's velocity.
  func flick(endY: Double, commit: ReleasePredicate? = nil, complete: Completion? = nil) throws -> Interaction {
    let spring = Completion.spring(.uikit(duration: 0.5, dampingRatio: 1), carriesVelocity: true)
    return try Interaction(
      script: PanGestureScript([.init(.down, at: 0, Point(100, 600)), .init(.up, at: 0.2, Point(100, endY))]),
      mapping: ProgressMapping(axis: .y, distance: 400, direction: -1),
      rule: .progressThreshold(0.5), driver: .direct(complete: complete ?? spring, cancel: spring),
      restingPoints: try sheet(), commit: commit)
  }

  // 600 pt/s up: the 120 Hz ticks move 5 pt each; the pan begins at the second (10 pt, less
  // the 10 pt slop: translation 0); the last move is the 23rd tick (the 24th is the up's
  // time), 115 pt up → 105 pt → p = 105/400 = 0.2625. Projected: 0.2625 + 600·0.499/400 =
  // 1.011 → large. The spring's initial velocity is UIKit's, relative to the distance left:
  // 600 / ((1 − 0.2625)·400) = 600/295, so p starts moving at 600/400 = 1.5 per second, the
  // finger's own speed.
  @Test func fastFlickGoesToLargeWithTheFingersVelocity() throws {
    let i = try flick(endY: 480)
    let r = try #require(i.release)
    expectClose(r.progress, 0.2625, 1e-9)
    expectClose(r.axisVelocity, 600, 1e-6)
    expectClose(try #require(r.projectedProgress), 0.2625 + 600 * 0.499 / 400, 1e-9)
    #expect(r.restingPoint == 2)
    #expect(r.target == 1)
    expectClose(r.initialVelocity, 600.0 / 295.0, 1e-9)
    expectClose(i.sample(at: 0.2 + 1e-7).velocity, 1.5, 1e-4)
    #expect(i.progress(at: r.settleTime + 0.01) == 1)
  }

  // 300 pt/s: 2.5 pt a tick; the pan begins at the 4th (10 pt); the 23rd tick is 57.5 pt up
  // → 47.5 pt → p = 0.11875. Projected 0.11875 + 300·0.499/400 = 0.493 → medium (0.5); v0 =
  // 300 / ((0.5 − 0.11875)·400) = 300/152.5; the settle ends at p = 0.5 and stays there.
  @Test func slowerFlickRestsAtMedium() throws {
    let i = try flick(endY: 540)
    let r = try #require(i.release)
    expectClose(r.progress, 0.11875, 1e-9)
    expectClose(try #require(r.projectedProgress), 0.493, 1e-9)
    #expect(r.restingPoint == 1)
    #expect(r.target == 0.5)
    expectClose(r.initialVelocity, 300 / 152.5, 1e-9)
    expectClose(i.sample(at: 0.2 + 1e-7).velocity, 0.75, 1e-4)
    #expect(i.progress(at: r.settleTime + 0.01) == 0.5)
    #expect(i.phase(at: r.settleTime + 0.01) == .done(.complete))
  }

  // A second drag after the settle grabs the sheet at its resting point (p = 0.5), not at 0.
  @Test func aSettledSheetCanBeDraggedAgain() throws {
    let spring = Completion.spring(.uikit(duration: 0.5, dampingRatio: 1), carriesVelocity: true)
    let i = try Interaction(
      script: PanGestureScript([
        .init(.down, at: 0, Point(100, 600)), .init(.up, at: 0.2, Point(100, 540)),
        .init(.down, at: 2, Point(100, 500)), .init(.move, at: 2.2, Point(100, 560)), .init(.up, at: 3, Point(100, 560)),
      ]),
      mapping: ProgressMapping(axis: .y, distance: 400, direction: -1),
      rule: .progressThreshold(0.5), driver: .direct(complete: spring, cancel: spring), restingPoints: try sheet())
    // Second stroke: 60 pt down less the 10 pt slop = 50 pt → p = 0.5 − 50/400 = 0.375, held
    // still for 0.8 s (velocity 0) → nearest is medium again.
    let began = i.events.compactMap { if case .began(let t, let p) = $0 { (t, p) } else { nil } }
    #expect(began.count == 2)
    expectClose(began[1].1, 0.5, 1e-12)
    expectClose(i.progress(at: 2.9), 0.375, 1e-9)
    #expect(i.progress(at: 4) == 0.5)
  }

  // Commit mid-drag: complete once p >= 0.2, finger still down. At 600 pt/s the k-th tick
  // (k >= 2) reads 5k − 10 pt → p = (5k − 10)/400 reaches 0.2 at k = 18, t = 18/120 = 0.15.
  // From there a linear 0.4 s settle to the nearest point of the projection (0.2 + 600·0.499/400
  // = 0.9485 → large): p = 0.2 + 0.8·τ/0.4, whatever the finger (still moving up to 0.2 s) does.
  @Test func commitFiresWhileTheFingerIsDown() throws {
    let i = try flick(endY: 480, commit: .compare(.progress, .greaterOrEqual, 0.2), complete: .curve(.linear, duration: 0.4))
    let releases = i.events.compactMap { if case .release(let r) = $0 { r } else { nil } }
    #expect(releases.count == 1)
    let r = try #require(releases.first)
    #expect(r.committed)
    expectClose(r.time, 18.0 / 120, 1e-12)
    expectClose(r.progress, 0.2, 1e-12)
    expectClose(try #require(r.projectedProgress), 0.9485, 1e-9)
    #expect(r.restingPoint == 2)
    expectClose(r.settleTime, 0.15 + 0.4, 1e-9)
    // The frames after the commit (60 fps: 10/60 and 11/60) follow the settle, not the finger
    // (which at 11/60 s is 110 pt up: it would read p = 0.25).
    expectClose(i.progress(at: 10.0 / 60), 0.2 + 0.8 * (10.0 / 60 - 0.15) / 0.4, 1e-9)
    expectClose(i.progress(at: 11.0 / 60), 0.2 + 0.8 * (11.0 / 60 - 0.15) / 0.4, 1e-9)
    #expect(i.phase(at: 11.0 / 60) == .settling(.complete))
    #expect(i.sample(at: 11.0 / 60).fingerLocation != nil)
    // The frame before: tick 17 at 17/120 reads 75 pt → 0.1875, still tracking.
    expectClose(i.progress(at: 17.0 / 120 + 1e-9), 0.1875, 1e-12)
    #expect(i.phase(at: 17.0 / 120 + 1e-9) == .tracking)
  }
}
