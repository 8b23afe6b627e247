import Geometry
import Raster
import Text

/// Paints a text mask in one colour over a flat background, for `flipbook label`.
enum LabelImage {
  /// Premultiplied RGBA8: colour × coverage composited source-over the background, in
  /// sRGB-encoded values, each byte rounded to nearest.
  static func bitmap(_ mask: TextMask, color: Color, background: Color) -> Bitmap {
    func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
    let fg = [clamp(color.red), clamp(color.green), clamp(color.blue)]
    let bg = [clamp(background.red), clamp(background.green), clamp(background.blue)]
    let fgAlpha = clamp(color.alpha), bgAlpha = clamp(background.alpha)
    var pixels = [UInt8](repeating: 0, count: mask.width * mask.height * 4)
    for i in 0..<mask.width * mask.height {
      let a = fgAlpha * Double(mask.alpha[i]) / 255
      for c in 0..<3 {
        pixels[i * 4 + c] = UInt8((255 * (fg[c] * a + bg[c] * bgAlpha * (1 - a))).rounded())
      }
      pixels[i * 4 + 3] = UInt8((255 * (a + bgAlpha * (1 - a))).rounded())
    }
    return Bitmap(width: max(mask.width, 1), height: max(mask.height, 1), pixels: pixels.isEmpty ? [0, 0, 0, 0] : pixels)
  }
}
