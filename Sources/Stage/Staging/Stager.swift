import Geometry
import Raster
import Scene

/// Turns a scene plus one frame's `FrameState` into the layer tree Raster draws: the canvas
/// background, the transition's two screens in their layering with every animated value
/// applied, the matched views lifted above them, and the window's own views (the status
/// bar's content, navigation items during a push or pop) above everything.
///
/// Built once per clip; `layerTree(for:)` is then a copy-and-patch, safe from many threads.
public struct Stager: Sendable {
  public let canvas: Canvas
  let below: Screen
  let above: Screen
  let images: [String: Image]
  let matched: [MatchedView]
  let transition: Transition
  let chrome: WindowChrome
  /// The matched views' ends (canvas points), computed only when one re-lays out its
  /// subviews (`RelayoutFlight` measures its layout fraction against them).
  var relayoutEnds: [Simulation.MatchedEnds] = []

  /// - Parameter images: every asset of the scene, decoded (see `AssetLoader`).
  public init(document: SceneDocument, images: [String: Image]) throws(StageError) {
    canvas = document.canvas
    let t = document.transition
    guard let below = document.screen(named: t.below), let above = document.screen(named: t.above) else {
      throw .invalidSetting("the transition's screens '\(t.below)' and '\(t.above)' must both exist")
    }
    self.below = below
    self.above = above
    self.images = images
    matched = t.matched
    transition = t
    chrome = WindowChrome(canvas: document.canvas, screens: document.screens, transition: t)
    if t.matched.contains(where: { $0.subviews == .relayout }) { relayoutEnds = matchedEnds(transition: t) }
  }

  /// Whether `screen` is still in the container at this moment. Once a transition is over,
  /// UIKit removes the view that left: `from` after a completed push, pop, dismiss or tab
  /// switch (a presentation keeps the presenting screen visible behind the presented one),
  /// `to` after a cancel.
  func shows(_ screen: String, _ state: FrameState) -> Bool {
    guard let completed = state.completed else { return true }
    if completed {
      let removesFrom: Bool
      switch transition.kind {
      case .push, .pop, .dismiss, .tabSwitch: removesFrom = true
      case .present, .custom: removesFrom = false
      }
      return !(removesFrom && screen == transition.from)
    }
    // Cancelled: back where it started. A cancelled dismiss leaves the presented screen
    // over its presenter, which stays visible around and under it (a sheet, a card).
    return transition.kind == .dismiss || screen != transition.to
  }

  /// The layer tree for one frame, the home indicator at `homeIndicatorLightness` (0 black,
  /// 1 white; nil: decided from this frame alone, see `HomeIndicatorBlend`).
  public func layerTree(for state: FrameState, homeIndicatorLightness: Double? = nil) -> Layer {
    let root = contentTree(for: state)
    var tree = root
    let light = homeIndicatorLightness ?? (chrome.homeIndicatorIsLight(over: root) ? 1 : 0)
    tree.sublayers += chrome.layers(progress: state.progress, homeIndicatorLightness: light)
    return tree
  }

  /// Whether the home indicator would be drawn light over this frame's picture.
  func homeIndicatorIsLight(for state: FrameState) -> Bool { chrome.homeIndicatorIsLight(over: contentTree(for: state)) }

  /// One frame's picture without the device's own chrome (island, home indicator).
  func contentTree(for state: FrameState) -> Layer {
    var root = Layer(frame: canvas.bounds)
    let bg = canvas.background
    // Frames are opaque: a translucent canvas colour is composited over black.
    root.backgroundColor = Color(red: bg.red * bg.alpha, green: bg.green * bg.alpha, blue: bg.blue * bg.alpha)
    root.name = "canvas"
    let lifted = state.matched ?? []
    var window: [WindowView] = []
    for screen in [below, above] where shows(screen.name, state) {
      var view = screen.view
      Self.apply(state.values, to: &view, screen: screen.name)
      Self.apply(state.highlight, to: &view, screen: screen.name)
      if !lifted.isEmpty {
        for m in matched {
          if m.source.screen == screen.name && m.hidesSource { view.modifyDescendant(at: m.source.indices) { $0.isHidden = true } }
          if m.destination.screen == screen.name { view.modifyDescendant(at: m.destination.indices) { $0.isHidden = true } }
        }
      }
      window += view.takeWindowViews(static: screen.view)
      var layer = view.layer(images: images)
      layer.name = screen.name
      root.sublayers.append(layer)
    }
    for (i, flight) in lifted.enumerated() where i < matched.count {
      let layer = matched[i].subviews == .relayout ? relayoutLayer(i, flight) : liftedLayer(matched[i], flight)
      if let layer { root.sublayers.append(Self.carryingPress(state.highlight, of: matched[i], layer)) }
    }
    for w in window.layered() {
      var layer = w.view.layer(images: images)
      layer.name = "window:\(w.view.id ?? w.level.rawValue.description)"
      root.sublayers.append(layer)
    }
    return root
  }

  /// The screens with `values` applied, before conversion (for geometry queries).
  func screenViews(_ values: [TrackKey: PropertyValue]) -> [String: SceneView] {
    var out: [String: SceneView] = [:]
    for screen in [below, above] {
      var view = screen.view
      Self.apply(values, to: &view, screen: screen.name)
      out[screen.name] = view
    }
    return out
  }

  /// Applies values in a fixed order (by view path, then property declaration order) so
  /// that overlapping properties (`translation` and `translation.y`) resolve the same way on
  /// every run.
  static func apply(_ values: [TrackKey: PropertyValue], to view: inout SceneView, screen: String) {
    let order = Dictionary(uniqueKeysWithValues: AnimatedProperty.allCases.enumerated().map { ($1, $0) })
    let keys = values.keys.filter { $0.target.screen == screen }.sorted { a, b in
      if a.target.indices != b.target.indices { return a.target.indices.lexicographicallyPrecedes(b.target.indices) }
      return order[a.property]! < order[b.property]!
    }
    for key in keys {
      view.modifyDescendant(at: key.target.indices) { $0.apply(key.property, values[key]!) }
    }
  }

  /// The source and destination re-laid out between each other (`RelayoutFlight`) at the
  /// fraction `state.frame` has come from the source's frame to the destination's, scaled to
  /// fill `state.frame` (when the ends are drawn scaled by their screens' transforms).
  func relayoutLayer(_ i: Int, _ state: MatchedState) -> Layer? {
    let m = matched[i]
    func view(_ path: ViewPath) -> SceneView? {
      (path.screen == below.name ? below : above).view.descendant(at: path.indices)
    }
    guard i < relayoutEnds.count, let from = view(m.source), let to = view(m.destination) else { return nil }
    let f = RelayoutFlight.fraction(of: state.frame, from: relayoutEnds[i].from, to: relayoutEnds[i].to)
    let flying = RelayoutFlight(source: from, destination: to).view(at: f, cornerRadius: state.cornerRadius)
    var layer = flying.layer(images: images)
    let size = flying.bounds.size
    let scale = AffineTransform(
      scaleX: size.width > 0 ? state.frame.width / size.width : 1, y: size.height > 0 ? state.frame.height / size.height : 1)
    layer.position = Point(state.frame.midX, state.frame.midY)
    layer.transform = scale.concatenating(state.transform)
    layer.name = "matched:\(m.source.text)"
    return layer
  }

  /// A copy of the source view flying at `state`: its image drawn aspect-fill and clipped to
  /// its (rounded) bounds, so the crop morphs continuously between the two ends.
  private func liftedLayer(_ m: MatchedView, _ state: MatchedState) -> Layer? {
    let screen = m.source.screen == below.name ? below : above
    guard var source = screen.view.descendant(at: m.source.indices) else { return nil }
    source.transform = .identity
    source.isHidden = false
    source.opacity = 1
    source.dimming = 0
    source.shadow = nil
    if case .image(let asset, _)? = source.content { source.content = .image(asset: asset, contentMode: .aspectFill) }
    source.anchorPoint = Point(0.5, 0.5)
    source.bounds.origin = .zero
    source.frame = state.frame
    source.cornerRadius = state.cornerRadius
    source.maskedCorners = .all
    source.clipsToBounds = true
    var layer = source.layer(images: images)
    layer.transform = state.transform
    layer.name = "matched:\(m.source.text)"
    return layer
  }
}
