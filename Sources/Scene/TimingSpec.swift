/// How an animation moves through time, as a scene writes it: a spring in one of the four
/// ways iOS code describes springs, or a cubic timing curve with a duration; either with an
/// optional delay. The Motion module turns a spec into a timing function
/// (`TimingSpec+Motion.swift`).
///
/// Written in YAML as, for example:
/// ```yaml
/// spring: {duration: 0.44, dampingRatio: 0.82}
/// curve: easeIn, duration: 0.32
/// curve: [0.25, 0.1, 0.25, 1], duration: 0.5, delay: 0.1
/// ```
public struct TimingSpec: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case spring(Spring)
    /// A cubic timing curve run over `duration` seconds (> 0).
    case curve(Curve, duration: Double)
  }

  /// A spring. Every form takes `initialVelocity` in units of the animated distance per
  /// second (UIKit's convention: 600 pt/s with 300 pt to go is 2.0); 0 when not given.
  public enum Spring: Hashable, Sendable {
    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:) and
    /// UIViewPropertyAnimator(duration:dampingRatio:): `duration` > 0 s, `dampingRatio` > 0
    /// (1 is critically damped, below 1 overshoots).
    case uikit(duration: Double, dampingRatio: Double, initialVelocity: Double)
    /// CASpringAnimation: `mass` > 0, `stiffness` > 0, `damping` >= 0; runs until settled.
    case physical(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
    /// SwiftUI .spring(response:dampingFraction:): `response` > 0 s is the period of the
    /// undamped oscillation; `dampingFraction` > 0 as `dampingRatio`.
    case response(response: Double, dampingFraction: Double, initialVelocity: Double)
    /// SwiftUI .spring(duration:bounce:): `duration` > 0 s is the perceptual duration;
    /// `bounce` in -1...1 (0 critically damped, > 0 bouncy, < 0 overdamped).
    case bounce(duration: Double, bounce: Double, initialVelocity: Double)
  }

  /// A cubic Bézier timing curve from (0, 0) to (1, 1).
  public enum Curve: Hashable, Sendable {
    case linear
    /// Core Animation's easeIn: (0.42, 0, 1, 1).
    case easeIn
    /// (0, 0, 0.58, 1).
    case easeOut
    /// (0.42, 0, 0.58, 1).
    case easeInEaseOut
    /// kCAMediaTimingFunctionDefault: (0.25, 0.1, 0.25, 1).
    case `default`
    /// Control points (x1, y1, x2, y2); x1 and x2 in 0...1.
    case controlPoints(Double, Double, Double, Double)

    /// The curve's two inner control points, for every case.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
      switch self {
      case .linear: (0, 0, 1, 1)
      case .easeIn: (0.42, 0, 1, 1)
      case .easeOut: (0, 0, 0.58, 1)
      case .easeInEaseOut: (0.42, 0, 0.58, 1)
      case .default: (0.25, 0.1, 0.25, 1)
      case .controlPoints(let a, let b, let c, let d): (a, b, c, d)
      }
    }

    /// The names a scene may use.
    public static let names: [String: Curve] = [
      "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
      "easeInEaseOut": .easeInEaseOut, "easeInOut": .easeInEaseOut, "default": .default,
    ]
  }

  public var kind: Kind
  /// Seconds before the animation starts (>= 0).
  public var delay: Double
  /// Where the timing was written, when it came from a file.
  public var location: SourceLocation?

  public init(_ kind: Kind, delay: Double = 0, location: SourceLocation? = nil) {
    self.kind = kind
    self.delay = delay
    self.location = location
  }

  /// A UIKit spring by duration and damping ratio.
  public static func spring(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) -> TimingSpec {
    TimingSpec(.spring(.uikit(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)))
  }

  /// A cubic curve over `duration` seconds.
  public static func curve(_ curve: Curve, duration: Double) -> TimingSpec {
    TimingSpec(.curve(curve, duration: duration))
  }

  /// The same timing with its spring's initial velocity replaced (curves are unchanged),
  /// for handing a finger's velocity over to the settle animation.
  public func withInitialVelocity(_ v: Double) -> TimingSpec {
    var copy = self
    if case .spring(let s) = kind {
      switch s {
      case .uikit(let d, let z, _): copy.kind = .spring(.uikit(duration: d, dampingRatio: z, initialVelocity: v))
      case .physical(let m, let k, let c, _): copy.kind = .spring(.physical(mass: m, stiffness: k, damping: c, initialVelocity: v))
      case .response(let r, let f, _): copy.kind = .spring(.response(response: r, dampingFraction: f, initialVelocity: v))
      case .bounce(let d, let b, _): copy.kind = .spring(.bounce(duration: d, bounce: b, initialVelocity: v))
      }
    }
    return copy
  }

  // Hashing and equality ignore where the timing was written.
  public static func == (a: TimingSpec, b: TimingSpec) -> Bool { a.kind == b.kind && a.delay == b.delay }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(delay)
  }
}
