import Geometry

/// UINavigationBar's own animation during a push or a pop. A navigation controller has one
/// bar for its whole stack: it stays in place while the pages slide under it, and only its
/// items animate. Flipbook models this with both screens' bars made window-level
/// (`SceneView.windowLevel`, drawn above both screens): the lower screen's bar stays opaque,
/// the upper screen's bar fades in over it with `p` (the same pixels when the bars look
/// alike), and a bar whose height changes (a large title on one side) grows or shrinks with
/// `p`. The status bars' backgrounds go with them.
///
/// Items: on a push between two small-title bars the old title slides to where the new back
/// button's label sits and fades out as that label fades in over it (the title "becomes"
/// the back button), the new title slides in from the right while fading in, and the back
/// chevron fades in where it stays. A large title moves with its page (it copies its screen's
/// horizontal translation tracks), whole, above both bars. A pop plays the same tracks backwards,
/// driven by the same progress `p` (so an interactive pop scrubs them with the finger).
/// Rules and numbers: docs/scene-format.md, "Window chrome".
struct NavigationBarTransition {
  /// Written for the forward direction (push) and already reversed for a pop.
  var tracks: [Track] = []
  /// The title-onto-back-label slide, measured by Stage (two small titles only).
  var titleSlide: NavigationTitleSlide?

  /// How far the incoming title starts to the right of its place, as a fraction of the
  /// bar's width (it starts centred on the bar's trailing edge).
  static let incomingTitleOffset = 0.5
  /// How far an outgoing back button's label moves to the left, as a fraction of the width.
  static let outgoingBackOffset = 1.0 / 3

  /// The parts of one screen's bar: index paths from the screen's root view.
  private struct Bar {
    var screen: String
    var bar: [Int]
    var statusBar: [Int]?
    var title: [Int]?
    var largeTitle: [Int]?
    var backButton: [Int]?
    var backLabel: [Int]?
    var chevrons: [[Int]] = []
    var items: [Int]?
  }

  init?(kind: Transition.Kind, from: String, to: String, screens: inout [Screen], screenTracks: [Track], location: SourceLocation?) {
    guard kind == .push || kind == .pop else { return nil }
    let reversed = kind == .pop
    let aName = reversed ? to : from, bName = reversed ? from : to
    guard let ai = screens.firstIndex(where: { $0.name == aName }), let bi = screens.firstIndex(where: { $0.name == bName }),
          let a = Self.bar(in: screens[ai]), let b = Self.bar(in: screens[bi])
    else { return nil }

    func path(_ bar: Bar, _ indices: [Int], _ name: String) -> ViewPath {
      ViewPath(text: "\(bar.screen).\(name)", screen: bar.screen, indices: indices, location: location)
    }
    func track(_ p: ViewPath, _ property: AnimatedProperty, _ from: PropertyValue, _ to: PropertyValue) -> Track {
      Track(target: p, property: property, keyframes: [Keyframe(at: 0, value: from), Keyframe(at: 1, value: to)], location: location)
    }
    func track(_ p: ViewPath, _ property: AnimatedProperty, _ from: Double, _ to: Double) -> Track {
      track(p, property, .number(from), .number(to))
    }

    // The bars and the status bars' backgrounds stay in the window; B's fade in over A's.
    for (i, bar) in [(ai, a), (bi, b)] {
      screens[i].view.modifyDescendant(at: bar.bar) { $0.windowLevel = .navigationBar }
      if let status = bar.statusBar { screens[i].view.modifyDescendant(at: status) { $0.windowLevel = .navigationBar } }
    }
    tracks.append(track(path(b, b.bar, "navigationBar"), .opacity, 0, 1))
    if let status = b.statusBar { tracks.append(track(path(b, status, "statusBar"), .opacity, 0, 1)) }
    let aRoot = screens[ai].view, bRoot = screens[bi].view
    if bRoot.descendant(at: b.bar)?.isClearBar == true {
      // B's bar is clear (its scroll-edge appearance): fading it in over A's would leave A's
      // material showing, so A's bar fades out instead (the appearances crossfade).
      tracks.append(track(path(a, a.bar, "navigationBar"), .opacity, 1, 0))
    }
    func view(_ root: SceneView, _ path: [Int]) -> SceneView { root.descendant(at: path)! }
    let aFrame = view(aRoot, a.bar).frame, bFrame = view(bRoot, b.bar).frame
    if aFrame.height != bFrame.height {
      // One bar for the stack: its height moves from A's to B's; each bar clips its large title.
      func resized(_ r: Rect, _ h: Double) -> Rect { Rect(x: r.minX, y: r.minY, width: r.width, height: h) }
      tracks.append(track(path(a, a.bar, "navigationBar"), .frame, .rect(aFrame), .rect(resized(aFrame, bFrame.height))))
      tracks.append(track(path(b, b.bar, "navigationBar"), .frame, .rect(resized(bFrame, aFrame.height)), .rect(bFrame)))
      for (i, bar) in [(ai, a), (bi, b)] { screens[i].view.modifyDescendant(at: bar.bar) { $0.clipsToBounds = true } }
      // A large title is the bar's, but it moves with its page and shows whole while the bar's
      // height moves (UIKit: "Albums" slides in with the list on a swipe back, not revealed
      // as the bar grows): it is lifted out of its clipping bar, above both bars. B's still
      // fades in with its bar.
      for (i, bar) in [(ai, a), (bi, b)] {
        if let large = bar.largeTitle { screens[i].view.modifyDescendant(at: large) { $0.windowLevel = .navigationItems } }
      }
      if let large = b.largeTitle { tracks.append(track(path(b, large, "largeTitle"), .opacity, 0, 1)) }
      // Each bar's hairline stays on its bottom edge while the height moves.
      for (root, bar, from, to) in [(screens[ai].view, a, aFrame.height, bFrame.height), (screens[bi].view, b, aFrame.height, bFrame.height)] {
        let barView = view(root, bar.bar)
        guard let k = barView.subviews.firstIndex(where: { $0.id == "separator" }) else { continue }
        let line = barView.subviews[k].frame
        func at(_ h: Double) -> Rect { Rect(x: line.minX, y: h - line.height, width: line.width, height: line.height) }
        tracks.append(track(path(bar, bar.bar + [k], "navigationBar.separator"), .frame, .rect(at(from)), .rect(at(to))))
      }
    }
    let width = aFrame.width

    if let aTitle = a.title, let bTitle = b.title {
      // Two small titles: the items are window-level of their own, above both bars.
      for (i, bar) in [(ai, a), (bi, b)] {
        for p in [bar.title] + [bar.backButton] {
          if let p { screens[i].view.modifyDescendant(at: p) { $0.windowLevel = .navigationItems } }
        }
      }
      let aTitleView = view(aRoot, aTitle)
      // Where the old title's text starts depends on its width: Stage measures it with the
      // Text module (NavigationTitleSlide) and adds the two sliding tracks.
      guard case .text(let aText)? = aTitleView.content else { return nil }
      // Where the new back button's label starts (bar space).
      var backLeft = BuiltInComponent.backLabelX
      if let button = b.backButton, let label = b.backLabel {
        backLeft = view(bRoot, button).frame.minX + view(bRoot, label).frame.minX
      }
      titleSlide = NavigationTitleSlide(
        text: aText, titleCentre: aTitleView.frame.midX, backLeft: backLeft, title: path(a, aTitle, "title"),
        backLabel: b.backLabel.map { path(b, $0, "back.label") }, reversed: reversed, location: location)

      tracks.append(track(path(a, aTitle, "title"), .opacity, 1, 0))
      if let label = b.backLabel {
        tracks.append(track(path(b, label, "back.label"), .opacity, 0, 1))
      }
      tracks.append(track(path(b, bTitle, "title"), .translationX, width * Self.incomingTitleOffset, 0))
      tracks.append(track(path(b, bTitle, "title"), .opacity, 0, 1))
      if let label = a.backLabel {
        tracks.append(track(path(a, label, "back.label"), .translationX, 0, -width * Self.outgoingBackOffset))
        tracks.append(track(path(a, label, "back.label"), .opacity, 1, 0))
      }
      // A chevron on only one side fades; on both it stays (the same pixels either way).
      if a.chevrons.isEmpty != b.chevrons.isEmpty {
        for c in a.chevrons { tracks.append(track(path(a, c, "back.chevron"), .opacity, 1, 0)) }
        for c in b.chevrons { tracks.append(track(path(b, c, "back.chevron"), .opacity, 0, 1)) }
      }
    } else {
      // A large title on one side: the items stay in their bars (B's fade in with it). The
      // small title slides as above; A's items fade out under B's bar.
      if let t = a.title {
        tracks.append(track(path(a, t, "title"), .translationX, 0, -width * Self.outgoingBackOffset))
        tracks.append(track(path(a, t, "title"), .opacity, 1, 0))
      }
      if let back = a.backButton { tracks.append(track(path(a, back, "back"), .opacity, 1, 0)) }
      if let t = b.title { tracks.append(track(path(b, t, "title"), .translationX, width * Self.incomingTitleOffset, 0)) }
      if let button = b.backButton, let label = b.backLabel, a.largeTitle != nil,
         case .text(let labelText)? = view(bRoot, label).content {
        // The back label comes from (and on a pop goes back to) the bar's centre, where A's
        // title sits once it is small: UIKit slides it in from the right as it fades in with
        // the bar, and out to the right on a pop. How far depends on the label's width:
        // Stage measures it (NavigationTitleSlide, with no title of A's to move).
        titleSlide = NavigationTitleSlide(
          text: labelText, titleCentre: aFrame.width / 2,
          backLeft: view(bRoot, button).frame.minX + view(bRoot, label).frame.minX, title: nil,
          backLabel: path(b, label, "back.label"), reversed: reversed, location: location)
      }
    }
    // Bar button items (a bar's `items`) cross-fade, A's out and B's in, above both bars
    // (under B's material A's would show through blurred).
    for (i, bar, from, to) in [(ai, a, 1.0, 0.0), (bi, b, 0.0, 1.0)] {
      guard let items = bar.items else { continue }
      screens[i].view.modifyDescendant(at: items) { $0.windowLevel = .navigationItems }
      tracks.append(track(path(bar, items, "navigationBar.items"), .opacity, from, to))
    }
    if reversed { tracks = tracks.map(\.reversed) }

    // A large title moves with its page: its screen's own horizontal tracks, copied (already
    // written for the transition's direction).
    for bar in [a, b] {
      guard let large = bar.largeTitle else { continue }
      for t in screenTracks where t.target.screen == bar.screen && t.target.indices.isEmpty
        && (t.property == .translationX || t.property == .translation) {
        var copy = t
        copy.target = path(bar, large, "largeTitle")
        tracks.append(copy)
      }
    }
  }

  /// The first built-in navigation bar, depth first, and the first status bar.
  private static func bar(in screen: Screen) -> Bar? {
    func find(_ v: SceneView, _ role: SceneView.ChromeRole, _ path: [Int]) -> [Int]? {
      if v.role == role { return path }
      for (i, s) in v.subviews.enumerated() {
        if let found = find(s, role, path + [i]) { return found }
      }
      return nil
    }
    guard let barPath = find(screen.view, .navigationBar, []), let bar = screen.view.descendant(at: barPath) else { return nil }
    var result = Bar(screen: screen.name, bar: barPath, statusBar: find(screen.view, .statusBar, []))
    for (i, item) in bar.subviews.enumerated() {
      switch item.role {
      case .largeTitle?: result.largeTitle = barPath + [i]
      case .navigationTitle?: result.title = barPath + [i]
      case .barButtonItems?: result.items = barPath + [i]
      case .backButton?:
        result.backButton = barPath + [i]
        for (j, part) in item.subviews.enumerated() {
          if part.role == .backLabel { result.backLabel = barPath + [i, j] }
          if part.role == .backChevron { result.chevrons.append(barPath + [i, j]) }
        }
      default: break
      }
    }
    return result
  }
}
