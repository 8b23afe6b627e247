import Geometry
import Scene

extension Stager {
  /// The frame (canvas points) of the view `transition.trigger` presses, with the
  /// transition at p = 0: the bounds the tap's touch must stay near. nil without one.
  public func pressTarget(transition: Transition) -> Rect? {
    guard let path = transition.trigger?.view else { return nil }
    var values: [TrackKey: PropertyValue] = [:]
    for track in transition.tracks { values[TrackKey(track.target, track.property)] = track.value(at: 0) }
    let screens = screenViews(values)
    guard let screen = screens[path.screen], let view = screen.descendant(at: path.indices) else { return nil }
    let layer = screen.layer(images: images)
    return layer.transform(toAncestorFrom: path.indices).concatenating(layer.toParent).apply(view.bounds)
  }

  /// Draws `highlight` on its view, if it is on `screen`.
  static func apply(_ highlight: HighlightState?, to view: inout SceneView, screen: String) {
    guard let h = highlight, h.view.screen == screen else { return }
    view.modifyDescendant(at: h.view.indices) { $0.applyHighlight(h.style, amount: h.amount) }
  }
}

extension SceneView {
  /// The pressed look at `amount` h (0 none, 1 full; docs/scene-format.md, "Trigger"): `dim`
  /// multiplies the opacity by 1 + (o − 1)·h, `press` the scale by 1 + (s − 1)·h, and `cell`
  /// composites its colour at h times its alpha over the background (source over).
  mutating func applyHighlight(_ style: HighlightSpec, amount h: Double) {
    switch style {
    case .dim(let o, _):
      opacity = clamp(opacity * (1 + (o - 1) * h), 0, 1)
    case .press(let s, _):
      let k = 1 + (s - 1) * h
      transform.scale = Point(transform.scale.x * k, transform.scale.y * k)
    case .cell(let color, _):
      let a = clamp(color.alpha * h, 0, 1)
      let base = backgroundColor ?? Color(white: 0, alpha: 0)
      let alpha = a + base.alpha * (1 - a)
      guard alpha > 0 else { return }
      func mix(_ top: Double, _ bottom: Double) -> Double { (top * a + bottom * base.alpha * (1 - a)) / alpha }
      backgroundColor = Color(
        red: mix(color.red, base.red), green: mix(color.green, base.green), blue: mix(color.blue, base.blue), alpha: alpha)
    }
  }
}
