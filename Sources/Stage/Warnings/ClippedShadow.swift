import Scene

/// Views with both `clipsToBounds` and a shadow (docs/scene-format.md, "Keys every view
/// takes"): Core Animation's `masksToBounds` clips everything the layer draws to its bounds,
/// its own shadow included, so UIKit shows no shadow there, and neither does Flipbook. Valid,
/// but not what a scene that writes a shadow means: a warning, at the view, with the way
/// iOS apps get both (a shadow-carrying container).
enum ClippedShadow {
  static func warnings(_ document: SceneDocument) -> [MotionWarning] {
    let t = document.transition
    struct Place: Hashable { var screen: String, indices: [Int] }
    let shadowTracks = Set(t.tracks.filter { $0.property == .shadowOpacity }.map { Place(screen: $0.target.screen, indices: $0.target.indices) })
    var out: [MotionWarning] = []
    for name in [t.from, t.to] {
      guard let screen = document.screen(named: name) else { continue }
      func walk(_ v: SceneView, path: String, indices: [Int]) {
        let animated = shadowTracks.contains(Place(screen: name, indices: indices))
        if v.clipsToBounds, (v.shadow?.opacity ?? 0) > 0 || animated {
          out.append(MotionWarning(
            kind: .clippedShadow, location: v.location ?? screen.location,
            message: "view '\(path)' has clipsToBounds and a shadow: UIKit clips the shadow with the rest (masksToBounds clips everything the layer draws outside its bounds), so it is not drawn",
            notes: ["put the shadow on a container, as App Store's cards do: an unclipped parent view with this frame and the shadow, holding this view (which keeps clipsToBounds and its corners); the shadow then takes the shape of what the container draws (docs/scene-format.md, \"A shadow and clipsToBounds\")"],
            time: 0, jump: 0))
        }
        for (i, child) in v.subviews.enumerated() {
          walk(child, path: path + (child.id.map { ".\($0)" } ?? "[\(i)]"), indices: indices + [i])
        }
      }
      walk(screen.view, path: name, indices: [])
    }
    return out
  }
}
