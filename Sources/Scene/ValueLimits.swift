/// The ranges every number in a scene must fall in. They are far wider than any real iOS
/// screen needs (a phone is about 400 x 900 pt, a spring settles in about a second), and
/// narrow enough that no accepted number overflows or underflows the arithmetic downstream
/// (a spring duration of 1e-300 s would make its stiffness infinite). docs/scene-format.md
/// lists each key's range.
extension SceneLimits {
  /// Largest magnitude of a coordinate in points: positions, translations, frame origins,
  /// offsets, gesture points, release thresholds on translation.
  public static let maxCoordinate = 100_000.0
  /// Largest length in points: widths, heights, corner and mask radii, border widths,
  /// progress distances.
  public static let maxLength = 100_000.0
  /// Smallest progress distance in points (p = translation / distance).
  public static let minDistance = 0.01
  /// Largest magnitude of a scale factor (a transform's scale, a follow's scale).
  public static let maxScale = 1_000.0
  /// Smallest follow scale (it must stay positive).
  public static let minFollowScale = 0.001
  /// Largest magnitude of a rotation in degrees (100 turns).
  public static let maxRotation = 36_000.0
  /// Largest magnitude of a unit coordinate (anchor points, gradient ends; 0...1 spans the bounds).
  public static let maxUnitCoordinate = 100.0
  /// Shortest timing duration or spring response in seconds (1 ms).
  public static let minTimingDuration = 0.001
  /// Largest magnitude of a finger velocity threshold in points per second.
  public static let maxVelocity = 100_000.0
  /// Largest magnitude of a progress value in a clamp or a release condition (p = 1 is the
  /// whole distance).
  public static let maxProgress = 100.0
  /// Largest magnitude of a spring's initial velocity, in fractions of the distance per second.
  public static let maxInitialVelocity = 1_000.0
  /// Spring parameters (CASpringAnimation's units: mass, stiffness in N/m-like units, damping).
  public static let massRange = 0.001...1_000.0
  public static let stiffnessRange = 0.001...1_000_000.0
  /// Largest damping; it must be above 0 (an undamped spring never settles).
  public static let maxDamping = 1_000_000.0
  /// dampingRatio and dampingFraction (1 is critically damped).
  public static let dampingRatioRange = 0.01...100.0
  /// Largest font size in points.
  public static let maxFontSize = 1_000.0
  /// Largest magnitude of a label's letter spacing in points.
  public static let maxLetterSpacing = 1_000.0
  /// Largest line height multiple of a label.
  public static let maxLineHeightMultiple = 100.0
  /// Largest shadow radius in points.
  public static let maxShadowRadius = 1_000.0
  /// Longest text, in UTF-8 bytes, read as a number or a layout expression (`width - 32`).
  public static let maxNumberText = 1_000
}

/// What a number must satisfy, phrased for messages: "in 0...1", "> 0 and <= 1000".
/// Every requirement is bounded on both sides, so no key can accept an absurd number.
enum Requirement: Sendable, CustomStringConvertible {
  case range(ClosedRange<Double>)
  /// lower < x <= upper.
  case halfOpen(lower: Double, upper: Double)
  /// lower < x < upper.
  case open(lower: Double, upper: Double)

  func admits(_ x: Double) -> Bool {
    switch self {
    case .range(let r): r.contains(x)
    case .halfOpen(let lo, let hi): x > lo && x <= hi
    case .open(let lo, let hi): x > lo && x < hi
    }
  }

  var description: String {
    switch self {
    case .range(let r): "in \(formatNumber(r.lowerBound))...\(formatNumber(r.upperBound))"
    case .halfOpen(let lo, let hi): "> \(formatNumber(lo)) and <= \(formatNumber(hi))"
    case .open(let lo, let hi): "> \(formatNumber(lo)) and < \(formatNumber(hi))"
    }
  }

  static func symmetric(_ magnitude: Double) -> Requirement { .range(-magnitude...magnitude) }

  /// A coordinate in points (positions, translations, origins, offsets, gesture points).
  static let coordinate = symmetric(SceneLimits.maxCoordinate)
  /// A length in points (sizes, radii, border widths).
  static let length = Requirement.range(0...SceneLimits.maxLength)
  /// A progress distance in points.
  static let distance = Requirement.range(SceneLimits.minDistance...SceneLimits.maxLength)
  /// A transform's scale factor (0 and negative flips allowed).
  static let scale = symmetric(SceneLimits.maxScale)
  /// A follow's scale factor.
  static let followScale = Requirement.range(SceneLimits.minFollowScale...SceneLimits.maxScale)
  /// Degrees.
  static let rotation = symmetric(SceneLimits.maxRotation)
  /// Unit coordinates (anchor points, gradient ends).
  static let unitCoordinate = symmetric(SceneLimits.maxUnitCoordinate)
  /// Opacities, dimming, keyframe times, gradient locations.
  static let fraction = Requirement.range(0...1)
  /// A time in a clip, a delay or a hold, in seconds.
  static let time = Requirement.range(0...SceneLimits.maxDuration)
  /// A timing's duration or a spring's response, in seconds.
  static let duration = Requirement.range(SceneLimits.minTimingDuration...SceneLimits.maxDuration)
  /// A progress value (clamp bounds, release thresholds on progress).
  static let progress = symmetric(SceneLimits.maxProgress)
  /// A velocity in points per second.
  static let velocity = symmetric(SceneLimits.maxVelocity)
}
