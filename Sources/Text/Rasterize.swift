import Geometry

/// Renders `label`'s coverage in a box of `boxSize` points at `scale` pixels per point
/// (2 or 3 for a phone's screen), laid out as `layout(_:in:)` does.
///
/// The mask is exactly ceil(boxSize * scale) pixels; glyphs outside it are clipped. Glyphs
/// are unhinted FreeType outlines with anti-aliased coverage (FT_RENDER_MODE_NORMAL),
/// placed horizontally to a quarter pixel and with each baseline snapped to the nearest
/// pixel row, as iOS draws text. Overlapping glyphs add their coverage (clamped to 255).
/// Same input, same bytes, on any thread. The colour is not applied here.
public func rasterize(_ label: Label, boxSize: Size, scale: Double) throws(TextError) -> TextMask {
  let label = label.usable
  let width = pixels(boxSize.width, scale), height = pixels(boxSize.height, scale)
  guard width.multipliedReportingOverflow(by: height).partialValue <= maskPixelLimit,
    width <= maskPixelLimit, height <= maskPixelLimit
  else { throw .maskTooLarge(width: width, height: height) }
  var mask = TextMask(width: width, height: height)
  let ppem64 = (label.fontSize * scale * 64).rounded()
  guard width > 0, height > 0, ppem64 >= 1, ppem64 < 64 * 4096, !label.text.isEmpty else { return mask }
  var key = label
  key.color = .clear
  let cacheKey = MaskCache.Key(label: key, boxSize: boxSize, scale: scale)
  if let cached = MaskCache.shared[cacheKey] { return cached }
  let limit = Double(maskPixelLimit) * 2  // pen positions beyond this are far outside the mask
  let placed: [(mask: GlyphMask, x: Int, y: Int)] = try FontStore.shared.withFonts { fonts in
    let face = fonts.face(label.weight, label.opticalSize)
    var placed: [(mask: GlyphMask, x: Int, y: Int)] = []
    for line in layout(label, in: boxSize, face: face).lines {
      let y = (line.origin.y * scale).rounded()
      guard abs(y) < limit else { continue }
      let baseline = Int(y)
      for glyph in line.glyphs {
        let x = (line.origin.x + glyph.x) * scale
        guard abs(x) < limit else { continue }
        var whole = x.rounded(.down)
        var phase = Int(((x - whole) * Double(subpixelPhases)).rounded())
        if phase == subpixelPhases { whole += 1; phase = 0 }
        let m = fonts.mask(weight: label.weight, opticalSize: label.opticalSize, glyph: glyph.glyph, pixelsPerEm64: Int(ppem64), phase: phase)
        if m.width > 0 { placed.append((m, Int(whole) + m.left, baseline - m.top)) }
      }
    }
    return placed
  }
  for (glyph, x0, y0) in placed { mask.add(glyph, x: x0, y: y0) }
  MaskCache.shared[cacheKey] = mask
  return mask
}

/// Largest mask side, and largest pixel count, `rasterize` makes (16384² would be 256 MB).
let maskPixelLimit = 1 << 26

/// ceil(length * scale) pixels, tolerating floating-point noise (100 pt at 3x is 300 px);
/// 0 for negative or non-finite input.
func pixels(_ length: Double, _ scale: Double) -> Int {
  let v = length * scale
  guard v.isFinite, v > 0 else { return 0 }
  return Int(min((v - 1e-9).rounded(.up), Double(maskPixelLimit) + 1))
}

extension TextMask {
  /// Adds a glyph's coverage with its top-left pixel at (x, y), clipped to the mask.
  mutating func add(_ glyph: GlyphMask, x: Int, y: Int) {
    let x0 = max(0, x), x1 = min(width, x + glyph.width)
    let y0 = max(0, y), y1 = min(height, y + glyph.height)
    guard x0 < x1, y0 < y1 else { return }
    let w = width
    glyph.alpha.withUnsafeBufferPointer { source in
      alpha.withUnsafeMutableBufferPointer { target in
        for row in y0..<y1 {
          let s = (row - y) * glyph.width - x, t = row * w
          for column in x0..<x1 {
            let sum = UInt16(target[t + column]) + UInt16(source[s + column])
            target[t + column] = UInt8(min(sum, 255))
          }
        }
      }
    }
  }
}

/// Empties the label-mask and glyph caches (they refill on demand; results do not change).
func clearCaches() {
  MaskCache.shared.removeAll()
  FontStore.shared.removeGlyphs()
}
