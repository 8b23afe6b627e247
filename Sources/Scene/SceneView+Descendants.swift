/// Reaching a view inside a tree by its subview indices (one index per level, from the root).
extension SceneView {
  /// The view at `indices`, or nil when an index is out of range; `[]` is this view.
  public func descendant(at indices: [Int]) -> SceneView? {
    var v = self
    for i in indices {
      guard v.subviews.indices.contains(i) else { return nil }
      v = v.subviews[i]
    }
    return v
  }

  /// Runs `body` on the view at `indices`; does nothing when an index is out of range.
  public mutating func modifyDescendant(at indices: some Collection<Int>, _ body: (inout SceneView) -> Void) {
    guard let first = indices.first else { body(&self); return }
    guard subviews.indices.contains(first) else { return }
    subviews[first].modifyDescendant(at: indices.dropFirst(), body)
  }
}
