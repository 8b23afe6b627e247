import Geometry
import Raster
import Text

extension Bitmap {
  /// Draws `label` (its colour, straight alpha) laid out in the box `rect` (device pixels)
  /// at `scale` pixels per point, as UILabel lays it out, through Raster's
  /// `draw(_:in:transform:)`; text outside the box is clipped. Returns the pixels it may
  /// have changed (the box, clipped to the bitmap).
  @discardableResult
  public mutating func stamp(_ label: Label, in rect: PixelRect, scale: Double) throws(TextError) -> PixelRect {
    let box = Rect(x: Double(rect.x) / scale, y: Double(rect.y) / scale, width: Double(rect.width) / scale, height: Double(rect.height) / scale)
    try draw(label, in: box, transform: AffineTransform(scaleX: scale, y: scale), clip: Mask(rect: rect.rect))
    return rect.intersection(pixelBounds)
  }
}
