import Geometry
import Raster
import Scene

extension Stager {
  /// Where each matched view starts and ends, in canvas points: the rect where the source's
  /// content is visible with the transition at p = 0 (for an aspect-fit image, the fitted
  /// image rect, so the lifted copy starts exactly over it), and the destination's at p = 1.
  public func matchedEnds(transition: Transition) -> [Simulation.MatchedEnds] {
    func values(at f: Double) -> [TrackKey: PropertyValue] {
      var v: [TrackKey: PropertyValue] = [:]
      for track in transition.tracks + (transition.interaction?.background?.tracks ?? []) {
        v[TrackKey(track.target, track.property)] = track.value(at: f)
      }
      return v
    }
    let start = screenViews(values(at: 0)), end = screenViews(values(at: 1))
    return matched.map { m in
      let (from, fromRadius) = visibleRect(m.source, in: start)
      let (to, toRadius) = visibleRect(m.destination, in: end)
      return Simulation.MatchedEnds(from: from, to: to, fromCornerRadius: fromRadius, toCornerRadius: toRadius)
    }
  }

  private func visibleRect(_ path: ViewPath, in screens: [String: SceneView]) -> (Rect, Double) {
    guard let screen = screens[path.screen], let view = screen.descendant(at: path.indices) else { return (.zero, 0) }
    let layer = screen.layer(images: images)
    let toCanvas = layer.transform(toAncestorFrom: path.indices).concatenating(layer.toParent)
    var box = view.bounds
    if case .image(let asset, let mode)? = view.content, let image = images[asset] {
      let fitted = contentRect(
        imageSize: Size(Double(image.width), Double(image.height)), in: view.bounds,
        mode: ContentMode(rawValue: mode.rawValue) ?? .scaleToFill, scale: canvas.scale)
      box = view.clipsToBounds ? (fitted.intersection(view.bounds) ?? fitted) : fitted
    }
    return (toCanvas.apply(box), view.cornerRadius)
  }
}
