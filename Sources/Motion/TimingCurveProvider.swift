/// What `continueAnimation(withTimingParameters:durationFactor:)` and a percent-driven
/// transition's `completionCurve` take: a cubic curve (`UICubicTimingParameters`) or a spring
/// given by its damping ratio and initial velocity (`UISpringTimingParameters(dampingRatio:
/// initialVelocity:)`). A continued spring is always re-fitted with UIKit's duration solver to
/// the remaining time, so only ζ and the velocity matter (motion-model §5).
public enum TimingCurveProvider: Hashable, Sendable {
  case cubic(CubicBezier)
  /// `dampingRatio` as given (UIKit clamps it to [FLT_EPSILON, 1]); `initialVelocity` in
  /// fractions of the *remaining* distance per second.
  case spring(dampingRatio: Double, initialVelocity: Double)

  /// UIKit's private curve 7 (the default `completionCurve` of
  /// `UIPercentDrivenInteractiveTransition`): the system spring (3, 1000, 500), ζ ≈ 4.56,
  /// which the duration fit clamps to critical damping.
  public static let systemSpring = TimingCurveProvider.spring(
    dampingRatio: Spring.system.dampingRatio, initialVelocity: 0)

  /// `UIView.AnimationCurve` raw values 0...3 and 7 (4 and 5 are the private cubic curves).
  public static func animationCurve(_ raw: Int) -> TimingCurveProvider? {
    switch raw {
    case 0: return .cubic(.easeInEaseOut)
    case 1: return .cubic(.easeIn)
    case 2: return .cubic(.easeOut)
    case 3: return .cubic(.linear)
    case 4: return .cubic(CubicBezier(unchecked: 0.66, 0, 0.33, 1))
    case 5: return .cubic(.default)
    case 7: return .systemSpring
    default: return nil
    }
  }

  /// The provider a resolved timing was made from (cubic curve, or the spring's ratio and v0).
  public init(_ timing: Timing) {
    switch timing.curve {
    case .cubic(let c): self = .cubic(c)
    case .spring(let s): self = .spring(dampingRatio: s.dampingRatio, initialVelocity: s.initialVelocity)
    }
  }
}
