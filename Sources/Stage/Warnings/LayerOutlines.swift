import Geometry
import Raster

/// Where each visible layer of one moment's tree is on the canvas: the four corners of its
/// bounds (points), keyed by its place in the tree, so that two moments can be compared layer
/// by layer. The root's children (screens, matched copies, window views) are keyed by name,
/// everything below them by subview index, which follows the scene's views one to one.
struct LayerOutlines {
  struct Outline {
    /// The bounds' corners in canvas points.
    var corners: [Point]
    /// The root child the layer is under (a screen's name, `matched:…`, `window:…`; with `#n`
    /// for the n-th of a repeated name).
    var top: String
    /// That child's name.
    var name: String
    /// Subview indices below that child (for a screen: the view's indices in the scene).
    var indices: [Int]
    /// Whether any part of the outline's bounding box is on the canvas.
    var onCanvas: Bool
  }

  var outlines: [String: Outline] = [:]
  /// How many of the root's children have each name: when the count differs between two
  /// moments (a screen's navigation title handed to the next screen's as a transition ends),
  /// which is which is unknown, and those layers are not compared.
  var names: [String: Int] = [:]

  /// Hidden layers and layers of zero opacity (or under one) are left out: a jump of
  /// something not drawn is not seen.
  init(_ root: Layer, canvas: Rect) {
    var seen: [String: Int] = [:]
    for child in root.sublayers {
      let name = child.name ?? "#"
      let count = seen[name, default: 0]
      seen[name] = count + 1
      names[name] = count + 1
      let key = count == 0 ? name : "\(name)#\(count)"
      walk(child, key: key, top: key, name: name, indices: [], toCanvas: child.toParent.concatenating(root.toParent), canvas: canvas)
    }
  }

  private mutating func walk(_ layer: Layer, key: String, top: String, name: String, indices: [Int], toCanvas: AffineTransform, canvas: Rect) {
    guard !layer.isHidden, layer.opacity > 0 else { return }
    let b = layer.bounds
    let corners = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)].map(toCanvas.apply)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    let onCanvas = xs.max()! > canvas.minX && xs.min()! < canvas.maxX && ys.max()! > canvas.minY && ys.min()! < canvas.maxY
    outlines[key] = Outline(corners: corners, top: top, name: name, indices: indices, onCanvas: onCanvas)
    for (i, child) in layer.sublayers.enumerated() {
      walk(child, key: key + "/\(i)", top: top, name: name, indices: indices + [i], toCanvas: child.toParent.concatenating(toCanvas), canvas: canvas)
    }
  }

  /// Matched view `i`'s hand-off as one outline, keyed `handOff:i` and named after its
  /// source view (`screen`, `indices`): the flying copy's (the layer `copy`) while it flies,
  /// else `source`, the source's drawn box (given before the flight). So a copy that does not
  /// start where its source was drawn (a pressed card whose copy lifts unpressed) moves in one
  /// step between the two, which `moves` sees; two different layers are otherwise never
  /// compared.
  mutating func addHandOff(_ i: Int, copy: String, source: [Point]?, screen: String, indices: [Int], canvas: Rect) {
    let key = "handOff:\(i)"
    let corners: [Point]
    if let c = outlines[copy]?.corners { corners = c } else if let source { corners = source } else { return }
    let xs = corners.map(\.x), ys = corners.map(\.y)
    let onCanvas = xs.max()! > canvas.minX && xs.min()! < canvas.maxX && ys.max()! > canvas.minY && ys.min()! < canvas.maxY
    outlines[key] = Outline(corners: corners, top: key, name: screen, indices: indices, onCanvas: onCanvas)
    names[screen] = names[screen] ?? 1
  }

  /// How far the layer `key` moved from here to `other` (points: its farthest-moving corner),
  /// or nil when it is not drawn at one of the two moments or off the canvas at both.
  func move(of key: String, to other: LayerOutlines) -> Double? {
    guard let a = outlines[key], let b = other.outlines[key], a.onCanvas || b.onCanvas else { return nil }
    let name = a.name
    guard names[name] == other.names[name] else { return nil }
    var d = 0.0
    for (p, q) in zip(a.corners, b.corners) { d = max(d, ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()) }
    return d
  }

  /// Every layer that moved more than `threshold` points from here to `other`, farthest first.
  func moves(to other: LayerOutlines, over threshold: Double) -> [(key: String, distance: Double)] {
    var out: [(key: String, distance: Double)] = []
    for key in outlines.keys {
      if let d = move(of: key, to: other), d > threshold { out.append((key, d)) }
    }
    return out.sorted { ($0.distance, $1.key) > ($1.distance, $0.key) }
  }
}
