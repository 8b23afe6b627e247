import Geometry
import Raster
import Text

/// Text overlays drawn over a frame's bottom edge: a caption (the scene's name and the
/// parameters that matter) on a translucent band, and a timecode (time and frame number)
/// right-aligned on the same band, or on its own pill when there is no caption.
public struct InfoOverlay: Hashable, Sendable {
  /// Pixels per point of the frame.
  public var scale: Double
  public var band = Color(white: 0, alpha: 0.55)
  public var text = Color(white: 1)
  public var secondary = Color(white: 1, alpha: 0.72)
  /// The band's height in points (two lines of caption).
  public var bandHeight = 52.0
  /// Distance from the frame's bottom edge in points (clear of the home indicator).
  public var bottomInset = 34.0

  public init(scale: Double) { self.scale = scale }

  /// "0.417 s  frame 25".
  public static func timecode(seconds t: Double, frame: Int) -> String {
    let ms = Int((t * 1000).rounded())
    let frac = String(ms % 1000)
    return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac) s  frame \(frame)"
  }

  func px(_ v: Double) -> Int { Int((v * scale).rounded()) }

  /// Draws the caption (`title` over `detail`) and/or the timecode on `frame`.
  /// Returns the pixels it may have changed.
  @discardableResult
  public func draw(
    caption: (title: String, detail: String)?, timecode: String?, on frame: inout Bitmap
  ) throws(TextError) -> PixelRect? {
    guard caption != nil || timecode != nil else { return nil }
    let inset = px(12), h = px(bandHeight)
    let y = frame.height - px(bottomInset) - h
    var area: PixelRect
    if caption != nil {
      area = PixelRect(x: inset, y: y, width: frame.width - 2 * inset, height: h)
    } else {
      let w = px(150)
      area = PixelRect(x: frame.width - inset - w, y: y + h - px(30), width: w, height: px(30))
    }
    let radius = Double(px(caption != nil ? 12 : 15))
    let box = Rect(x: Double(area.x), y: Double(area.y), width: Double(area.width), height: Double(area.height))
    frame.draw(band, region: area) { $0.addRoundedRect(box, radius: radius) }
    let pad = px(12)
    var textWidth = area.width - 2 * pad
    if let timecode {
      let label = Label(timecode, fontSize: 13, weight: .medium, color: caption == nil ? text : secondary, alignment: caption == nil ? .center : .right)
      let w = caption == nil ? area.width : px(140)
      let r = PixelRect(x: area.maxX - (caption == nil ? 0 : pad) - w, y: area.y + (caption == nil ? 0 : area.height - px(26) - px(4)), width: w, height: px(caption == nil ? 30 : 26))
      try frame.stamp(label, in: r, scale: scale)
      if caption != nil { textWidth -= px(140) }
    }
    if let caption {
      let t = Label(caption.title, fontSize: 15, weight: .semibold, color: text)
      try frame.stamp(t, in: PixelRect(x: area.x + pad, y: area.y + px(5), width: max(1, area.width - 2 * pad), height: px(22)), scale: scale)
      let d = Label(caption.detail, fontSize: 13, weight: .regular, color: secondary)
      try frame.stamp(d, in: PixelRect(x: area.x + pad, y: area.y + px(26), width: max(1, textWidth), height: px(20)), scale: scale)
    }
    return area
  }
}
