/// A reference to a view, written `screen.id.id[2]`: the screen's name, then ids (each
/// found anywhere below the previous step, and required to be unambiguous), and `[n]` for
/// the n-th subview (from 0, back to front). Resolved when the scene loads into `indices`,
/// the subview index at each level from the screen's root view.
public struct ViewPath: Hashable, Sendable, CustomStringConvertible {
  /// As written, e.g. `grid.cells[3]`.
  public var text: String
  public var screen: String
  /// Subview indices from the screen's root view; empty for the root view itself.
  public var indices: [Int]
  public var location: SourceLocation?

  public init(text: String, screen: String, indices: [Int], location: SourceLocation? = nil) {
    self.text = text; self.screen = screen; self.indices = indices; self.location = location
  }

  public var description: String { text }

  public static func == (a: ViewPath, b: ViewPath) -> Bool { a.screen == b.screen && a.indices == b.indices }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(screen)
    hasher.combine(indices)
  }

  /// Whether `self` is `other` or lies inside it.
  public func isInside(_ other: ViewPath) -> Bool {
    screen == other.screen && indices.starts(with: other.indices)
  }
}
