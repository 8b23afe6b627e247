import Geometry

/// UIKit's two bar appearances (iOS 15+): `standardAppearance`, the material with a hairline
/// separator, and `scrollEdgeAppearance`, which a navigation bar, tab bar and toolbar use
/// while the content is at their edge (nothing scrolled under them): no background, no
/// material, no separator. A bar shows the standard one when content lies under it.
/// Rules: docs/scene-format.md, "Bar appearance".
enum BarAppearance: String, CaseIterable {
  /// Decided when the screen is read: scroll edge unless a view declared before the bar, in
  /// the same parent, overlaps the area the bar covers (content scrolled under it).
  case automatic = "auto"
  case standard
  case scrollEdge
}

extension BarAppearance {
  /// A bar's `appearance:` value.
  static func read(_ node: SourceNode, in reader: Reader) -> BarAppearance? {
    guard let text = reader.string(node, "appearance") else { return nil }
    if let a = BarAppearance(rawValue: text) { return a }
    reader.report(.notOneOf(key: "appearance", value: text, allowed: BarAppearance.allCases.map(\.rawValue)), at: node.location)
    return nil
  }
}

extension SceneView {
  /// Turns an expanded bar into its scroll-edge appearance: no background colour, no
  /// material (nor the material view reaching behind the status bar), no separator.
  mutating func applyScrollEdgeAppearance() {
    backgroundColor = nil
    material = nil
    subviews.removeAll { $0.id == "background" || $0.id == "separator" }
  }

  /// Whether this bar draws no background of its own (its scroll-edge appearance).
  var isClearBar: Bool {
    backgroundColor == nil && material == nil && !subviews.contains { $0.id == "background" || $0.material != nil }
  }

  /// The area a bar covers in its parent's space: a navigation bar's reaches up to the top
  /// of its parent (behind the status bar, where its material would be).
  var scrollEdgeArea: Rect {
    let f = frame
    if role == .navigationBar { return Rect(x: f.minX, y: min(0, f.minY), width: f.width, height: f.maxY - min(0, f.minY)) }
    return f
  }

  /// Resolves every `appearance: auto` bar among `subviews`: scroll edge unless an earlier
  /// sibling's frame overlaps the bar's area by more than an edge.
  static func resolveBarAppearances(_ subviews: inout [SceneView]) {
    for i in subviews.indices where subviews[i].automaticBarAppearance {
      subviews[i].automaticBarAppearance = false
      let area = subviews[i].scrollEdgeArea
      let covered = subviews[..<i].contains { s in
        let f = s.frame
        return !s.isHidden && f.minX < area.maxX && area.minX < f.maxX && f.minY < area.maxY && area.minY < f.maxY
          && s.role != .statusBar
      }
      if !covered { subviews[i].applyScrollEdgeAppearance() }
    }
  }
}
