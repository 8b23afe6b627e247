/// The status bar across a transition. Its content belongs to the window (it never moves
/// with a screen, see `SceneView.windowLevel`); when the two screens want different status
/// bars (a dark one over the grid, a light one over a sheet's black backdrop), UIKit fades
/// from one to the other inside the transition's animation, so in a timed transition the
/// fade follows `p`: the `from` screen's content fades out while the `to` screen's fades in.
/// In an interactive one the tracks are marked `windowStatusBar` and Stage runs them on
/// UIKit's clock instead (a short crossfade when the pan begins; docs/scene-format.md,
/// "Status bar"). Identical status bars are drawn once and get no tracks.
struct StatusBarTransition {
  var tracks: [Track] = []

  init(from: String, to: String, screens: [Screen], location: SourceLocation?) {
    guard let a = screens.first(where: { $0.name == from }), let b = screens.first(where: { $0.name == to }),
          let aPath = Self.content(in: a.view), let bPath = Self.content(in: b.view),
          let aView = a.view.descendant(at: aPath), let bView = b.view.descendant(at: bPath)
    else { return }
    guard aView.withoutSourceDetails != bView.withoutSourceDetails else { return }
    func fade(_ screen: String, _ path: [Int], _ from: Double, _ to: Double) -> Track {
      var track = Track(
        target: ViewPath(text: "\(screen).statusBar.content", screen: screen, indices: path, location: location),
        property: .opacity, keyframes: [Keyframe(at: 0, value: .number(from)), Keyframe(at: 1, value: .number(to))],
        location: location)
      track.windowStatusBar = true
      return track
    }
    tracks = [fade(from, aPath, 1, 0), fade(to, bPath, 0, 1)]
  }

  /// The path of the first status bar content, depth first.
  static func content(in view: SceneView, _ path: [Int] = []) -> [Int]? {
    if view.role == .statusBarContent { return path }
    for (i, s) in view.subviews.enumerated() {
      if let found = content(in: s, path + [i]) { return found }
    }
    return nil
  }
}

extension SceneView {
  /// The view without ids and source locations: what it draws.
  var withoutSourceDetails: SceneView {
    var v = self
    v.id = nil
    v.location = nil
    v.subviews = subviews.map(\.withoutSourceDetails)
    return v
  }
}
