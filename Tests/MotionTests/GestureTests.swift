import Foundation
import Geometry
import Testing
@testable import Motion

@Suite struct PanVelocityTests {
  // motion-model §9: events (t, x) → vx = 1466.667 pt/s (0.2·2000 + 0.8·1333.33).
  @Test func publishedVector() {
    var e = PanVelocityEstimator()
    for (t, x) in [(0.0, 100.0), (0.008, 104), (0.016, 112), (0.025, 124), (0.033, 140)] {
      e.add(time: t, location: Point(x, 0))
    }
    expectClose(e.velocity.x, 1466.667, 1e-3)
    expectClose(e.velocity.x, 0.2 * 16 / 0.008 + 0.8 * 12 / 0.009, 1e-9)
  }

  @Test func shortIntervalCountsAsZero() {
    var e = PanVelocityEstimator(startingAt: 0, Point(0, 0))
    e.add(time: 0.01, location: Point(10, 0))  // 1000 pt/s
    e.add(time: 0.0105, location: Point(20, 0))  // dt 0.5 ms → 0
    expectClose(e.velocity.x, 0.8 * 1000, 1e-9)
    e.add(time: 0.0105, location: Point(99, 0))  // dt = 0: ignored
    expectClose(e.velocity.x, 800, 1e-9)
  }
}

@Suite struct GesturePhysicsTests {
  // §9: d = 375.
  @Test(arguments: [
    (10.0, 5.420499), (50, 25.621118), (100, 47.965116), (200, 85.051546), (375, 133.064516), (1000, 222.972973),
  ])
  func rubberBand(x: Double, b: Double) {
    expectClose(GesturePhysics.rubberBand(x, dimension: 375), b, 1e-6)
    expectClose(GesturePhysics.rubberBand(-x, dimension: 375), -b, 1e-6)
  }

  // §9 / the published table for d = 960.
  @Test func rubberBandPublishedTable() {
    for (x, b) in [(5.0, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)] {
      expectClose(GesturePhysics.rubberBand(x, dimension: 960), b, 0.005)
    }
  }

  @Test func rubberBandRange() {
    #expect(GesturePhysics.rubberBand(50, range: 0...100, dimension: 375) == 50)
    expectClose(GesturePhysics.rubberBand(110, range: 0...100, dimension: 375), 105.420499, 1e-6)
  }

  @Test func projection() {
    expectClose(GesturePhysics.projection(velocity: 1000), 499.0, 1e-9)
    expectClose(GesturePhysics.projection(velocity: 3000), 1497.0, 1e-9)
    expectClose(GesturePhysics.decelerationDistance(velocity: 1000), 499.4998, 1e-4)
    expectClose(GesturePhysics.decelerationDistance(velocity: 3000), 1498.4995, 1e-4)
    expectClose(GesturePhysics.decelerationOffset(velocity: 1000, at: 100), 499.4998, 1e-4)
  }

  @Test func handOff() {
    #expect(GesturePhysics.initialVelocity(fingerVelocity: 600, distanceLeft: 300) == 2)
    #expect(GesturePhysics.initialVelocity(fingerVelocity: 600, distanceLeft: 0) == 0)
    #expect(GesturePhysics.initialVelocity(fingerVelocity: -200, distanceLeft: -100) == 2)
  }
}

@Suite struct PanGestureScriptTests {
  @Test func linearBetweenTwoPoints() throws {
    let s = try PanGestureScript([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 1, Point(100, 50))])
    let p = try #require(s.location(at: 0.25))
    expectClose(p.x, 25, 1e-12)
    expectClose(p.y, 12.5, 1e-12)
    #expect(s.location(at: 1) == nil)  // lifted
    #expect(s.location(at: -1) == nil)
  }

  @Test func passesThroughPointsWithoutOvershoot() throws {
    let s = try PanGestureScript([
      .init(.down, at: 0, Point(0, 100)), .init(.move, at: 0.1, Point(0, 200)), .init(.up, at: 0.2, Point(0, 180)),
    ])
    #expect(s.location(at: 0.1) == Point(0, 200))
    for t in stride(from: 0.1, through: 0.2, by: 0.005) {
      let y = try #require(s.strokes[0].location(at: t)).y
      #expect(y <= 200 + 1e-9 && y >= 180 - 1e-9)
    }
  }

  @Test func onePointGesture() throws {
    let s = try PanGestureScript([.init(.down, at: 0.3, Point(10, 10))])
    #expect(s.location(at: 5) == Point(10, 10))
    let events = s.touchEvents()
    #expect(events.first?.phase == .down)
    #expect(events.count == 3)  // down + two ticks, then nothing changes
  }

  @Test func equalTimesKeepTheLast() throws {
    let s = try PanGestureScript([
      .init(.down, at: 0, Point(0, 0)), .init(.move, at: 0, Point(5, 0)), .init(.move, at: 0.1, Point(10, 0)),
      .init(.up, at: 0.1, Point(20, 0)),
    ])
    #expect(s.strokes[0].times == [0, 0.1])
    #expect(s.strokes[0].locations == [Point(5, 0), Point(20, 0)])
    _ = s.touchEvents()
  }

  @Test func downAndUpAtTheSameTime() throws {
    let s = try PanGestureScript([.init(.down, at: 1, Point(0, 0)), .init(.up, at: 1, Point(0, 0))])
    #expect(s.touchEvents().map(\.phase) == [.down, .up])
  }

  @Test func rejectsBadScripts() {
    #expect(throws: MotionError.invalidGesture(index: 0, reason: "a 'move' needs a 'down' before it")) {
      try PanGestureScript([.init(.move, at: 0, Point(0, 0))])
    }
    #expect(throws: MotionError.self) {
      try PanGestureScript([.init(.down, at: 1, Point(0, 0)), .init(.move, at: 0.5, Point(0, 0))])
    }
    #expect(throws: MotionError.self) {
      try PanGestureScript([.init(.down, at: 0, Point(0, 0)), .init(.down, at: 0.5, Point(0, 0))])
    }
    #expect(throws: MotionError.self) { try PanGestureScript([.init(.down, at: .nan, Point(0, 0))]) }
  }

  @Test func touchEventsAt120Hz() throws {
    let s = try PanGestureScript([.init(.down, at: 0.3, Point(0, 0)), .init(.up, at: 0.5, Point(0, 60))])
    let e = s.touchEvents()
    #expect(e.count == 1 + 23 + 1)
    expectClose(e[1].time, 0.3 + 1.0 / 120, 1e-12)
    #expect(e.last?.phase == .up && e.last?.time == 0.5)
  }

  @Test func recognizerHysteresis() throws {
    let s = try PanGestureScript([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 0.1, Point(0, 60))])
    var r = PanRecognizer(hysteresis: 10)
    var reports: [PanReport] = []
    for e in s.touchEvents() { if let rep = r.handle(e) { reports.append(rep) } }
    // 600 pt/s: ticks move 5 pt each; recognised at 10 pt with translation 10 − 10 = 0.
    #expect(reports.first?.state == .began)
    expectClose(try #require(reports.first).translation.y, 0, 1e-9)
    expectClose(try #require(reports.last).translation.y, 50, 1e-9)
    #expect(reports.last?.state == .ended)
  }
}
