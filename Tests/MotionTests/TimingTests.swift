import Foundation
import Geometry
import Testing
@testable import Motion

@Suite struct TimingTests {
  @Test func cubicWithDelay() throws {
    let t = try Timing.cubic(.easeIn, duration: 0.32, delay: 0.1)
    #expect(t.progress(at: 0.05) == 0)
    #expect(t.progress(at: -3) == 0)
    expectClose(t.progress(at: 0.1 + 0.16), 0.315356813, 1e-9)  // easeIn(0.5)
    #expect(t.progress(at: 0.42) == 1)
    #expect(t.progress(at: 10) == 1)
    expectClose(t.endTime, 0.42, 1e-15)
  }

  // Velocity is slope / duration: for linear over 0.5 s, 2 per second.
  @Test func cubicVelocity() throws {
    let t = try Timing.cubic(.linear, duration: 0.5)
    expectClose(t.velocity(at: 0.2), 2, 1e-9)
    #expect(t.velocity(at: 0.6) == 0)
    #expect(t.velocity(at: -0.1) == 0)
  }

  @Test func zeroDurationJumps() throws {
    let t = try Timing.cubic(.easeOut, duration: 0)
    #expect(t.progress(at: -0.001) == 0)
    #expect(t.progress(at: 0) == 1)
    #expect(t.velocity(at: 0) == 0)
    let s = try Timing(curve: .spring(Spring.system), duration: 0)
    #expect(s.progress(at: 0) == 1)
  }

  @Test func rejectsNegativeDuration() {
    #expect(throws: MotionError.self) { try Timing.cubic(.linear, duration: -1) }
    #expect(throws: MotionError.self) { try Timing.cubic(.linear, duration: 1, delay: .infinity) }
  }

  // Implicit durations: mass/stiffness/damping runs for UIKit's settling duration.
  @Test func physicalSpringUsesUIKitSettling() throws {
    let t = try SpringParameters.physical(mass: 1, stiffness: 100, damping: 10).timing()
    expectClose(t.duration, 1.4727003346780927, 1e-12)
  }

  // Many components: each spring has its own initial velocity; a settling-time spring runs all
  // of them for the longest component's settling duration (each computed alone).
  @Test func manyComponentSprings() throws {
    let p = SpringParameters.physical(mass: 1, stiffness: 100, damping: 10)
    let v = [0.0, 3, -4]
    let t = try p.timings(initialVelocities: v)
    let alone = try v.map { try p.timing(initialVelocity: $0).duration }
    #expect(t.count == 3)
    for (i, timing) in t.enumerated() {
      expectClose(timing.velocity(at: 0), v[i], 1e-12)
      #expect(timing.duration == alone.max()!)
    }
    #expect(alone.max()! > alone.min()!)
    let u = try SpringParameters.uikit(duration: 0.37, dampingRatio: 0.9).timings(initialVelocities: v)
    #expect(u.allSatisfy { $0.duration == 0.37 })
  }

  // 2-D velocity: each axis is fitted with its own component (UIViewPropertyAnimator).
  @Test func perAxisSprings() throws {
    let p = SpringParameters.uikit(duration: 0.5, dampingRatio: 1)
    let (x, y) = try p.timings(initialVelocity: Point(0, 2))
    expectClose(try #require(y.spring).naturalFrequency, 18.236012941, 1e-8)
    expectClose(try #require(x.spring).naturalFrequency, 18.466826953, 1e-8)
    #expect(x.duration == 0.5 && y.duration == 0.5)
    expectClose(y.velocity(at: 0), 2, 1e-12)
    expectClose(x.velocity(at: 0), 0, 1e-12)
  }
}
