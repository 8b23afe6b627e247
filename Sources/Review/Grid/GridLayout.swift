import Raster

/// Where each cell of a comparison grid goes, in pixels.
///
/// Every cell is a label band (`labelHeight` px, the cell's caption) above a frame area
/// exactly `cellWidth` x `cellHeight` px, so a variant's frame is copied in 1:1, never
/// resampled. Cells are separated by `gutter` px and surrounded by a `margin`. The canvas is
/// rounded up to even dimensions (H.264 needs them) by growing the right and bottom margins.
public struct GridLayout: Hashable, Sendable {
  public let columns: Int, rows: Int
  public let cellWidth: Int, cellHeight: Int
  public let labelHeight: Int, gutter: Int, margin: Int
  /// The canvas size in pixels (even).
  public let width: Int, height: Int

  /// - Parameters:
  ///   - count: number of cells (>= 1).
  ///   - columns: forced column count; by default up to three cells share one row, and
  ///     beyond three the grid is as square as possible (4 -> 2x2, 5...9 -> 3 columns).
  public init(
    count: Int, cellWidth: Int, cellHeight: Int, labelHeight: Int, gutter: Int, margin: Int,
    columns: Int? = nil
  ) {
    precondition(count >= 1 && cellWidth >= 1 && cellHeight >= 1, "GridLayout needs cells")
    let c = max(1, min(count, columns ?? GridLayout.defaultColumns(count: count)))
    self.columns = c
    self.rows = (count + c - 1) / c
    self.cellWidth = cellWidth; self.cellHeight = cellHeight
    self.labelHeight = max(0, labelHeight); self.gutter = max(0, gutter); self.margin = max(0, margin)
    let w = 2 * self.margin + c * cellWidth + (c - 1) * self.gutter
    let h = 2 * self.margin + rows * (self.labelHeight + cellHeight) + (rows - 1) * self.gutter
    self.width = w + w % 2
    self.height = h + h % 2
  }

  /// Columns for `count` cells: one row up to three, then the smallest square-ish grid.
  public static func defaultColumns(count: Int) -> Int {
    if count <= 3 { return max(1, count) }
    var c = 1
    while c * c < count { c += 1 }
    return c
  }

  /// Cell `index` (row-major) as a whole: label band plus frame.
  public func cell(_ index: Int) -> PixelRect {
    let col = index % columns, row = index / columns
    return PixelRect(
      x: margin + col * (cellWidth + gutter),
      y: margin + row * (labelHeight + cellHeight + gutter),
      width: cellWidth, height: labelHeight + cellHeight)
  }

  /// The label band of cell `index`.
  public func label(_ index: Int) -> PixelRect {
    let c = cell(index)
    return PixelRect(x: c.x, y: c.y, width: cellWidth, height: labelHeight)
  }

  /// The frame area of cell `index`: where the variant's frame is copied 1:1.
  public func frame(_ index: Int) -> PixelRect {
    let c = cell(index)
    return PixelRect(x: c.x, y: c.y + labelHeight, width: cellWidth, height: cellHeight)
  }
}
