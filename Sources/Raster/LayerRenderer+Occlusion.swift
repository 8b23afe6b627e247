import Geometry

// Occlusion of a layer's background by what the layer draws over it: a grid screen's white
// is mostly hidden under its photo cells, and each cell's grey placeholder under its photo.
// A pixel that a later draw stores an opaque colour into at full coverage ends with that
// colour whatever was under it (source-over with Sa = 255 and coverage 255 is a plain store,
// see Compositing.swift), so the background need not be blended there: the output bytes are
// the same. Only draws that surely store are counted (docs/raster.md, "Occlusion"):
// an opaque, unrounded, axis-aligned background or opaque image at opacity 1, over the pixels
// wholly inside both it and a rectangular clip; nothing that reads the destination (a
// backdrop) may come between the background and the occluder.

extension LayerRenderer {
  /// Pixel rectangles (device pixels) where what `drawParts` draws after `layer`'s
  /// background (its contents, then its sublayers in order, through `inner`) stores opaque
  /// pixels at full coverage. Empty when the drawing is not at full opacity.
  func occluders(_ layer: Layer, _ t: AffineTransform, inner: Mask?, opacity o: Double, canvas: PixelRect) -> [PixelRect] {
    guard o >= 1, let ci = Self.interior(of: inner, canvas: canvas) else { return [] }
    var out: [PixelRect] = []
    imageOccluder(layer, t, clip: ci, into: &out)
    for sub in layer.sublayers {
      if sub.hasBackdropInTree { break }  // it reads the destination: nothing after counts
      collectOccluders(sub, parent: t, clip: ci, depth: 0, into: &out)
    }
    return out
  }

  /// The occluders of a sublayer drawn with parent transform `t` through a clip whose
  /// full-coverage pixels include `clip`, recursing into its sublayers.
  private func collectOccluders(_ layer: Layer, parent t: AffineTransform, clip: PixelRect, depth: Int, into out: inout [PixelRect]) {
    guard depth < 4, !layer.isHidden, layer.opacity >= 1, layer.mask == nil, layer.backdrop == nil,
          layer.shadow == nil, !clip.isEmpty else { return }
    let lt = LayerRenderer.toParent(layer).concatenating(t)
    guard lt.b == 0, lt.c == 0, lt.inverted() != nil else { return }
    let own = Self.inside(lt.apply(layer.bounds))
    if let bg = layer.backgroundColor, PremultipliedColor(bg).a == 255, layer.cornerRadii.isZero {
      append(own.intersection(clip), into: &out)
    }
    if layer.masksToBounds && !layer.cornerRadii.isZero { return }
    let inner = layer.masksToBounds ? clip.intersection(own) : clip
    imageOccluder(layer, lt, clip: inner, into: &out)
    for sub in layer.sublayers {
      if sub.hasBackdropInTree { break }
      collectOccluders(sub, parent: lt, clip: inner, depth: depth + 1, into: &out)
    }
  }

  /// An opaque image's full-coverage pixels, drawn through a clip whose full-coverage
  /// pixels include `clip`.
  private func imageOccluder(_ layer: Layer, _ t: AffineTransform, clip: PixelRect, into out: inout [PixelRect]) {
    guard case .image(let image, let mode)? = layer.contents, image.isOpaque, t.b == 0, t.c == 0 else { return }
    let r = mode.imageRect(imageSize: Size(Double(image.width), Double(image.height)), in: layer.bounds)
    guard r.width > 0, r.height > 0 else { return }
    append(Self.inside(t.apply(r)).intersection(clip), into: &out)
  }

  private func append(_ r: PixelRect, into out: inout [PixelRect]) {
    if !r.isEmpty { out.append(r) }
  }

  /// The pixels a device-pixel rectangle covers at 255: those inside it, give or take 1e-6 px
  /// (an edge at 784.000001 from the transforms' rounding still covers pixel 784 by
  /// 0.999999, stored as 255; every pixel counted has both spans >= 1 - 1e-6 - ε).
  static func inside(_ r: Rect) -> PixelRect {
    let s = r.standardized
    let x0 = (s.minX - 1e-6).rounded(.up), y0 = (s.minY - 1e-6).rounded(.up)
    let x1 = (s.maxX + 1e-6).rounded(.down), y1 = (s.maxY + 1e-6).rounded(.down)
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return .empty }
    let lim = 1e8
    let cx0 = Int(max(-lim, min(lim, x0))), cy0 = Int(max(-lim, min(lim, y0)))
    let cx1 = Int(max(-lim, min(lim, x1))), cy1 = Int(max(-lim, min(lim, y1)))
    return PixelRect(x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0)
  }

  /// The pixels where `clip` (and its group divisor) is surely 255, within `canvas`; nil
  /// when the clip is not a rectangle (its full pixels are not worked out here).
  static func interior(of clip: Mask?, canvas: PixelRect) -> PixelRect? {
    guard let clip else { return canvas }
    guard case .rect(let x0, let y0, let x1, let y1) = clip.storage, !clip.dividesOnly else { return nil }
    var r = inside(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)).intersection(canvas)
    if let d = clip.divisor?.mask {
      guard case .rect(let a0, let b0, let a1, let b1) = d.storage else { return nil }
      r = r.intersection(inside(Rect(x: a0, y: b0, width: a1 - a0, height: b1 - b0)))
    }
    return r
  }
}
