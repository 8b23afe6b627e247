import Geometry

// Group opacity drawn in row bands: a screen fading as a group (T2's detail screen) is
// mostly its own background, with bars at the top and the bottom. Only the rows where
// something besides the background draws (and the rows a backdrop there reads) go through
// the offscreen bitmap; the rows between hold nothing but the background and are composited
// as the offscreen would have held them (`Bitmap.compositeBackground`), without drawing them.
//
// Same bytes as the whole offscreen: the offscreen keeps the whole group's size and
// transform; each band is drawn into it under a whole-pixel rectangular clip, whose coverage
// is 255 on every row of the band (so every coverage product is unchanged), and the bands
// include every row a backdrop inside them reads (its blur's reach), so the blur sees the
// same pixels. Rows outside the bands are never read.

extension LayerRenderer {
  /// The rows of a group's offscreen (0 ..< `box.height`) where more than its background
  /// draws, as sorted disjoint ranges, or nil when bands do not apply (a rounded, rotated or
  /// absent background, a shadow or a border, or bands that would cover most rows anyway).
  func groupBands(_ layer: Layer, _ t: AffineTransform, box: PixelRect) -> [Range<Int>]? {
    guard let bg = layer.backgroundColor, bg.alpha > 0, layer.cornerRadii.isZero, t.b == 0, t.c == 0,
          layer.shadow == nil, layer.border == nil else { return nil }
    var spans: [Range<Int>] = []
    func add(_ r: Rect, grow: Int) {
      let p = PixelRect(enclosing: r).outset(by: grow + 1)
      let lo = max(p.y - box.y, 0), hi = min(p.maxY - box.y, box.height)
      if lo < hi { spans.append(lo..<hi) }
    }
    let own = t.apply(layer.bounds)
    if layer.contents != nil {
      var bare = layer
      bare.sublayers = []
      bare.backgroundColor = nil
      guard let e = extent(bare, t, parent: t) else { return nil }
      add(e, grow: 0)
    }
    for sub in layer.sublayers where !sub.isHidden && sub.opacity > 0 {
      let st = LayerRenderer.toParent(sub).concatenating(t)
      guard var e = extent(sub, st, parent: t) else { continue }
      if layer.masksToBounds { e = e.intersection(own) ?? .zero }
      add(e, grow: Self.backdropReach(sub, st))
    }
    spans.sort { $0.lowerBound < $1.lowerBound }
    var bands: [Range<Int>] = []
    for s in spans {
      // Gaps of a few rows are not worth a separate composite.
      if let last = bands.last, s.lowerBound <= last.upperBound + 8 {
        bands[bands.count - 1] = last.lowerBound..<max(last.upperBound, s.upperBound)
      } else {
        bands.append(s)
      }
    }
    let rows = bands.reduce(0) { $0 + $1.count }
    return rows * 4 < box.height * 3 ? bands : nil
  }

  /// How far beyond its own extent a layer tree's backdrops read (device pixels): the largest
  /// blur reach of any backdrop in it, 0 without one.
  static func backdropReach(_ layer: Layer, _ t: AffineTransform) -> Int {
    var reach = 0
    if let b = layer.backdrop {
      reach = BackdropBlur.reach(sigma: b.blurRadius * abs(t.determinant).squareRoot()) + 1
    }
    for sub in layer.sublayers where !sub.isHidden && sub.opacity > 0 {
      reach = max(reach, backdropReach(sub, LayerRenderer.toParent(sub).concatenating(t)))
    }
    return reach
  }

  /// Draws a group of `layer` (opacity `o`) over `box` through `bands` (see `groupBands`):
  /// the bands through one offscreen the size of `box`, the rows between as background.
  func drawGroup(
    _ layer: Layer, _ t: AffineTransform, parent: AffineTransform, box: PixelRect, bands: [Range<Int>],
    opacity o: Double, clip: Mask?, into bitmap: inout Bitmap
  ) {
    let shift = AffineTransform(translationX: -Double(box.x), y: -Double(box.y))
    let shifted = t.concatenating(shift)
    var offscreen = offscreen(for: layer, shifted, width: box.width, height: box.height)
    var row = 0
    // The background's coverage in offscreen pixels, as filling the offscreen computes it.
    let background = Mask(rect: shifted.apply(layer.bounds))
    let color = PremultipliedColor(layer.backgroundColor!, opacity: 1).packed
    for band in bands + [box.height..<box.height] {
      if band.lowerBound > row {
        let rest = PixelRect(x: box.x, y: box.y + row, width: box.width, height: band.lowerBound - row)
        bitmap.compositeBackground(background, color: color, origin: box, rows: rest, opacity: o, clip: clip)
      }
      if band.isEmpty { break }
      let rows = PixelRect(x: 0, y: band.lowerBound, width: box.width, height: band.count)
      drawParts(layer, shifted, parent: parent.concatenating(shift), clip: Mask(rect: rows.rect), opacity: 1, into: &offscreen)
      bitmap.draw(offscreen, rows: band, atX: box.x, y: box.y, opacity: o, clip: clip)
      row = band.upperBound
    }
  }
}

extension Bitmap {
  /// Composites rows `rows` of `source` (whose pixel (0, 0) lands on device pixel (x, y)),
  /// times `opacity`, under `clip`: the same bytes as those rows of `draw(_:atX:y:...)`.
  mutating func draw(_ source: Bitmap, rows: Range<Int>, atX x: Int, y: Int, opacity: Double, clip: Mask?) {
    let region = PixelRect(x: x, y: y + rows.lowerBound, width: source.width, height: rows.count)
    let sw = source.width
    source.pixels.withUnsafeBytes { sb in
      composite(region, opacity: opacity, clip: clip) { yy, x0, _ in
        UnsafePointer((sb.baseAddress! + ((yy - y) * sw + (x0 - x)) * 4).assumingMemoryBound(to: UInt32.self))
      }
    }
  }
}
