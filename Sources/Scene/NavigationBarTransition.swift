/// UINavigationBar's own animation during a push or a pop, as tracks on the two screens'
/// built-in navigation bars. UIKit has one bar for the whole stack, so its items never
/// cross-fade in place: on a push the old title slides to where the new back button's label
/// sits and fades out as that label fades in over it (the title "becomes" the back button),
/// the new title slides in from the right while fading in, and the back chevron fades in
/// where it stays. A pop plays the same tracks backwards, driven by the same progress `p`
/// (so an interactive pop scrubs them with the finger).
///
/// The titles and back buttons of both bars become window-level (`SceneView.windowLevel`):
/// drawn above both screens, so a screen that fades or slides does not take its bar's items
/// with it. The bars' backgrounds stay in their screens.
///
/// Applies when both screens hold a built-in `navigationBar` with a small (centred) title;
/// large-title bars keep their items in their screens.
struct NavigationBarTransition {
  /// Written for the forward direction (push) and already reversed for a pop.
  var tracks: [Track] = []

  /// How far the incoming title starts to the right of its place, as a fraction of the
  /// bar's width (it starts centred on the bar's trailing edge).
  static let incomingTitleOffset = 0.5
  /// How far an outgoing back button's label moves to the left, as a fraction of the width.
  static let outgoingBackOffset = 1.0 / 3

  /// The parts of one screen's bar: index paths from the screen's root view.
  private struct Bar {
    var screen: String
    var bar: [Int]
    var title: [Int]
    var backButton: [Int]?
    var backLabel: [Int]?
    var chevrons: [[Int]] = []
  }

  init?(kind: Transition.Kind, from: String, to: String, screens: inout [Screen], location: SourceLocation?) {
    guard kind == .push || kind == .pop else { return nil }
    let reversed = kind == .pop
    let aName = reversed ? to : from, bName = reversed ? from : to
    guard let ai = screens.firstIndex(where: { $0.name == aName }), let bi = screens.firstIndex(where: { $0.name == bName }),
          let a = Self.bar(in: screens[ai]), let b = Self.bar(in: screens[bi])
    else { return nil }

    for (i, bar) in [(ai, a), (bi, b)] {
      for path in [bar.title] + (bar.backButton.map { [$0] } ?? []) {
        screens[i].view.modifyDescendant(at: path) { $0.windowLevel = .navigationItems }
      }
    }
    let aRoot = screens[ai].view, bRoot = screens[bi].view
    func view(_ root: SceneView, _ path: [Int]) -> SceneView { root.descendant(at: path)! }
    func path(_ bar: Bar, _ indices: [Int], _ name: String) -> ViewPath {
      ViewPath(text: "\(bar.screen).\(name)", screen: bar.screen, indices: indices, location: location)
    }
    func track(_ p: ViewPath, _ property: AnimatedProperty, _ from: Double, _ to: Double) -> Track {
      Track(target: p, property: property, keyframes: [Keyframe(at: 0, value: .number(from)), Keyframe(at: 1, value: .number(to))], location: location)
    }

    let aBar = view(aRoot, a.bar), aTitle = view(aRoot, a.title)
    let width = aBar.bounds.width
    // Where the old title's text starts (bar space): centred in its label's frame.
    guard case .text(let aText)? = aTitle.content else { return nil }
    let titleWidth = InterAdvances.width(of: aText.string, fontSize: aText.fontSize, weight: aText.weight)
    let titleLeft = aTitle.frame.midX - titleWidth / 2
    // Where the new back button's label starts (bar space).
    var backLeft = BuiltInComponent.backLabelX
    if let button = b.backButton, let label = b.backLabel {
      backLeft = view(bRoot, button).frame.minX + view(bRoot, label).frame.minX
    }
    let dx = backLeft - titleLeft

    tracks.append(track(path(a, a.title, "title"), .translationX, 0, dx))
    tracks.append(track(path(a, a.title, "title"), .opacity, 1, 0))
    if let label = b.backLabel {
      tracks.append(track(path(b, label, "back.label"), .translationX, -dx, 0))
      tracks.append(track(path(b, label, "back.label"), .opacity, 0, 1))
    }
    tracks.append(track(path(b, b.title, "title"), .translationX, width * Self.incomingTitleOffset, 0))
    tracks.append(track(path(b, b.title, "title"), .opacity, 0, 1))
    if let label = a.backLabel {
      tracks.append(track(path(a, label, "back.label"), .translationX, 0, -width * Self.outgoingBackOffset))
      tracks.append(track(path(a, label, "back.label"), .opacity, 1, 0))
    }
    // A chevron on only one side fades; on both it stays (the same pixels either way).
    if a.chevrons.isEmpty != b.chevrons.isEmpty {
      for c in a.chevrons { tracks.append(track(path(a, c, "back.chevron"), .opacity, 1, 0)) }
      for c in b.chevrons { tracks.append(track(path(b, c, "back.chevron"), .opacity, 0, 1)) }
    }
    if reversed { tracks = tracks.map(\.reversed) }
  }

  /// The first built-in navigation bar with a small title, depth first.
  private static func bar(in screen: Screen) -> Bar? {
    func find(_ v: SceneView, _ path: [Int]) -> [Int]? {
      if v.role == .navigationBar { return path }
      for (i, s) in v.subviews.enumerated() {
        if let found = find(s, path + [i]) { return found }
      }
      return nil
    }
    guard let barPath = find(screen.view, []), let bar = screen.view.descendant(at: barPath) else { return nil }
    var result: Bar?
    var backButton: [Int]?, backLabel: [Int]?, chevrons: [[Int]] = []
    for (i, item) in bar.subviews.enumerated() {
      switch item.role {
      case .largeTitle?: return nil
      case .navigationTitle?: result = Bar(screen: screen.name, bar: barPath, title: barPath + [i])
      case .backButton?:
        backButton = barPath + [i]
        for (j, part) in item.subviews.enumerated() {
          if part.role == .backLabel { backLabel = barPath + [i, j] }
          if part.role == .backChevron { chevrons.append(barPath + [i, j]) }
        }
      default: break
      }
    }
    result?.backButton = backButton
    result?.backLabel = backLabel
    result?.chevrons = chevrons
    return result
  }
}
