import Geometry
import Raster
import Text

/// A contact sheet (a filmstrip when it fits one row): thumbnails of chosen frames in reading
/// order, each with its timestamp and, when the frame marks an event (touch down, release,
/// settle), the event's name; an optional title line above.
public struct ContactSheet: Sendable {
  /// One thumbnail and what to print under it.
  public struct Tile: Sendable {
    public var image: Bitmap
    /// The timestamp line, e.g. "0.300 s  #18".
    public var caption: String
    /// An event name printed in the accent colour, e.g. "release".
    public var tag: String?

    public init(image: Bitmap, caption: String, tag: String? = nil) {
      self.image = image; self.caption = caption; self.tag = tag
    }
  }

  public var title: String?
  /// Thumbnails per row; nil puts up to 8 in one row.
  public var columns: Int?
  /// Sheet text is set at `style.scale` pixels per point (1 for a README-sized sheet).
  public var style: ReviewStyle
  public var accent = Color(red: 1.0, green: 0.62, blue: 0.04)

  public init(title: String? = nil, columns: Int? = nil, style: ReviewStyle) {
    self.title = title; self.columns = columns; self.style = style
  }

  /// The sheet for `tiles` (all the same size).
  public func render(_ tiles: [Tile]) throws(TextError) -> Bitmap {
    precondition(!tiles.isEmpty, "a contact sheet needs tiles")
    let tw = tiles[0].image.width, th = tiles[0].image.height
    precondition(tiles.allSatisfy { $0.image.width == tw && $0.image.height == th }, "tiles differ in size")
    let cols = max(1, min(tiles.count, columns ?? min(tiles.count, 8)))
    let rows = (tiles.count + cols - 1) / cols
    let gap = style.gutterPixels, margin = 2 * style.gutterPixels
    let captionH = style.pixels(16), tagH = style.pixels(15)
    let titleH = title == nil ? 0 : style.pixels(26)
    let cellH = th + style.pixels(4) + captionH + tagH
    var w = 2 * margin + cols * tw + (cols - 1) * gap
    var h = 2 * margin + titleH + rows * cellH + (rows - 1) * gap
    w += w % 2; h += h % 2
    var sheet = Bitmap.solid(width: w, height: h, color: style.background)
    if let title {
      let label = Label(title, fontSize: 15, weight: .semibold, color: style.labelColor, alignment: .left)
      try sheet.stamp(label, in: PixelRect(x: margin, y: margin - style.pixels(4), width: w - 2 * margin, height: titleH), scale: style.scale)
    }
    for (i, tile) in tiles.enumerated() {
      let x = margin + (i % cols) * (tw + gap)
      let y = margin + titleH + (i / cols) * (cellH + gap)
      sheet.copy(tile.image, toX: x, y: y)
      let cy = y + th + style.pixels(4)
      let caption = Label(tile.caption, fontSize: 12, weight: .medium, color: style.labelColor, alignment: .center)
      try sheet.stamp(caption, in: PixelRect(x: x, y: cy, width: tw, height: captionH), scale: style.scale)
      if let tag = tile.tag {
        let t = Label(tag, fontSize: 11, weight: .semibold, color: accent, alignment: .center)
        try sheet.stamp(t, in: PixelRect(x: x, y: cy + captionH, width: tw, height: tagH), scale: style.scale)
      }
    }
    return sheet
  }

  /// "0.300 s  #18": seconds to the millisecond and the frame number.
  public static func timestamp(seconds t: Double, frame: Int) -> String {
    let ms = Int((t * 1000).rounded())
    let s = "\(ms / 1000).\(String(repeating: "0", count: 3 - String(ms % 1000).count))\(ms % 1000)"
    return "\(s) s  #\(frame)"
  }
}
