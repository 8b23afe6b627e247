import Foundation
import Testing
@testable import Motion

@Suite struct PropertyAnimatorTests {
  // motion-model §9: continue from f = 0.3 with easeInEaseOut, D = 0.5, df = 1:
  // u = 0.379704, T = 0.714286, remaining 0.443068 s.
  @Test func continueFromPausedFraction() throws {
    var a = try PropertyAnimator(duration: 0.5, timing: .cubic(.easeInEaseOut))
    a.setFractionComplete(0.3, at: 0)
    #expect(a.state(at: 0.5) == .paused)
    expectClose(a.progress(at: 0.5), 0.3, 1e-12)  // scrubs linearly by default
    a.continueAnimation(at: 1, with: nil, durationFactor: 1)
    let end = try #require(a.completionTime)
    expectClose(end - 1, 0.443068, 1e-6)
    expectClose(a.progress(at: 1), 0.3, 1e-9)  // position is continuous
    // Hand: progress = easeInEaseOut(u + elapsed/T) with T = 0.5/0.7.
    let u = 0.379704, T = 0.5 / 0.7
    expectClose(a.progress(at: 1.2), CubicBezier.easeInEaseOut.progress(at: u + 0.2 / T), 1e-6)
    #expect(a.progress(at: end + 0.01) == 1)
    #expect(a.state(at: end + 0.01) == .inactive)
  }

  @Test func scrubAlongTheCurve() throws {
    var a = try PropertyAnimator(duration: 0.5, timing: .cubic(.easeIn), scrubsLinearly: false)
    a.setFractionComplete(0.5, at: 0)
    expectClose(a.progress(at: 0), 0.315356813, 1e-9)
  }

  @Test func fractionIsClamped() throws {
    var a = try PropertyAnimator(duration: 1, timing: .cubic(.linear))
    a.setFractionComplete(0, at: 0)
    #expect(a.progress(at: 0) == 0.00001)
    a.setFractionComplete(2, at: 0.1)
    #expect(a.progress(at: 0.1) == 0.99999)
  }

  @Test func reverseWhilePausedKeepsPosition() throws {
    var a = try PropertyAnimator(duration: 1, timing: .cubic(.linear))
    a.setFractionComplete(0.3, at: 0)
    a.setReversed(true, at: 0.1)
    expectClose(a.fractionComplete(at: 0.1), 0.7, 1e-12)
    expectClose(a.progress(at: 0.1), 0.3, 1e-12)
    a.startAnimation(at: 0.2)  // df = 0: own duration, remaining 0.3 s back to the start
    expectClose(try #require(a.completionTime), 0.5, 1e-9)
    expectClose(a.progress(at: 0.35), 0.15, 1e-9)
    #expect(a.completionPosition == .start)
    #expect(a.progress(at: 0.6) == 0)
  }

  @Test func reverseWhileRunning() throws {
    var a = try PropertyAnimator(duration: 1, timing: .cubic(.linear))
    a.startAnimation(at: 0)
    expectClose(a.progress(at: 0.4), 0.4, 1e-9)
    a.setReversed(true, at: 0.4)
    expectClose(a.progress(at: 0.5), 0.3, 1e-9)
    expectClose(try #require(a.completionTime), 0.8, 1e-12)
    #expect(a.progress(at: 0.9) == 0)
    expectClose(a.velocity(at: 0.5), -1, 1e-9)
  }

  @Test func pauseKeepsVisibleProgress() throws {
    var a = try PropertyAnimator(duration: 1, timing: .cubic(.easeInEaseOut))
    a.startAnimation(at: 0)
    a.pauseAnimation(at: 0.25)
    let v = CubicBezier.easeInEaseOut.progress(at: 0.25)
    expectClose(a.progress(at: 0.5), v, 1e-12)
    expectClose(a.fractionComplete(at: 0.5), v, 1e-12)  // scrubsLinearly: the fraction is the progress
    var b = try PropertyAnimator(duration: 1, timing: .cubic(.easeInEaseOut), scrubsLinearly: false)
    b.startAnimation(at: 0)
    b.pauseAnimation(at: 0.25)
    expectClose(b.fractionComplete(at: 0.5), 0.25, 1e-9)  // the time fraction
    expectClose(b.progress(at: 0.5), v, 1e-12)
  }

  @Test func finishAtPositions() throws {
    var a = try PropertyAnimator(duration: 1, timing: .cubic(.linear))
    a.startAnimation(at: 0)
    a.finishAnimation(at: .end, time: 0.3)
    #expect(a.progress(at: 0.31) == 1)
    #expect(a.state(at: 0.31) == .inactive)
    var b = try PropertyAnimator(duration: 1, timing: .cubic(.linear))
    b.startAnimation(at: 0)
    b.finishAnimation(at: .current, time: 0.3)
    expectClose(b.progress(at: 2), 0.3, 1e-12)
    b.stopAnimation(at: 2)
    #expect(b.state(at: 2.1) == .stopped)
  }

  @Test func zeroDurationIsPointTwoSeconds() throws {
    let a = try PropertyAnimator(duration: 0, timing: .cubic(.linear))
    #expect(a.duration == 0.2)
  }

  // T2: the background animator (1 s, ζ = 1) is scrubbed to p, then on cancel reversed and
  // continued with durationFactor = 0.45 / 1, so it ends together with the 0.45 s foreground spring.
  @Test func backgroundFollowsForeground() throws {
    var bg = try PropertyAnimator(duration: 1, timing: .spring(dampingRatio: 1, initialVelocity: 0))
    bg.setFractionComplete(0.1, at: 0.4)
    bg.setFractionComplete(0.25, at: 0.5)
    expectClose(bg.progress(at: 0.55), 0.25, 1e-12)
    bg.setReversed(true, at: 0.62)
    bg.continueAnimation(at: 0.62, with: nil, durationFactor: 0.45 / 1)
    expectClose(try #require(bg.completionTime), 0.62 + 0.45, 1e-12)
    // Independent: a critically damped UIKit spring over 0.45 s with v0 = 0 has ω with
    // (1 + ωD)e^{−ωD} = 0.001; bisection here.
    var lo = 1.0, hi = 200.0
    for _ in 0..<200 { let m = (lo + hi) / 2; if (1 + m * 0.45) * exp(-m * 0.45) > 0.001 { lo = m } else { hi = m } }
    let w = lo, tau = 0.2
    let y = 1 - (1 + w * tau) * exp(-w * tau)
    expectClose(bg.progress(at: 0.62 + tau), 0.25 + (0 - 0.25) * y, 1e-9)
    #expect(bg.progress(at: 2) == 0)
    // The foreground on the same clock.
    let fg = try SpringParameters.uikit(duration: 0.45, dampingRatio: 0.75).timing(delay: 0.62)
    #expect(fg.endTime == bg.completionTime)
  }
}

@Suite struct PercentDrivenTransitionTests {
  // T5: interruptible animator with a linear curve over 0.4 s; finish runs the rest of the
  // animation at its own curve: 0.4·(1 − p).
  @Test func finishRunsRemainder() throws {
    var t = try PercentDrivenTransition(mechanism: .interruptibleAnimator, timing: .cubic(.linear, duration: 0.4), start: 1)
    t.update(0.3, at: 1.1)
    t.update(0.5, at: 1.2)
    expectClose(t.progress(at: 1.25), 0.5, 1e-12)
    t.finish(at: 1.3)
    expectClose(try #require(t.remainingDuration), 0.2, 1e-9)
    expectClose(t.progress(at: 1.4), 0.75, 1e-9)
    #expect(t.progress(at: 1.6) == 1)
  }

  @Test func cancelRunsBack() throws {
    var t = try PercentDrivenTransition(mechanism: .interruptibleAnimator, timing: .cubic(.linear, duration: 0.4))
    t.update(0.3, at: 0.1)
    t.cancel(at: 0.2)
    expectClose(try #require(t.remainingDuration), 0.12, 1e-9)
    expectClose(t.progress(at: 0.26), 0.15, 1e-9)
    #expect(t.progress(at: 0.5) == 0)
  }

  // completionSpeed 2 with a timing curve: T = D/s; finishing takes (D/s)·(1 − u).
  @Test func completionSpeedAndCurve() throws {
    var t = try PercentDrivenTransition(
      mechanism: .interruptibleAnimator, timing: .cubic(.linear, duration: 0.5), completionSpeed: 2,
      timingCurve: .cubic(.easeInEaseOut))
    t.update(0.3, at: 0)
    t.finish(at: 0.1)
    expectClose(try #require(t.remainingDuration), 0.25 * (1 - 0.379704), 1e-6)
  }

  // Animator tracking with the default completion curve 7: a critically damped spring fitted
  // to D·(1 − p)/s.
  @Test func trackingWithSystemSpring() throws {
    var t = try PercentDrivenTransition(mechanism: .animatorTracking, timing: .cubic(.linear, duration: 0.35))
    t.update(0.6, at: 0)
    t.finish(at: 0.1)
    expectClose(try #require(t.remainingDuration), 0.35 * 0.4, 1e-9)
    #expect(t.progress(at: 1) == 1)
  }

  // T4: layer timing frozen at timeOffset p·D shows the animation's curve at p, then runs on at
  // speed −1 when cancelled: the remaining layer time D·p.
  @Test func layerTimingScrubAndCancel() throws {
    var t = try PercentDrivenTransition(mechanism: .layerTiming, timing: .cubic(.easeInEaseOut, duration: 0.5))
    t.update(0.4, at: 0.1)
    expectClose(t.progress(at: 0.15), CubicBezier.easeInEaseOut.progress(at: 0.4), 1e-12)
    t.cancel(at: 0.2)
    expectClose(try #require(t.remainingDuration), 0.2, 1e-12)
    expectClose(t.progress(at: 0.3), CubicBezier.easeInEaseOut.progress(at: 0.2), 1e-12)
    #expect(t.progress(at: 0.5) == 0)
  }

  @Test func nonPositiveSpeedReadsAsOne() throws {
    let t = try PercentDrivenTransition(mechanism: .layerTiming, timing: .cubic(.linear, duration: 1), completionSpeed: -3)
    #expect(t.completionSpeed == 1)
  }
}

@Suite struct LayerClockTests {
  @Test func scrubThenResume() throws {
    var c = try LayerClock.frozen(duration: 1)
    c.scrub(to: 0.3, at: 0.5)
    #expect(c.localTime(at: 0.7) == 0.3)
    c.resume(speed: 1, at: 1)
    expectClose(c.localTime(at: 1.2), 0.5, 1e-12)
    expectClose(try #require(c.endTime), 1.7, 1e-12)
    #expect(c.localTime(at: 5) == 1)
    c.resume(speed: -1, at: 1.2)
    expectClose(c.localTime(at: 1.4), 0.3, 1e-12)
    #expect(c.localTime(at: 3) == 0)
    #expect(c.speed(at: 3) == 0)
  }
}
