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

  // ProgressMapping with rubber banding: past either end of the range the overshoot (in
  // points) becomes b(x) = x·d·c/(d + c·x) points (d = 844, c = 0.55), by hand.
  @Test func mappingRubberBands() throws {
    let m = try ProgressMapping(axis: .y, distance: 544, rubberBandDimension: 844)
    func b(_ x: Double) -> Double { x * 844 * 0.55 / (844 + 0.55 * x) }
    expectClose(m.progress(translation: Point(0, 200)), 200.0 / 544, 1e-12)
    expectClose(m.progress(translation: Point(0, -110)), -b(110) / 544, 1e-12)
    expectClose(m.progress(translation: Point(0, 644)), 1 + b(100) / 544, 1e-12)
    // With a clamp range the bands start at its ends (T4's [0.01, 0.99] over 200 pt).
    let t4 = try ProgressMapping(axis: .x, distance: 200, range: 0.01...0.99, rubberBandDimension: 390)
    expectClose(t4.progress(translation: Point(0, 0)), 0.01 - 2 * 390 * 0.55 / (390 + 0.55 * 2) / 200, 1e-12)
    // Without it, the ends clamp.
    #expect(try ProgressMapping(axis: .y, distance: 544).progress(translation: Point(0, -110)) == 0)
    #expect(throws: MotionError.self) { try ProgressMapping(axis: .y, distance: 544, rubberBandDimension: 0) }
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

  func reports(_ points: [TouchPoint], hysteresis: Double = PanRecognizer.defaultHysteresis) throws -> [PanReport] {
    var r = PanRecognizer(hysteresis: hysteresis)
    return try PanGestureScript(points).touchEvents().compactMap { r.handle($0) }
  }

  @Test func recognizerHysteresis() throws {
    // 660 pt/s: ticks move 5.5 pt each; recognised at the second tick (11 pt) with translation
    // 11 − 10 = 1. The last move is the 11th tick (60.5 pt; the 12th is within 1 ms of the
    // up), so the release reads 50.5 pt, not the up's 66 − 10.
    let rs = try reports([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 0.1, Point(0, 66))], hysteresis: 10)
    #expect(rs.first?.state == .began)
    expectClose(try #require(rs.first).time, 2.0 / 120, 1e-12)
    expectClose(try #require(rs.first).translation.y, 1, 1e-9)
    expectClose(try #require(rs.last).translation.y, 50.5, 1e-9)
    #expect(rs.last?.state == .ended)
  }

  // UIKit's default slop is 10 pt (`_defaultHysteresis`). 144 pt/s straight down: 1.2 pt a tick,
  // so the 8th tick is at 9.6 pt (not yet) and the 9th at 10.8 pt: began with 0.8 pt; at the
  // 20th tick (24 pt from the down) translation is 14 pt.
  @Test func slopOfTenPoints() throws {
    #expect(PanRecognizer().hysteresis == 10)
    let rs = try reports([.init(.down, at: 0, Point(50, 50)), .init(.up, at: 1, Point(50, 194))])
    let first = try #require(rs.first)
    #expect(first.state == .began)
    expectClose(first.time, 9.0 / 120, 1e-12)
    expectClose(first.translation.y, 0.8, 1e-9)
    let twentieth = try #require(rs.first { abs($0.time - 20.0 / 120) < 1e-9 })
    expectClose(twentieth.translation.y, 14, 1e-9)
    expectClose(twentieth.translation.x, 0, 1e-12)
  }

  // The slop comes off each axis where the pan begins (t → sign(t)·max(|t| − 10, 0)), not off
  // the length: (96, 128) pt/s moves (0.8, 1.0667) a tick; the 8th tick, (6.4, 8.533), is the
  // first 10 pt away (10.667; the 7th is 9.333), and both axes are under 10, so translation
  // starts at (0, 0) there; at the 20th tick, (16, 21.333), it is (9.6, 12.8): 16 pt of a
  // 26.67 pt drag is lost, not 10.
  @Test func slopPerAxis() throws {
    let rs = try reports([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 1, Point(96, 128))])
    let first = try #require(rs.first)
    expectClose(first.time, 8.0 / 120, 1e-12)
    expectClose(first.translation.x, 0, 1e-9)
    expectClose(first.translation.y, 0, 1e-9)
    let twentieth = try #require(rs.first { abs($0.time - 20.0 / 120) < 1e-9 })
    expectClose(twentieth.translation.x, 9.6, 1e-9)
    expectClose(twentieth.translation.y, 12.8, 1e-9)
    // To the left and up the same, with signs.
    let back = try reports([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 1, Point(-96, -128))])
    let b = try #require(back.first { abs($0.time - 20.0 / 120) < 1e-9 })
    expectClose(b.translation.x, -9.6, 1e-9)
    expectClose(b.translation.y, -12.8, 1e-9)
  }

  // A touch that lifts before moving 10 pt is a tap: the pan never begins, nothing is reported
  // (the up, 9.99 pt away, is not a move either).
  @Test func tapNeverBegins() throws {
    #expect(try reports([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 0.1, Point(0, 9.99))]).isEmpty)
    // With no slop it begins at the first tick: 11 moves and the end.
    #expect(try reports([.init(.down, at: 0, Point(0, 0)), .init(.up, at: 0.1, Point(0, 9.99))], hysteresis: 0).count == 12)
  }

  // The up adds no sample: a finger that speeds up at its end (50 pt in 0.2 s, then 70 pt in
  // 0.05 s) releases with the translation and velocity of the last move (tick 29; the 30th is
  // the up's time), not at the up point. The path is the Fritsch–Butland cubic: tangent
  // 0.75 / ((0.1 + 0.2)/250 + (0.05 + 0.4)/1400) = 492.958 pt/s at 0.2 s, the end chord
  // 1400 pt/s at the up.
  @Test func releaseFromMovesOnly() throws {
    let rs = try reports([
      .init(.down, at: 0, Point(0, 0)), .init(.move, at: 0.2, Point(0, 50)), .init(.up, at: 0.25, Point(0, 120)),
    ])
    let m1 = 0.75 / ((0.1 + 0.2) / 250 + (0.05 + 0.4) / 1400)
    func y(_ t: Double) -> Double {
      let s = (t - 0.2) / 0.05
      return (2 * s * s * s - 3 * s * s + 1) * 50 + (s * s * s - 2 * s * s + s) * 0.05 * m1
        + (-2 * s * s * s + 3 * s * s) * 120 + (s * s * s - s * s) * 0.05 * 1400
    }
    let t27 = 27.0 / 120, t28 = 28.0 / 120, t29 = 29.0 / 120
    let v = 0.2 * (y(t29) - y(t28)) * 120 + 0.8 * (y(t28) - y(t27)) * 120
    let end = try #require(rs.last)
    #expect(end.state == .ended)
    expectClose(end.time, 0.25, 1e-12)
    expectClose(end.velocity.y, v, 1e-6)
    expectClose(end.translation.y, y(t29) - 10, 1e-9)
    expectClose(end.location.y, y(t29), 1e-9)
    // 1677.15 pt/s at 97.28 pt; the up as a move would have read 1646.92 pt/s at 110 pt.
    expectClose(v, 1677.151800, 1e-5)
    expectClose(y(t29) - 10, 97.283516, 1e-5)
    // Same as the last move's report.
    let lastMove = rs[rs.count - 2]
    #expect(lastMove.translation == end.translation && lastMove.velocity == end.velocity)
  }
}
