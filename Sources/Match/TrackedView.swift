import Geometry
import Raster
import Scene
import Stage

/// A view of the scene to follow through a recording, and where the spec puts it.
public struct TrackedView: Sendable {
  public let path: ViewPath
  /// The view path as the user wrote it (or as the transition's track names it).
  public var name: String { path.text }

  /// The geometric properties whose tracks make a view worth following by default.
  static let moving: Set<AnimatedProperty> = [
    .translation, .translationX, .translationY, .scale, .scaleX, .scaleY, .position, .positionX, .positionY, .frame, .size,
  ]

  /// The views the transition moves (one per view, in the order of its tracks).
  public static func animated(in document: SceneDocument) -> [TrackedView] {
    var seen: Set<ViewPath> = []
    var out: [TrackedView] = []
    for track in document.transition.tracks where moving.contains(track.property) && !seen.contains(track.target) {
      seen.insert(track.target)
      out.append(TrackedView(path: track.target))
    }
    return out
  }

  /// Resolves `screen.id.id` or `screen.id[2]`: each id is the first view below the one before
  /// (in the scene's order) that carries it.
  public static func resolve(_ text: String, in document: SceneDocument) throws(MatchError) -> TrackedView {
    if let track = document.transition.tracks.first(where: { $0.target.text == text }) { return TrackedView(path: track.target) }
    var parts: [String] = []
    var indexParts: [[Int]] = []
    for raw in text.split(separator: ".", omittingEmptySubsequences: false) {
      var name = Substring(raw)
      var indices: [Int] = []
      while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
        guard let n = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), n >= 0 else {
          throw .track(text, reason: "'\(raw)' is not an id or id[n]")
        }
        indices.insert(n, at: 0)
        name = name[..<open]
      }
      parts.append(String(name))
      indexParts.append(indices)
    }
    guard let screenName = parts.first, !screenName.isEmpty, let screen = document.screen(named: screenName) else {
      throw .track(text, reason: "no screen '\(parts.first ?? "")' (screens: \(document.screens.map(\.name).joined(separator: ", ")))")
    }
    var view = screen.view
    var indices: [Int] = []
    func step(_ n: Int) throws(MatchError) {
      guard view.subviews.indices.contains(n) else { throw .track(text, reason: "subview [\(n)] does not exist") }
      indices.append(n)
      view = view.subviews[n]
    }
    for n in indexParts[0] { try step(n) }
    for (id, more) in zip(parts.dropFirst(), indexParts.dropFirst()) {
      guard !id.isEmpty else { throw .track(text, reason: "an empty name between dots") }
      guard let found = firstPath(to: id, in: view) else { throw .track(text, reason: "no view with id '\(id)' there") }
      for n in found { try step(n) }
      for n in more { try step(n) }
    }
    return TrackedView(path: ViewPath(text: text, screen: screenName, indices: indices))
  }

  private static func firstPath(to id: String, in view: SceneView) -> [Int]? {
    for (i, child) in view.subviews.enumerated() {
      if child.id == id { return [i] }
      if let deeper = firstPath(to: id, in: child) { return [i] + deeper }
    }
    return nil
  }

  /// Where the view is drawn in one layer tree: its bounds' corners on the canvas, in points;
  /// nil when it is hidden, transparent or not in the tree.
  public func quad(in root: Layer) -> [Point]? {
    guard let top = root.sublayers.first(where: { $0.name == path.screen }) else { return nil }
    var layer = top
    var toCanvas = LayerRenderer.toParent(top).concatenating(LayerRenderer.toParent(root))
    guard !root.isHidden, root.opacity > 0, !top.isHidden, top.opacity > 0 else { return nil }
    for i in path.indices {
      guard layer.sublayers.indices.contains(i) else { return nil }
      layer = layer.sublayers[i]
      guard !layer.isHidden, layer.opacity > 0 else { return nil }
      toCanvas = LayerRenderer.toParent(layer).concatenating(toCanvas)
    }
    let b = layer.bounds
    return [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)].map(toCanvas.apply)
  }
}

/// A view's place on screen at one moment: the centre of its bounds and their size on the
/// canvas (points), from the corners of its bounds after every transform.
public struct ViewPlacement: Hashable, Sendable {
  public var center: Point
  public var size: Size

  public init(center: Point, size: Size) { self.center = center; self.size = size }

  public init(quad: [Point]) {
    let xs = quad.map(\.x), ys = quad.map(\.y)
    center = Point((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
    size = Size(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
  }

  public var rect: Rect { Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
}
