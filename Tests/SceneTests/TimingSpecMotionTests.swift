import Geometry
import Motion
import Testing
@testable import Scene

@Suite struct TimingSpecMotionTests {
  // motion-model §9 through the scene syntax.
  @Test func uikitSpring() throws {
    let t = try TimingSpec.parse("spring: {duration: 0.45, dampingRatio: 0.75}").motionTiming()
    #expect(abs(t.progress(at: 0.05) - 0.316700126) < 1e-9)
    #expect(t.duration == 0.45)
  }

  @Test func physicalSpringRunsForUIKitSettling() throws {
    let t = try TimingSpec.parse("spring: {mass: 1, stiffness: 100, damping: 10}").motionTiming()
    #expect(abs(t.duration - 1.4727003346780927) < 1e-12)
    #expect(abs(t.progress(at: 0.25) - 1.023359580) < 1e-9)
  }

  @Test func curveWithDelayAndControlPoints() throws {
    let t = try TimingSpec.parse("curve: [0.42, 0, 0.58, 1], duration: 1, delay: 0.5").motionTiming()
    #expect(t.delay == 0.5)
    #expect(t.progress(at: 0.5) == 0)
    #expect(abs(t.progress(at: 0.75) - 0.129161931) < 1e-9)  // easeInEaseOut(0.25)
  }

  @Test func bounceAndResponse() throws {
    let s = try #require(try TimingSpec.parse("spring: {duration: 0.5, bounce: 0.3}").motionTiming().spring)
    #expect(abs(s.stiffness - 157.91367) < 1e-4)
    let r = try #require(try TimingSpec.parse("spring: {response: 0.35, dampingFraction: 0.86}").motionTiming().spring)
    #expect(abs(r.dampingRatio - 0.86) < 1e-12)
  }

  @Test func perAxisVelocity() throws {
    let spec = try TimingSpec.parse("spring: {duration: 0.5, dampingRatio: 1}")
    let (x, y) = try spec.motionTimings(initialVelocity: Point(0, 2))
    #expect(abs(try #require(y.spring).naturalFrequency - 18.236012941) < 1e-8)
    #expect(abs(try #require(x.spring).naturalFrequency - 18.466826953) < 1e-8)
  }

  // An undamped spring never settles: damping 0 (and bounce 1, its SwiftUI form) is out of
  // range when the timing is read.
  @Test func undampedSpringIsOutOfRange() {
    #expect(errorText("spring: {mass: 1, stiffness: 100, damping: 0}") == """
      argument 1:1:44: error: damping must be > 0 and <= 1000000 (got 0)
      spring: {mass: 1, stiffness: 100, damping: 0}
                                                 ^

      """)
    #expect(errorText("spring: {duration: 0.5, bounce: 1}") == """
      argument 1:1:33: error: bounce must be > -1 and < 1 (got 1)
      spring: {duration: 0.5, bounce: 1}
                                      ^

      """)
  }

  private func errorText(_ text: String) -> String {
    do {
      _ = try TimingSpec.parse(text, name: "argument 1")
      return "parsed"
    } catch {
      return error.description
    }
  }
}
