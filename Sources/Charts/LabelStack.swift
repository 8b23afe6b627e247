import Geometry

/// Keeps a chart's labels apart: a label's box moves by whole steps (down for event names
/// under the plot's top, up for captions above markers) until it clears every box placed
/// before it by `gap` horizontally, or does not share its rows. Boxes are in points.
public struct LabelStack: Hashable, Sendable {
  public private(set) var placed: [Rect] = []
  /// Horizontal clearance between two labels on the same row, points.
  public let gap: Double

  public init(gap: Double) { self.gap = gap }

  /// Where `box` goes: itself if it clears every placed box, else moved by `step` (points,
  /// signed) as often as needed. The result is remembered.
  public mutating func place(_ box: Rect, step: Double) -> Rect {
    precondition(step != 0, "a label stack needs a step")
    var b = box
    var tries = 0
    while placed.contains(where: { overlaps($0, b) }), tries < 1000 {
      b.origin.y += step
      tries += 1
    }
    placed.append(b)
    return b
  }

  private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    let apartX = b.minX >= a.maxX + gap || a.minX >= b.maxX + gap
    let apartY = b.minY >= a.maxY || a.minY >= b.maxY
    return !apartX && !apartY
  }
}
