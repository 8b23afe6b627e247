/// A motion parameter that cannot describe an animation.
///
/// Motion validates what a caller passes in (the Scene module turns these into
/// `file:line:column` diagnostics); it never traps on user input.
public enum MotionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `name` must satisfy `requirement` (for example "> 0"), but was `value`.
  case invalidParameter(name: String, value: Double, requirement: String)
  /// An undamped spring (damping 0) oscillates forever, so it has no settling duration.
  /// Give it an explicit duration or some damping.
  case neverSettles(stiffness: Double, mass: Double)
  /// Touch point number `index` (0-based, in script order) of a gesture script is invalid.
  case invalidGesture(index: Int, reason: String)

  public var description: String {
    switch self {
    case .invalidParameter(let name, let value, let requirement):
      return "\(name) must be \(requirement) (got \(formatted(value)))"
    case .neverSettles:
      return "a spring with damping 0 never settles: give it damping > 0 or use a duration-based spring"
    case .invalidGesture(let index, let reason):
      return "gesture point \(index + 1): \(reason)"
    }
  }
}

/// Shortest decimal text for a Double (no trailing ".0" for integers).
func formatted(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
  return "\(value)"
}

/// Throws `invalidParameter` unless `value` is finite and `test` holds.
func require(
  _ name: String, _ value: Double, _ requirement: String, _ test: (Double) -> Bool
) throws(MotionError) {
  guard value.isFinite, test(value) else {
    throw .invalidParameter(name: name, value: value, requirement: requirement)
  }
}
