import Motion
import Scene
import Stage

/// The timing a recording is fitted with: the scene's own, with its free parameters replaced
/// and the transition simulated again by Stage (so a drag, a release rule and the velocity
/// hand-off stay exactly the spec's). A spring is fitted as dampingRatio and response
/// (SwiftUI's `Spring(response:dampingRatio:)`, the same oscillator as UIKit's duration spring);
/// a cubic curve is fitted as its control points (x1, y1, x2, y2) and its duration.
public struct TimingModel: Sendable {
  public enum Kind: Hashable, Sendable {
    case spring
    case curve(TimingSpec.Curve)
  }

  public let kind: Kind
  /// The timing the spec runs after the (last) release, or the transition's own timing.
  public let written: TimingSpec
  /// The written spring as Motion resolves it (with the release's initial velocity).
  public let writtenSpring: Spring?
  let document: SceneDocument
  let matchedEnds: [Simulation.MatchedEnds]
  let scrollOffset: Double?

  public init(clip: Clip) throws(MatchError) {
    document = clip.document
    let simulation = clip.timeline.simulation
    matchedEnds = simulation.matchedEnds
    scrollOffset = simulation.scrollView?.offset
    let transition = document.transition
    var timing = transition.timing
    var velocity = 0.0
    if let interaction = transition.interaction {
      let decision = simulation.events.last { $0.kind.decision != nil }?.kind.decision
      let completes = decision.map { $0.outcome == .complete } ?? true
      if let v = decision?.initialVelocity { velocity = v }
      if case .timing(let t, let handOff) = completes ? interaction.complete : interaction.cancel {
        timing = t
        if handOff == .none { velocity = t.kind.writtenVelocity }
      }
    } else {
      velocity = timing.kind.writtenVelocity
    }
    written = timing
    switch timing.kind {
    case .spring(let s):
      kind = .spring
      writtenSpring = try? s.parameters.spring(initialVelocity: velocity)
    case .curve(let c, _):
      kind = .curve(c)
      writtenSpring = nil
    }
  }

  /// Names and starting values of the fitted parameters (after them, the time shift).
  public var parameterNames: [String] {
    switch kind {
    case .spring: return ["dampingRatio", "response"]
    case .curve: return ["x1", "y1", "x2", "y2", "duration"]
    }
  }

  /// Whether the parameter `name` is in seconds (the others are ratios: a damping ratio, a
  /// control point's coordinate).
  public static func isSeconds(_ name: String) -> Bool { name == "response" || name == "duration" }

  /// The written timing's values of `parameterNames`.
  public var writtenParameters: [Double] {
    switch written.kind {
    case .curve(let c, let d):
      let p = c.controlPoints
      return [p.x1, p.y1, p.x2, p.y2, d]
    case .spring:
      guard let s = writtenSpring else { return [1, 0.5] }
      return [s.effectiveDampingRatio, s.response]
    }
  }

  /// The transition with `parameters` in place of the written timing's.
  func transition(_ parameters: [Double]) -> Transition {
    var t = document.transition
    func replaced(_ spec: TimingSpec) -> TimingSpec {
      var copy = spec
      switch (kind, spec.kind) {
      case (.spring, .spring(let s)):
        copy.kind = .spring(.response(response: parameters[1], dampingFraction: parameters[0], initialVelocity: s.initialVelocity))
      case (.curve, .curve):
        copy.kind = .curve(.controlPoints(parameters[0], parameters[1], parameters[2], parameters[3]), duration: parameters[4])
      default: break
      }
      return copy
    }
    if var interaction = t.interaction {
      if case .timing(let s, let h) = interaction.complete { interaction.complete = .timing(replaced(s), handOffVelocity: h) }
      if case .timing(let s, let h) = interaction.cancel { interaction.cancel = .timing(replaced(s), handOffVelocity: h) }
      t.interaction = interaction
    }
    t.timing = replaced(t.timing)
    return t
  }

  /// The transition's progress at each of `times` (seconds of the spec's clock) with
  /// `parameters`, or nil when they make no valid timing.
  public func progress(_ parameters: [Double], at times: [Double]) -> [Double]? {
    guard parameters.allSatisfy(\.isFinite) else { return nil }
    switch kind {
    case .spring: guard parameters.allSatisfy({ $0 > 0 }) else { return nil }
    case .curve:
      // Core Animation's control points: x1 and x2 in 0...1.
      guard (0...1).contains(parameters[0]), (0...1).contains(parameters[2]), parameters[4] > 0 else { return nil }
    }
    guard let simulation = try? Simulation(
      transition: transition(parameters), hold: document.hold, matchedEnds: matchedEnds, scrollOffset: scrollOffset)
    else { return nil }
    return times.map { simulation.moment(at: $0).progress }
  }
}

extension TimingSpec.Kind {
  /// The initial velocity written on a spring (0 for a curve).
  var writtenVelocity: Double {
    if case .spring(let s) = self { return s.initialVelocity }
    return 0
  }
}
