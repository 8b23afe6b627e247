import Geometry
import Text

extension Bitmap {
  /// Draws a label laid out in `rect` (user space; `transform` maps it to device pixels),
  /// in the label's colour, as a UILabel filling `rect` would. Glyph coverage comes from
  /// the Text module, rasterized at the transform's device scale, so text stays sharp
  /// when the layer is scaled. When `rect`'s top-left lands on a whole device pixel at
  /// that scale the coverage is used as is; otherwise it is resampled bilinearly through
  /// the transform, as Core Animation resamples a layer's backing store.
  /// Throws when the Text module cannot lay out or rasterize the label.
  public mutating func draw(
    _ label: Label, in rect: Rect, transform: AffineTransform = .identity, opacity: Double = 1, clip: Mask? = nil
  ) throws(TextError) {
    let r = rect.standardized
    let deviceScale = abs(transform.determinant).squareRoot()
    guard opacity > 0, label.color.alpha > 0, r.width > 0, r.height > 0,
          deviceScale.isFinite, deviceScale > 1e-3 else { return }
    let textScale = min(deviceScale, 64)
    let mask = try Text.rasterize(label, boxSize: Size(r.width, r.height), scale: textScale)
    guard mask.width > 0, mask.height > 0 else { return }
    let toDevice = AffineTransform(scaleX: 1 / textScale, y: 1 / textScale)
      .concatenating(AffineTransform(translationX: r.minX, y: r.minY))
      .concatenating(transform)
    let tx = toDevice.tx.rounded(), ty = toDevice.ty.rounded()
    let eps = 1e-6
    if abs(toDevice.a - 1) < eps, abs(toDevice.d - 1) < eps, abs(toDevice.b) < eps, abs(toDevice.c) < eps,
       abs(toDevice.tx - tx) < eps, abs(toDevice.ty - ty) < eps, abs(tx) < 1e8, abs(ty) < 1e8 {
      let placed = Mask(bounds: PixelRect(x: Int(tx), y: Int(ty), width: mask.width, height: mask.height), coverage: mask.alpha)
      fill(placed, color: label.color, opacity: opacity, clip: clip)
      return
    }
    // Resample: the coverage times the premultiplied colour, as an image.
    let c = PremultipliedColor(label.color)
    var px = [UInt8](repeating: 0, count: mask.width * mask.height * 4)
    for i in 0..<(mask.width * mask.height) {
      let a = UInt32(mask.alpha[i])
      if a == 0 { continue }
      px[i * 4] = UInt8(mul255(UInt32(c.r), a)); px[i * 4 + 1] = UInt8(mul255(UInt32(c.g), a))
      px[i * 4 + 2] = UInt8(mul255(UInt32(c.b), a)); px[i * 4 + 3] = UInt8(mul255(UInt32(c.a), a))
    }
    draw(Image(Bitmap(width: mask.width, height: mask.height, pixels: px)), transform: toDevice, opacity: opacity, clip: clip)
  }
}
