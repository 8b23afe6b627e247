/// The notes under a spring that mixes keys of two of its forms (`response` with
/// `dampingRatio`, ...): the key that was probably meant, then the four forms.
enum SpringFormNotes {
  /// The four forms a scene writes a spring in (docs/scene-format.md, "Timing").
  static let forms =
    "a spring is one of {duration, dampingRatio} (UIKit), {duration, bounce} (iOS 17), {response, dampingFraction} (SwiftUI) or {mass, stiffness, damping} (Core Animation), each with an optional initialVelocity"

  /// The notes for a spring that has both `keys`.
  static func notes(conflicting keys: [String]) -> [String] {
    let pair = Set(keys)
    var notes: [String] = []
    switch pair {
    case ["response", "dampingRatio"]:
      notes.append("did you mean 'dampingFraction'? with 'response' (SwiftUI's spring(response:dampingFraction:)) the damping ratio is called dampingFraction; the number is the same")
    case ["duration", "dampingFraction"]:
      notes.append("did you mean 'dampingRatio'? with 'duration' (UIKit's spring) the damping fraction is called dampingRatio; the number is the same")
    case ["response", "duration"]:
      notes.append("keep one: 'response' is SwiftUI's period of the undamped oscillation; 'duration' is UIKit's (with dampingRatio) or iOS 17's perceptual duration (with bounce)")
    case ["bounce", "dampingRatio"]:
      notes.append("keep one: both set the damping (dampingRatio = 1 - bounce for a bounce of 0 or more)")
    default:
      if pair.contains("duration"), !pair.isDisjoint(with: ["mass", "stiffness", "damping"]) {
        notes.append("drop 'duration': a mass/stiffness/damping spring runs until it settles, as CASpringAnimation does")
      }
    }
    return notes + [forms]
  }
}
