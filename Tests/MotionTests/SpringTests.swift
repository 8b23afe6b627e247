import Foundation
import Testing
@testable import Motion

@Suite struct UIKitDurationSpringTests {
  // motion-model §9: D = 0.45, ζ = 0.75, v0 = 0.
  @Test func underdampedVector() throws {
    let s = try Spring(duration: 0.45, dampingRatio: 0.75)
    expectClose(s.naturalFrequency, 20.83974072, 1e-7)
    expectClose(s.stiffness, 434.294793, 1e-6)
    expectClose(s.damping, 31.259611, 1e-6)
    let expected: [(Double, Double)] = [
      (0.05, 0.316700126), (0.1, 0.726762750), (0.2, 1.022004653), (0.3, 1.013756550), (0.45 - 1e-12, 0.999201137),
    ]
    let timing = try SpringParameters.uikit(duration: 0.45, dampingRatio: 0.75).timing()
    for (t, y) in expected { expectClose(timing.progress(at: t), y, 1e-8, "t = \(t)") }
    #expect(timing.progress(at: 0.45) == 1)
    #expect(timing.velocity(at: 0.45) == 0)
  }

  // Closed form for v0 = 0, ζ < 1: ω = −ln(0.001·√(1−ζ²)/ζ) / (ζD).
  @Test(arguments: [(0.3, 0.2), (0.45, 0.75), (1.0, 0.5), (0.35, 0.9), (2.0, 0.1)])
  func closedFormOmega(duration: Double, zeta: Double) throws {
    let expected = -log(0.001 * (1 - zeta * zeta).squareRoot() / zeta) / (zeta * duration)
    let s = try Spring(duration: duration, dampingRatio: zeta)
    expectClose(s.naturalFrequency, expected, 1e-9 * expected)
  }

  // §9: D = 0.5, ζ = 1, v0 = 2.
  @Test func criticalWithVelocityVector() throws {
    let s = try Spring(duration: 0.5, dampingRatio: 1, initialVelocity: 2)
    expectClose(s.naturalFrequency, 18.236012941, 1e-8)
    expectClose(s.stiffness, 332.552168, 1e-6)
    expectClose(s.damping, 36.472026, 1e-6)
    let expected: [(Double, Double)] = [
      (0.05, 0.272018369), (0.1, 0.576437155), (0.2, 0.889301173), (0.3, 0.975296549), (0.4, 0.994908834),
      (0.5 - 1e-12, 0.999000000),
    ]
    for (t, y) in expected { expectClose(s.value(at: t), y, 1e-8, "t = \(t)") }
  }

  @Test func criticalVector() throws {
    let s = try Spring(duration: 0.5, dampingRatio: 1)
    expectClose(s.naturalFrequency, 18.466826953, 1e-8)
    expectClose(s.value(at: 0.1), 0.550908374, 1e-8)
    expectClose(s.value(at: 0.25), 0.944477184, 1e-8)
    expectClose(s.value(at: 0.4), 0.994805111, 1e-8)
  }

  // §2: CosynPa's measured root jump, ζ = 0.5, D = 2, v0 = 0.844 → ω = 1.6726.
  @Test func rootJumpMatchesIOS() {
    expectClose(UIKitSpringSolver.omega(duration: 2, dampingRatio: 0.5, initialVelocity: 0.844), 1.6726, 1e-4)
  }

  // §2: large-velocity regime, ζ = 0.75, D = 0.5: v0 = 5.6 → ω 17.24 and y(D) 0.9992;
  // v0 = 5.7 → ω 7.27 and y(D) 1.051 (a visible 5 % overshoot that snaps at D).
  @Test func largeVelocityRegime() throws {
    let a = try Spring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 5.6)
    expectClose(a.naturalFrequency, 17.24, 0.01)
    expectClose(a.value(at: 0.5), 0.9992, 1e-4)
    let b = try Spring(duration: 0.5, dampingRatio: 0.75, initialVelocity: 5.7)
    expectClose(b.naturalFrequency, 7.27, 0.01)
    expectClose(b.value(at: 0.5), 1.051, 1e-3)
  }

  // At t = D the critical equation residual is exactly ε for v0 = 0 (the fit's definition).
  @Test func criticalFitDefinition() throws {
    let s = try Spring(duration: 0.7, dampingRatio: 1)
    expectClose(1 - s.value(at: 0.7), 0.001, 1e-12)
  }

  @Test func rejectsBadParameters() {
    #expect(throws: MotionError.invalidParameter(name: "duration", value: 0, requirement: "> 0")) {
      try Spring(duration: 0, dampingRatio: 0.5)
    }
    #expect(throws: MotionError.self) { try Spring(duration: 0.5, dampingRatio: -1) }
    #expect(throws: MotionError.self) { try Spring(duration: .nan, dampingRatio: 1) }
    #expect(throws: MotionError.self) { try Spring(mass: 0, stiffness: 100, damping: 10) }
    #expect(throws: MotionError.self) { try Spring(mass: 1, stiffness: 100, damping: -1) }
  }

  // ζ above 1 is clamped to 1 by UIKit's fit.
  @Test func overdampedRatioClampsToCritical() throws {
    let a = try Spring(duration: 0.5, dampingRatio: 3)
    let b = try Spring(duration: 0.5, dampingRatio: 1)
    #expect(a == b)
  }

  // A huge velocity still gives finite values (the 1/D retry or the last finite iterate).
  @Test func hugeVelocityStaysFinite() throws {
    for v0 in [50.0, 1e3, 1e6, -1e6] {
      let s = try Spring(duration: 0.4, dampingRatio: 0.8, initialVelocity: v0)
      #expect(s.naturalFrequency.isFinite && s.naturalFrequency > 0, "v0 = \(v0)")
      for t in stride(from: 0.0, through: 0.4, by: 0.05) { #expect(s.value(at: t).isFinite) }
    }
  }
}

@Suite struct CoreAnimationSpringTests {
  // §9: CA spring (1, 100, 10).
  @Test func defaultSpringValues() throws {
    let s = try Spring(mass: 1, stiffness: 100, damping: 10)
    expectClose(s.value(at: 0.1), 0.340299847, 1e-8)
    expectClose(s.value(at: 0.25), 1.023359580, 1e-8)
    expectClose(s.value(at: 0.5), 1.074590567, 1e-8)
    expectClose(s.value(at: 1.0), 1.002170117, 1e-8)
  }

  // §3/§9: settlingDuration for mass 1, stiffness 100 (1.4727003346780927 printed by iOS).
  @Test(arguments: [(5.0, 2.854975), (10, 1.472700), (15, 1.022094), (20, 1.0), (30, 1.0)])
  func settlingDuration(damping: Double, seconds: Double) throws {
    let s = try Spring(mass: 1, stiffness: 100, damping: damping)
    expectClose(s.coreAnimationSettlingDuration(), seconds, 1e-6)
  }

  @Test func publishedSettlingDuration() throws {
    expectClose(try Spring(mass: 1, stiffness: 100, damping: 10).coreAnimationSettlingDuration(),
                1.4727003346780927, 1e-12)
  }

  // §9: the system spring (3, 1000, 500): UIKit 0.505824, CA walk 0.6, values clamp to critical.
  @Test func systemSpring() throws {
    let s = Spring.system
    expectClose(try s.uikitSettlingDuration(), 0.505824, 1e-6)
    expectClose(s.coreAnimationSettlingDuration(), 0.6, 1e-9)
    expectClose(s.dampingRatio, 4.564, 1e-3)
    let expected: [(Double, Double)] = [(0.1, 0.544778), (0.2, 0.879282), (0.35, 0.987599), (0.5, 0.998901)]
    for (t, y) in expected { expectClose(s.value(at: t), y, 1e-6) }
  }

  @Test func undampedSpringNeverSettles() throws {
    let s = try Spring(mass: 1, stiffness: 100, damping: 0)
    #expect(s.coreAnimationSettlingDuration() == .infinity)
    #expect(throws: MotionError.neverSettles(stiffness: 100, mass: 1)) { try s.uikitSettlingDuration() }
    #expect(throws: MotionError.self) {
      try SpringParameters.physical(mass: 1, stiffness: 100, damping: 0).timing()
    }
    // Pure cosine: y = 1 − cos(10 t).
    expectClose(s.value(at: 0.3), 1 - cos(3.0), 1e-12)
  }

  // Apple: damping 5 "approximately 2.85 s", damping 15 "just over 1 second".
  @Test func appleDocumentedSettling() throws {
    expectClose(try Spring(stiffness: 100, damping: 5).uikitSettlingDuration(), 2.85, 0.01)
    let d15 = try Spring(stiffness: 100, damping: 15).uikitSettlingDuration()
    #expect(d15 > 1 && d15 < 1.05)
  }
}

@Suite struct SpringClosedFormTests {
  // Closed forms vs. an RK4 integration in the test, per regime, with nonzero v0.
  @Test(arguments: [
    (1.0, 100.0, 6.0, 3.0, true), (1.0, 100.0, 20.0, -4.0, true), (2.0, 300.0, 90.0, 5.0, true),
    (1.0, 400.0, 8.0, 0.0, true), (1.0, 100.0, 20.0, 12.0, true), (1.0, 50.0, 40.0, 1.5, true),
  ])
  func matchesIntegration(mass: Double, stiffness: Double, damping: Double, v0: Double, over: Bool) throws {
    let s = try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0,
                       allowsOverdamping: over)
    for t in [0.02, 0.1, 0.25, 0.6, 1.3] {
      let y = integratedSpringProgress(mass: mass, stiffness: stiffness, damping: damping, v0: v0, at: t)
      expectClose(s.value(at: t), y, 1e-9, "t = \(t)")
      // Velocity: central difference of the integration.
      let h = 1e-5
      let dy = (integratedSpringProgress(mass: mass, stiffness: stiffness, damping: damping, v0: v0, at: t + h)
        - integratedSpringProgress(mass: mass, stiffness: stiffness, damping: damping, v0: v0, at: t - h)) / (2 * h)
      expectClose(s.velocity(at: t), dy, 1e-5 * max(1, abs(dy)), "v at t = \(t)")
    }
    #expect(s.value(at: 0) == 0)
    expectClose(s.velocity(at: 0), v0, 1e-12)
  }

  // Without allowsOverdamping, ζ > 1 evaluates the critical formula with the same ω0.
  @Test func clampsOverdamping() throws {
    let s = try Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 1)
    let w0 = 10.0
    for t in [0.05, 0.2, 0.5] { expectClose(s.value(at: t), 1 - (1 + (w0 - 1) * t) * exp(-w0 * t), 1e-12) }
  }

  @Test func beforeStartIsAtRest() throws {
    let s = try Spring(duration: 0.5, dampingRatio: 0.8, initialVelocity: 3)
    #expect(s.value(at: -1) == 0)
    #expect(s.velocity(at: -0.1) == 0)
  }
}

@Suite struct SpringConversionTests {
  // Apple's WWDC23 numbers: duration 0.5, bounce 0.3 → stiffness ≈ 157.9, damping ≈ 17.6.
  @Test func durationBounceToPhysical() throws {
    let s = try Spring(perceptualDuration: 0.5, bounce: 0.3)
    expectClose(s.stiffness, 157.9, 0.05)
    expectClose(s.damping, 17.6, 0.05)
    expectClose(s.stiffness, pow(4 * .pi, 2), 1e-9)  // (2π/0.5)²
    expectClose(s.damping, 2 * 0.7 * 4 * .pi, 1e-9)  // 2ζω
    expectClose(s.bounce, 0.3, 1e-12)
    expectClose(s.response, 0.5, 1e-12)
  }

  @Test func negativeBounceIsOverdamped() throws {
    let s = try Spring(perceptualDuration: 0.4, bounce: -0.5)
    expectClose(s.dampingRatio, 2, 1e-12)
    expectClose(s.bounce, -0.5, 1e-12)
    #expect(s.allowsOverdamping)
  }

  @Test func responseDampingFraction() throws {
    let s = try Spring(response: 0.35, dampingFraction: 0.86)
    expectClose(s.naturalFrequency, 2 * .pi / 0.35, 1e-12)
    expectClose(s.dampingRatio, 0.86, 1e-12)
    expectClose(s.response, 0.35, 1e-12)
  }

  // UIKit (D, ζ) → ω → back to D.
  @Test(arguments: [(0.45, 0.75, 0.0), (0.5, 1.0, 0.0), (0.37, 0.9, 1.2), (1.0, 0.3, -0.5), (0.5, 1.0, 2.0)])
  func uikitRoundTrip(duration: Double, zeta: Double, v0: Double) throws {
    let s = try Spring(duration: duration, dampingRatio: zeta, initialVelocity: v0)
    let back = try #require(s.uikitDuration)
    expectClose(back, duration, 1e-9)
  }

  @Test func bounceRejectsOutOfRange() {
    #expect(throws: MotionError.self) { try Spring(perceptualDuration: 0.5, bounce: -1) }
    #expect(throws: MotionError.self) { try Spring(perceptualDuration: 0.5, bounce: 1.5) }
  }
}
