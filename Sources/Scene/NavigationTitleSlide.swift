import Geometry

/// The part of UINavigationBar's push animation that depends on a text's width: the old
/// title slides onto the new back button's label (which slides in from where the title's
/// text started). Scene does not measure text (only the Text module does, and Scene does not
/// import it), so it records what the tracks need and Stage measures the title with the Text
/// module when it builds the clip (`tracks(titleWidth:)`). With a large title on A there is no
/// title of A's to move: the text is B's back label's own, centred on the bar (`title` nil).
/// Rules: docs/scene-format.md, "Window chrome".
public struct NavigationTitleSlide: Hashable, Sendable {
  /// The old (A) title's text, as drawn (B's back label's, when A has a large title).
  public var text: SceneView.Text
  /// The A title label's horizontal centre (bar space, points): the text is centred on it.
  public var titleCentre: Double
  /// Where B's back button label starts (bar space, points).
  public var backLeft: Double
  /// The views that slide; nil where the scene declares its own `translation.x` track on the
  /// view (a scene's own track replaces the generated one).
  public var title: ViewPath?
  public var backLabel: ViewPath?
  /// A pop: the tracks run backwards.
  public var reversed: Bool
  public var location: SourceLocation?

  /// d = backLeft − (titleCentre − width / 2): A's title moves 0 → d and B's back label −d → 0
  /// (written for a push; reversed for a pop).
  public func tracks(titleWidth: Double) -> [Track] {
    let dx = backLeft - (titleCentre - titleWidth / 2)
    func track(_ p: ViewPath, _ from: Double, _ to: Double) -> Track {
      Track(target: p, property: .translationX, keyframes: [Keyframe(at: 0, value: .number(from)), Keyframe(at: 1, value: .number(to))], location: location)
    }
    var out: [Track] = []
    if let title { out.append(track(title, 0, dx)) }
    if let backLabel { out.append(track(backLabel, -dx, 0)) }
    return reversed ? out.map(\.reversed) : out
  }
}
