import Geometry
import Scene

/// A view that belongs to the window (`SceneView.windowLevel`), taken out of its screen:
/// drawn above the transition at its declared place in the canvas (the status bar's
/// content: at its frame in the window, whatever its screen's frame).
struct WindowView {
  var level: SceneView.WindowLevel
  /// The view with its frame moved into canvas space (its ancestors' declared frames and
  /// scroll offsets, never their animation or transforms); window-level descendants hidden.
  var view: SceneView
}

extension SceneView {
  /// Removes every window-level view from this tree (hides it in place) and returns them,
  /// in tree order, each in canvas space. `static` is the same tree before animation: the
  /// ancestors' declared geometry places the window views.
  mutating func takeWindowViews(static declared: SceneView) -> [WindowView] {
    var out: [WindowView] = []
    collect(declared: declared, offset: Point(declared.frame.minX, declared.frame.minY), into: &out)
    return out
  }

  private mutating func collect(declared: SceneView, offset: Point, into out: inout [WindowView]) {
    // Children sit in this view's bounds space: shifted by its origin, less its scroll offset.
    let inner = Point(offset.x - declared.bounds.minX, offset.y - declared.bounds.minY)
    for i in subviews.indices where declared.subviews.indices.contains(i) {
      let d = declared.subviews[i]
      let childOffset = Point(inner.x + d.frame.minX, inner.y + d.frame.minY)
      if let level = subviews[i].windowLevel {
        var lifted = subviews[i]
        subviews[i].isHidden = true
        var nested: [WindowView] = []
        lifted.collect(declared: d, offset: childOffset, into: &nested)
        // The status bar sits at the top of the window whatever screen declares it (a
        // sheet's own, say); anything else keeps its declared place in the canvas.
        if level != .statusBar {
          lifted.position = Point(lifted.position.x + inner.x, lifted.position.y + inner.y)
        }
        out.append(WindowView(level: level, view: lifted))
        out += nested
      } else {
        subviews[i].collect(declared: d, offset: childOffset, into: &out)
      }
    }
  }

  /// The view as drawn: without its id and source locations, so that the same status bar
  /// declared on two screens compares equal.
  var drawnAppearance: SceneView {
    var v = self
    v.id = nil
    v.location = nil
    v.role = nil
    v.subviews = subviews.map(\.drawnAppearance)
    return v
  }
}

extension [WindowView] {
  /// Back to front by level, then in screen order; a view identical to one already drawn
  /// at its level is drawn once (one status bar, not two on top of each other).
  func layered() -> [WindowView] {
    var out: [WindowView] = []
    for level in SceneView.WindowLevel.allCases {
      var seen: [SceneView] = []
      for w in self where w.level == level {
        let look = w.view.drawnAppearance
        if seen.contains(look) { continue }
        seen.append(look)
        out.append(w)
      }
    }
    return out
  }
}
