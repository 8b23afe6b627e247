import Geometry
import Raster
import Text

/// Puts several frames of the same size side by side (a grid beyond three), each under a
/// label saying what differs. The frame areas are byte-exact copies of the inputs.
public struct GridComposer: Sendable {
  public let layout: GridLayout
  public let labels: [String]
  public let style: ReviewStyle
  /// The canvas with the background and every label drawn once; frames are copied onto it.
  private let backdrop: Bitmap

  /// - Parameters:
  ///   - frameWidth, frameHeight: every input frame's size in pixels.
  ///   - labels: one per cell, in row-major order.
  ///   - columns: forced column count (a cross product of two keys uses the second key's
  ///     value count); nil for the default (one row up to three).
  public init(
    frameWidth: Int, frameHeight: Int, labels: [String], style: ReviewStyle, columns: Int? = nil
  ) throws(TextError) {
    precondition(!labels.isEmpty, "a grid needs at least one cell")
    let layout = GridLayout(
      count: labels.count, cellWidth: frameWidth, cellHeight: frameHeight,
      labelHeight: style.labelBandPixels, gutter: style.gutterPixels, margin: style.gutterPixels,
      columns: columns)
    var b = Bitmap.solid(width: layout.width, height: layout.height, color: style.background)
    for (i, text) in labels.enumerated() {
      try b.stamp(style.cellLabel(text), in: layout.label(i), scale: style.scale)
    }
    self.layout = layout
    self.labels = labels
    self.style = style
    self.backdrop = b
  }

  /// The grid for one instant: `frames[i]` copied 1:1 into cell `i`.
  public func compose(_ frames: [Bitmap]) -> Bitmap {
    precondition(frames.count == labels.count, "\(frames.count) frames for \(labels.count) cells")
    var out = backdrop
    for (i, f) in frames.enumerated() {
      let r = layout.frame(i)
      precondition(f.width == r.width && f.height == r.height, "frame \(i) is \(f.width)x\(f.height), cells are \(r.width)x\(r.height)")
      out.copy(f, toX: r.x, y: r.y)
    }
    return out
  }
}
