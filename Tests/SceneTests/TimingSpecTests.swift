import Testing
@testable import Scene

@Suite struct TimingSpecTests {
  @Test func uikitSpring() throws {
    let spec = try TimingSpec.parse("spring: {duration: 0.44, dampingRatio: 0.82}")
    #expect(spec.kind == .spring(.uikit(duration: 0.44, dampingRatio: 0.82, initialVelocity: 0)))
    #expect(spec.delay == 0)
  }

  @Test func namedCurveWithoutBraces() throws {
    let spec = try TimingSpec.parse("curve: easeIn, duration: 0.32")
    #expect(spec.kind == .curve(.easeIn, duration: 0.32))
    #expect(spec.kind == .curve(.easeIn, duration: 0.32))
    if case .curve(let c, _) = spec.kind { #expect(c.controlPoints == (0.42, 0, 1, 1)) }
  }

  @Test func controlPointsAndDelay() throws {
    let spec = try TimingSpec.parse("{curve: [0.25, 0.1, 0.25, 1], duration: 0.5, delay: 0.1}")
    #expect(spec.kind == .curve(.controlPoints(0.25, 0.1, 0.25, 1), duration: 0.5))
    #expect(spec.delay == 0.1)
  }

  @Test func otherSpringForms() throws {
    #expect(try TimingSpec.parse("spring: {mass: 3, stiffness: 1000, damping: 500}").kind
      == .spring(.physical(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0)))
    #expect(try TimingSpec.parse("spring: {response: 0.55, dampingFraction: 0.825}").kind
      == .spring(.response(response: 0.55, dampingFraction: 0.825, initialVelocity: 0)))
    #expect(try TimingSpec.parse("spring: {duration: 0.5, bounce: 0.2, initialVelocity: 2}").kind
      == .spring(.bounce(duration: 0.5, bounce: 0.2, initialVelocity: 2)))
    #expect(try TimingSpec.parse("spring:\n  duration: 0.5\n  dampingRatio: 1\n").kind
      == .spring(.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0)))
  }

  @Test func velocityHandOff() throws {
    let spec = try TimingSpec.parse("spring: {duration: 0.5, dampingRatio: 1}").withInitialVelocity(2)
    #expect(spec.kind == .spring(.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 2)))
  }

  private func errorText(_ text: String) -> String {
    do {
      _ = try TimingSpec.parse(text, name: "arg")
      return "parsed"
    } catch {
      return error.description
    }
  }

  @Test func negativeDampingRatio() {
    #expect(errorText("spring: {duration: 0.44, dampingRatio: -0.2}") == """
      arg:1:40: error: dampingRatio must be in 0.01...100 (got -0.2)
      spring: {duration: 0.44, dampingRatio: -0.2}
                                             ^

      """)
  }

  @Test func misspeltKeyAndCurve() {
    #expect(errorText("curve: easeInn, durration: 0.3") == """
      arg:1:1: error: timing needs 'duration'
      curve: easeInn, durration: 0.3
      ^
      arg:1:8: error: 'easeInn' is not a valid curve; use one of linear, easeIn, easeOut, easeInEaseOut, default, [x1, y1, x2, y2]
      curve: easeInn, durration: 0.3
             ^
      note: did you mean 'easeIn'?
      arg:1:17: error: unknown key 'durration' in timing
      curve: easeInn, durration: 0.3
                      ^
      note: did you mean 'duration'?

      """)
  }

  @Test func mixedSpringForms() {
    #expect(errorText("spring: {duration: 1, dampingRatio: 1, stiffness: 100}") == """
      arg:1:40: error: spring cannot have both 'dampingRatio' and 'stiffness'
      spring: {duration: 1, dampingRatio: 1, stiffness: 100}
                                             ^
      note: a spring is one of {duration, dampingRatio} (UIKit), {duration, bounce} (iOS 17), {response, dampingFraction} (SwiftUI) or {mass, stiffness, damping} (Core Animation), each with an optional initialVelocity

      """)
  }

  @Test func missingDurationAndNaN() {
    #expect(errorText("curve: linear") == """
      arg:1:1: error: timing needs 'duration'
      curve: linear
      ^

      """)
    #expect(errorText("spring: {duration: .nan, dampingRatio: 1}") == """
      arg:1:20: error: duration must be a finite number (got .nan)
      spring: {duration: .nan, dampingRatio: 1}
                         ^

      """)
  }

  @Test func syntaxError() {
    #expect(errorText("spring: {duration: 1") == """
      arg:1:21: error: YAML syntax: while parsing a flow mapping (line 1): did not find expected ',' or '}'
      spring: {duration: 1
                          ^

      """)
  }
}
