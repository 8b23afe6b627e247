import Geometry
import Raster
import Symbols

/// Draws a symbol image at `scale` pixels per point, offset by `margin` pixels, in black:
/// what Stage's path layers do, without a layer tree.
func render(_ image: SymbolImage, scale: Double, margin: Int) -> Bitmap {
  var bitmap = Bitmap(width: Int((image.size.width * scale).rounded(.up)) + 2 * margin,
                      height: Int((image.size.height * scale).rounded(.up)) + 2 * margin)
  let t = AffineTransform(scaleX: scale, y: scale).concatenating(AffineTransform(translationX: Double(margin), y: Double(margin)))
  for part in image.parts {
    switch part.paint {
    case .fill(let rule):
      bitmap.fill(part.path, color: .black, rule: rule, transform: t, opacity: part.opacity)
    case .stroke(let w):
      bitmap.stroke(part.path, style: StrokeStyle(width: w, cap: .round, join: .round), color: .black, transform: t, opacity: part.opacity)
    case .fillAndStroke(let rule, let w):
      bitmap.fill(part.path, color: .black, rule: rule, transform: t, opacity: part.opacity)
      bitmap.stroke(part.path, style: StrokeStyle(width: w, cap: .round, join: .round), color: .black, transform: t, opacity: part.opacity)
    }
  }
  return bitmap
}

/// The alpha channel at (x, y).
func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b.pixels[(y * b.width + x) * 4 + 3]) }

/// The smallest pixel rectangle holding every pixel with alpha > 0, as (minX, minY, maxX, maxY) inclusive.
func inkBox(_ b: Bitmap) -> (Int, Int, Int, Int)? {
  var box: (Int, Int, Int, Int)?
  for y in 0..<b.height {
    for x in 0..<b.width where alpha(b, x, y) > 0 {
      if let (x0, y0, x1, y1) = box {
        box = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
      } else {
        box = (x, y, x, y)
      }
    }
  }
  return box
}
