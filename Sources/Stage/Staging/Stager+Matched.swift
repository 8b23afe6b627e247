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
    return (toCanvas.apply(visibleBox(view)), view.cornerRadius)
  }

  /// Where `view`'s content is visible, in its bounds space: the bounds, or for an image the
  /// fitted image rect (clipped to the bounds when the view clips).
  private func visibleBox(_ view: SceneView) -> Rect {
    guard case .image(let asset, let mode)? = view.content, let image = images[asset] else { return view.bounds }
    let fitted = contentRect(
      imageSize: Size(Double(image.width), Double(image.height)), in: view.bounds,
      mode: ContentMode(rawValue: mode.rawValue) ?? .scaleToFill, scale: canvas.scale)
    return view.clipsToBounds ? (fitted.intersection(view.bounds) ?? fitted) : fitted
  }

  /// The corners (canvas points, clockwise from the top left) of the box where matched view
  /// `i`'s source is drawn at `state`, its tracks and highlight applied: what the flying copy
  /// takes over at the lift (`MotionCheck` holds the two against each other). nil when the
  /// source is not drawn.
  func matchedSourceCorners(_ i: Int, _ state: FrameState) -> [Point]? {
    guard i < matched.count else { return nil }
    let path = matched[i].source
    let screen = path.screen == below.name ? below : above
    guard shows(screen.name, state) else { return nil }
    var root = screen.view
    Self.apply(state.values, to: &root, screen: screen.name)
    Self.apply(state.highlight, to: &root, screen: screen.name)
    guard let view = root.descendant(at: path.indices), !view.isHidden else { return nil }
    let layer = root.layer(images: images)
    let toCanvas = layer.transform(toAncestorFrom: path.indices).concatenating(layer.toParent)
    let b = visibleBox(view)
    return [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)].map(toCanvas.apply)
  }

  /// A matched copy carries its source's `press` highlight (docs/scene-format.md, "Matched
  /// views"): pressed when the finger lifts, it starts from the pressed card's presentation
  /// and eases back to scale 1 on the highlight's own spring while it flies, scaled about its
  /// centre as the card was. Only a press on the matched view itself is carried.
  static func carryingPress(_ highlight: HighlightState?, of m: MatchedView, _ layer: Layer) -> Layer {
    guard let h = highlight, case .press(let s, _) = h.style, h.view.screen == m.source.screen, h.view.indices == m.source.indices
    else { return layer }
    let k = 1 + (s - 1) * h.amount
    var out = layer
    out.transform = AffineTransform(scaleX: k, y: k).concatenating(layer.transform)
    return out
  }
}
