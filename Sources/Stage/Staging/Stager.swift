import Geometry
import Raster

/// Turns a `StagePlan` plus one frame's `FrameState` into the layer tree Raster draws.
///
/// Built once per clip (it resolves every view reference to a path in the container's tree);
/// `layerTree(for:)` is then a cheap copy-and-patch, safe to call from many threads.
public struct Stager: Sendable {
  public let canvas: StageCanvas
  /// The container at rest: the canvas background with the screens in their stacking order.
  public let container: Layer
  private let paths: [ViewRef: [Int]]
  private let revealCenters: [ViewRef: Point]
  private let matched: (source: [Int], destination: [Int], layer: Layer, from: Rect, to: Rect)?

  public init(plan: StagePlan) throws(StageError) {
    canvas = plan.canvas
    var root = Layer(frame: Rect(x: 0, y: 0, width: plan.canvas.size.width, height: plan.canvas.size.height))
    let bg = plan.canvas.background
    // Frames are opaque: a translucent canvas colour is composited over black.
    root.backgroundColor = Color(red: bg.red * bg.alpha, green: bg.green * bg.alpha, blue: bg.blue * bg.alpha)
    root.name = "container"
    var screenIndex: [String: Int] = [:]
    for name in plan.stack {
      guard var screen = plan.screens[name] else {
        throw .invalidSetting("the stack names screen '\(name)', which does not exist")
      }
      screen.name = name
      screenIndex[name] = root.sublayers.count
      root.sublayers.append(screen)
    }
    container = root

    func resolve(_ ref: ViewRef) throws(StageError) -> [Int] {
      guard let i = screenIndex[ref.screen] else {
        throw .invalidSetting("'\(ref)' refers to screen '\(ref.screen)', which is not on the stack")
      }
      guard let view = ref.view else { return [i] }
      guard let rest = root.sublayers[i].path(ofLayerNamed: view) else {
        throw .invalidSetting("'\(ref)' refers to view '\(view)', which screen '\(ref.screen)' does not have")
      }
      return [i] + rest
    }
    var paths: [ViewRef: [Int]] = [:]
    for track in plan.tracks { paths[track.target] = try resolve(track.target) }
    self.paths = paths
    revealCenters = plan.revealCenters

    if let m = plan.matched {
      let source = try resolve(m.source), destination = try resolve(m.destination)
      let from = Self.imageRect(in: root, at: source, scale: plan.canvas.scale)
      let to = Self.imageRect(in: root, at: destination, scale: plan.canvas.scale)
      var lifted = root.descendant(at: source)
      guard case .image(let image, _) = lifted.contents else {
        throw .invalidSetting("matched view '\(m.source)' has no image to lift")
      }
      lifted.contents = .image(image, .aspectFill)
      lifted.sublayers = []
      lifted.transform = .identity
      lifted.anchorPoint = Point(0.5, 0.5)
      lifted.bounds.origin = .zero
      lifted.isHidden = false
      lifted.opacity = 1
      lifted.name = "matched:\(m.source)"
      matched = (source, destination, lifted, from, to)
    } else {
      matched = nil
    }
  }

  /// The matched view's start and end frames in the container (points): where the source's
  /// image is visible (its aspect-fit rect for an aspect-fit view) and the destination's.
  public var matchedFrames: (from: Rect, to: Rect)? { matched.map { ($0.from, $0.to) } }

  /// The layer tree for one frame.
  public func layerTree(for state: FrameState) -> Layer {
    var root = container
    var patches: [[Int]: (ViewRef, LayerPatch)] = [:]
    for (key, value) in state.values {
      guard let path = paths[key.target] else { continue }
      patches[path, default: (key.target, LayerPatch())].1.values[key.property] = value
    }
    for (path, (ref, patch)) in patches {
      root.modify(at: path[...]) { patch.apply(to: &$0, revealCenter: revealCenters[ref]) }
    }
    if let m = matched, let state = state.matched {
      root.modify(at: m.source[...]) { $0.isHidden = true }
      root.modify(at: m.destination[...]) { $0.isHidden = true }
      var lifted = m.layer
      lifted.frame = state.frame
      lifted.transform = state.transform
      root.sublayers.append(lifted)
    }
    return root
  }

  /// The rect (container space) where the image of the view at `path` shows.
  static func imageRect(in root: Layer, at path: [Int], scale: Double) -> Rect {
    let layer = root.descendant(at: path)
    var box = layer.bounds
    if case .image(let image, let mode) = layer.contents {
      box = contentRect(imageSize: Size(Double(image.width), Double(image.height)), in: box, mode: mode, scale: scale)
      if mode == .aspectFill || mode == .center, let visible = box.intersection(layer.bounds), layer.masksToBounds {
        box = visible
      }
    }
    return root.transform(toAncestorFrom: path).apply(box)
  }
}
