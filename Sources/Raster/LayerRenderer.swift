import Geometry

/// Draws a `Layer` tree into a bitmap the way Core Animation composites it.
///
/// Per layer, in order: its shadow, background, contents, sublayers (clipped to the rounded
/// bounds when `masksToBounds`), then its border on top. `mask` clips the whole layer,
/// shadow included; `masksToBounds` clips the shadow too, as CALayer does. A layer with
/// opacity < 1 whose parts could overlap (more than one of shadow, background, contents,
/// border, visible sublayers), or with an anti-aliased clip of its own (`mask`, rounded or
/// fractional `masksToBounds`) and sublayers, is drawn into an offscreen bitmap and
/// composited once at its opacity through its clip (a group); a layer with a single part
/// just scales that part's coverage. The rules, with units: docs/raster.md, "What the layer
/// renderer draws".
///
/// Geometry: a layer's `transform` applies about its anchor point; `position` places the
/// anchor in the parent's bounds space; all lengths are points, multiplied by `scale`.
/// Shadow offsets and radii are in the parent's space, scaled with it. The shadow's shape
/// is `shadow.path`, else the rounded bounds when the layer has a background, else a path
/// content, else the alpha of everything the layer draws (offset rounded to whole pixels).
/// `.text` contents are laid out and rasterized by the Text module (Inter through FreeType)
/// in the layer's bounds, in the label's colour.
public struct LayerRenderer: Sendable {
  /// Device pixels per point.
  public var scale: Double
  /// Where image samples are kept across frames (nil: resample every draw, as the
  /// canonical benchmark frame requires). Output bytes are the same either way.
  public var sampleCache: SampleCache?
  /// Where shape contents' coverage masks are kept across frames (nil: rasterize every draw).
  public var maskCache: MaskCache?
  /// Where backdrop results are kept across frames (nil: blur every draw).
  public var backdropCache: BackdropCache?

  /// With `caches: false`, nothing is kept across frames (the canonical benchmark frame);
  /// output bytes are the same either way.
  public init(scale: Double, sampleCache: SampleCache? = .shared, caches: Bool = true) {
    self.scale = scale
    self.sampleCache = sampleCache
    self.maskCache = caches ? .shared : nil
    self.backdropCache = caches ? .shared : nil
  }

  /// Renders `root` (its frame in canvas points) over the current contents of `bitmap`.
  public static func render(_ root: Layer, into bitmap: inout Bitmap, scale: Double, sampleCache: SampleCache? = .shared, caches: Bool = true) {
    LayerRenderer(scale: scale, sampleCache: sampleCache, caches: caches).render(root, into: &bitmap)
  }

  public func render(_ root: Layer, into bitmap: inout Bitmap) {
    draw(root, parent: AffineTransform(scaleX: scale, y: scale), clip: nil, opacity: 1, into: &bitmap)
  }

  /// Redraws `region` of `bitmap` (device pixels) with `root`, leaving every pixel outside it
  /// alone: inside, the bytes of `root` rendered whole into a new bitmap
  /// (`Bitmap(width:height:rendering:scale:)`), as long as nothing drawn there reads pixels
  /// outside the region that the whole render would have drawn first (`LayerDamage.grown`
  /// makes a region that holds). The region is cleared first unless the root's opaque
  /// background stores every pixel of it.
  public func render(_ root: Layer, into bitmap: inout Bitmap, within region: PixelRect) {
    let r = region.intersection(bitmap.pixelBounds)
    if r.isEmpty { return }
    let device = AffineTransform(scaleX: scale, y: scale)
    if !(root.backdrop == nil && root.opacity >= 1 && storesEveryPixel(root, LayerRenderer.toParent(root).concatenating(device), of: r)) {
      bitmap.clear(r)
    }
    draw(root, parent: device, clip: r == bitmap.pixelBounds ? nil : Mask(rect: r.rect), opacity: 1, into: &bitmap)
  }

  /// Maps the layer's bounds space to its parent's bounds space.
  public static func toParent(_ layer: Layer) -> AffineTransform {
    let b = layer.bounds
    let ax = b.minX + layer.anchorPoint.x * b.width, ay = b.minY + layer.anchorPoint.y * b.height
    return AffineTransform(translationX: -ax, y: -ay)
      .concatenating(layer.transform)
      .concatenating(AffineTransform(translationX: layer.position.x, y: layer.position.y))
  }

  private func visibleSublayers(_ layer: Layer) -> Int {
    layer.sublayers.reduce(0) { $0 + ($1.isHidden || $1.opacity <= 0 ? 0 : 1) }
  }

  /// How many separately composited parts a layer has (overlap is possible when > 1).
  private func parts(_ layer: Layer) -> Int {
    var n = visibleSublayers(layer)
    if let s = layer.shadow, s.opacity > 0, !layer.masksToBounds { n += 1 }
    if layer.backgroundColor.map({ $0.alpha > 0 }) ?? false { n += 1 }
    if let c = layer.contents, drawsContents(c) { n += 1 }
    if case .shape(let shape)? = layer.contents, shape.paintsTwice { n += 1 }
    if let b = layer.border, b.width > 0, b.color.alpha > 0 { n += 1 }
    return n
  }

  /// Whether the layer paints anything of its own under its sublayers (shadow, background,
  /// contents); its backdrop is not counted.
  func paintsUnderSublayers(_ layer: Layer) -> Bool {
    var n = parts(layer) - visibleSublayers(layer)
    if let b = layer.border, b.width > 0, b.color.alpha > 0 { n -= 1 }
    return n > 0
  }

  /// Whether a visible layer or any of its visible sublayers paints anything besides backdrops.
  func paintsAnything(_ layer: Layer) -> Bool {
    guard !layer.isHidden, layer.opacity > 0 else { return false }
    if parts(layer) - visibleSublayers(layer) > 0 { return true }
    return layer.sublayers.contains { paintsAnything($0) }
  }

  private func drawsContents(_ c: LayerContents) -> Bool {
    if case .text(let label) = c { return !label.text.isEmpty && label.color.alpha > 0 }
    if case .shape(let shape) = c { return shape.paintedBounds != nil }
    return true
  }

  private func draw(_ layer: Layer, parent: AffineTransform, clip: Mask?, opacity: Double, into bitmap: inout Bitmap) {
    guard !layer.isHidden, layer.opacity > 0, opacity > 0 else { return }
    let t = LayerRenderer.toParent(layer).concatenating(parent)
    guard t.inverted() != nil else { return }
    let o = opacity * min(layer.opacity, 1)
    var clip = clip
    let limit = clip.map { $0.bounds.intersection(bitmap.pixelBounds) } ?? bitmap.pixelBounds
    if limit.isEmpty { return }
    if let m = layer.mask {
      let mm = Mask(path: m, transform: t, limit: limit)
      clip = clip.map { $0.intersection(mm) } ?? mm
    }
    drawBackdrop(of: layer, t, clip: clip, opacity: o, into: &bitmap)
    let ownBounds = groupBoundsClip(layer, t, limit: limit)
    if parts(layer) > 1 && (o < 1 || layer.mask != nil || ownBounds != nil)
        || (layer.mask != nil || ownBounds != nil) && visibleSublayers(layer) > 0 {
      drawGroup(layer, t, parent: parent, clip: clip, ownBounds: ownBounds, opacity: o, limit: limit, into: &bitmap)
    } else {
      drawParts(layer, t, parent: parent, clip: clip, opacity: o, into: &bitmap)
    }
  }

  /// The rounded bounds as a clip, for a layer that masks to bounds with an edge that
  /// anti-aliases (rounded, rotated or off the pixel grid); nil otherwise.
  private func groupBoundsClip(_ layer: Layer, _ t: AffineTransform, limit: PixelRect) -> Mask? {
    guard layer.masksToBounds, visibleSublayers(layer) > 0 || parts(layer) > 1 else { return nil }
    let b = boundsMask(layer, t, limit: limit)
    return b.isPixelAlignedRect ? nil : b
  }

  /// A group: the layer drawn offscreen and composited once, at its opacity, through its
  /// clip (the parent's clip, its `mask`, and its rounded bounds when it masks to bounds
  /// with an anti-aliased edge), so that opacity, dimming and clips act on the finished
  /// layer and its edge is anti-aliased once. Inside the offscreen, parts are drawn through
  /// the same clip divided by itself (`Mask.groupClip`): each part's coverage within the
  /// clip, so a part that fills the clip's edge pixels stores them whole.
  private func drawGroup(
    _ layer: Layer, _ t: AffineTransform, parent: AffineTransform, clip: Mask?, ownBounds: Mask?,
    opacity o: Double, limit: PixelRect, into bitmap: inout Bitmap
  ) {
    var body = layer
    var groupClip = clip
    if layer.masksToBounds {
      // The composite clips to the bounds (the shadow too, as CALayer does).
      let b = ownBounds ?? boundsMask(layer, t, limit: limit)
      groupClip = clip.map { $0.intersection(b) } ?? b
      body.masksToBounds = false
      body.shadow = nil
    }
    guard let extent = extent(body, t, parent: parent) else { return }
    let box = PixelRect(enclosing: extent).intersection(groupClip?.bounds ?? limit).intersection(bitmap.pixelBounds)
    if box.isEmpty { return }
    if o >= 1, let g = groupClip {
      if containsBackdrop(body.sublayers) {
        // A backdrop reads what is under it; offscreen it would read nothing. Drawn
        // straight through the clip (an edge shared with the clip still anti-aliases once
        // per part; parts stacked at the rim blend there one after another).
        drawParts(body, t, parent: parent, clip: g, opacity: 1, into: &bitmap)
      } else {
        drawClippedGroup(layer, body, t, parent: parent, clip: clip, ownBounds: ownBounds, group: g, box: box, into: &bitmap)
      }
      return
    }
    // Descendants' materials with nothing of the group under them blur what is under the
    // group, so they are drawn before it (`drawDescendantBackdrops`).
    body = drawDescendantBackdrops(of: body, t, clip: groupClip, opacity: o, into: &bitmap)
    let shift = AffineTransform(translationX: -Double(box.x), y: -Double(box.y))
    // A clip without partial pixels needs no division: the composite cuts what it must.
    let inside = groupClip.flatMap { $0.isPixelAlignedRect ? nil : $0.offsetBy(dx: -box.x, dy: -box.y).groupClip }
    if inside == nil, let bands = groupBands(body, t, box: box) {
      drawGroup(body, t, parent: parent, box: box, bands: bands, opacity: o, clip: groupClip, into: &bitmap)
      return
    }
    let split: (rows: Int, background: (mask: Mask, color: UInt32)?) = inside == nil
      ? backgroundOnlyRows(layer, t, parent: parent, box: box, shift: shift) : (box.height, nil)
    if split.rows > 0 {
      // Uncleared only where the background stores every pixel the composite reads.
      var offscreen = inside == nil
        ? offscreen(for: body, t.concatenating(shift), width: box.width, height: split.rows)
        : Bitmap(width: box.width, height: split.rows)
      drawParts(body, t.concatenating(shift), parent: parent.concatenating(shift), clip: inside, opacity: 1, into: &offscreen)
      bitmap.draw(offscreen, atX: box.x, y: box.y, opacity: o, clip: groupClip)
    }
    if let background = split.background, split.rows < box.height {
      // The rows below everything else hold only the background: composite them as the
      // offscreen would have held them, without drawing them offscreen.
      let rest = PixelRect(x: box.x, y: box.y + split.rows, width: box.width, height: box.height - split.rows)
      bitmap.compositeBackground(background.mask, color: background.color, origin: box, rows: rest, opacity: o, clip: groupClip)
    }
  }

  /// A group at opacity 1 through `clip`: where the clip is 255 the group composited once
  /// equals its parts drawn one after another, so the parts are drawn straight to the
  /// canvas; only over the clip's partial pixels (`Mask.partialRects`) is the group drawn
  /// offscreen and composited through the clip, replacing what the straight drawing left
  /// there. The bytes are those of compositing the whole group once, apart from
  /// source-over's rounding where parts overlap with alpha (at most 1/255 per part).
  ///
  /// The straight drawing is the ungrouped one: a layer that masks to bounds draws its
  /// background and border through the parent's `clip` and the rest through its rounded
  /// bounds (rasterized once, `ownBounds`), so pixels where the clip is 255 cost and hold
  /// what they did before groups.
  private func drawClippedGroup(
    _ layer: Layer, _ body: Layer, _ t: AffineTransform, parent: AffineTransform, clip: Mask?, ownBounds: Mask?,
    group g: Mask, box: PixelRect, into bitmap: inout Bitmap
  ) {
    let rects = g.partialRects(in: box)
    let before = rects.map { bitmap.copy(of: $0) }
    if layer.masksToBounds {
      var straight = layer
      straight.shadow = nil
      drawParts(straight, t, parent: parent, clip: clip, opacity: 1, bounds: ownBounds, into: &bitmap)
    } else {
      drawParts(body, t, parent: parent, clip: g.withoutOutline, opacity: 1, into: &bitmap)
    }
    for (r, under) in zip(rects, before) {
      let shift = AffineTransform(translationX: -Double(r.x), y: -Double(r.y))
      let local = g.offsetBy(dx: -r.x, dy: -r.y)
      var offscreen = Bitmap(width: r.width, height: r.height)
      drawParts(body, t.concatenating(shift), parent: parent.concatenating(shift), clip: local.groupClip, opacity: 1, into: &offscreen)
      var patch = under
      patch.draw(offscreen, atX: 0, y: 0, opacity: 1, clip: local)
      bitmap.paste(patch, at: r, wherePartial: g)
    }
  }

  /// True when a visible layer among `layers` or their sublayers has a backdrop material.
  private func containsBackdrop(_ layers: [Layer]) -> Bool {
    layers.contains { !$0.isHidden && $0.opacity > 0 && ($0.backdrop != nil || containsBackdrop($0.sublayers)) }
  }

  /// For a group drawn offscreen over `box`: how many rows from the top the offscreen needs,
  /// and, when the rows below hold nothing but the layer's background, that background's
  /// coverage in offscreen pixels (computed exactly as the offscreen draws it) and its
  /// premultiplied colour. Only for an unrounded, axis-aligned background, whose coverage
  /// does not depend on the offscreen's size.
  private func backgroundOnlyRows(
    _ layer: Layer, _ t: AffineTransform, parent: AffineTransform, box: PixelRect, shift: AffineTransform
  ) -> (rows: Int, background: (mask: Mask, color: UInt32)?) {
    guard let bg = layer.backgroundColor, bg.alpha > 0, layer.cornerRadii.isZero, t.b == 0, t.c == 0 else {
      return (box.height, nil)
    }
    var rest = layer
    rest.backgroundColor = nil
    let end = extent(rest, t, parent: parent).map { PixelRect(enclosing: $0).maxY } ?? box.y
    let rows = min(max(end - box.y, 0), box.height)
    if rows == box.height { return (rows, nil) }
    let shifted = t.concatenating(shift)
    let mask = boundsMask(layer, shifted, limit: PixelRect(x: 0, y: 0, width: box.width, height: box.height))
    return (rows, (mask, PremultipliedColor(bg, opacity: 1).packed))
  }

  private func roundedBounds(_ layer: Layer) -> Path {
    Path(roundedRect: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve)
  }

  /// The coverage of the layer's rounded bounds in device pixels.
  func boundsMask(_ layer: Layer, _ t: AffineTransform, limit: PixelRect) -> Mask {
    if layer.cornerRadii.isZero && t.b == 0 && t.c == 0 {
      return Mask(rect: t.apply(layer.bounds))
    }
    return roundedMask(roundedBounds(layer), t, limit: limit)
  }

  /// The coverage of a rounded shape through `t` within `limit`, kept in `maskCache` when
  /// there is one (a material capsule or a rounded card redrawn in place every frame).
  func roundedMask(_ path: Path, _ t: AffineTransform, limit: PixelRect) -> Mask {
    let make = { Mask(path: path, transform: t, limit: limit) }
    return maskCache?.mask(path, .fill(.nonZero), transform: t, limit: limit, make: make) ?? make()
  }

  /// `bounds`: the layer's rounded bounds already rasterized with the same transform and
  /// limit, if at hand.
  func drawParts(
    _ layer: Layer, _ t: AffineTransform, parent: AffineTransform, clip: Mask?, opacity o: Double,
    bounds: Mask? = nil, into bitmap: inout Bitmap
  ) {
    let limit = clip.map { $0.bounds.intersection(bitmap.pixelBounds) } ?? bitmap.pixelBounds
    if limit.isEmpty { return }
    var shape: Mask? = bounds
    func boundsShape() -> Mask {
      if let shape { return shape }
      let m = boundsMask(layer, t, limit: limit)
      shape = m
      return m
    }

    var inner = clip
    if layer.masksToBounds {
      let b = boundsShape()
      inner = clip.map { $0.intersection(b) } ?? b
    }
    // Occlusion: a sublayer that paints every pixel this layer can reach with an opaque
    // colour hides everything drawn here before it (the shadow, background, contents and
    // earlier sublayers); drawing starts at the last such sublayer.
    let coveringSublayer = lastCovering(layer.sublayers, t, opacity: o, clip: inner, in: bitmap.pixelBounds)
    let covered = coveringSublayer != nil

    if !covered, let s = layer.shadow, s.opacity > 0, !layer.masksToBounds {
      let deviceScale = abs(parent.determinant).squareRoot()
      let offset = parent.applyToVector(s.offset)
      let path: Path?
      if let p = s.path {
        path = p
      } else if layer.backgroundColor.map({ $0.alpha > 0 }) ?? false {
        path = roundedBounds(layer)
      } else if case .path(let p, _, _)? = layer.contents {
        path = p
      } else if case .shape(let shape)? = layer.contents, shape.stroke == nil {
        path = shape.path
      } else {
        path = nil
      }
      if let path {
        bitmap.drawShadow(of: path, transform: t, color: s.color, opacity: s.opacity * o,
                          sigma: s.radius * deviceScale, offset: offset, clip: clip)
      } else {
        // No shadowPath and no background: the shadow takes the shape of everything the
        // layer draws (its alpha), as CALayer does. Draw the layer offscreen, blur its
        // alpha, then composite the shadow and the layer.
        var bare = layer
        bare.shadow = nil
        let sigma = s.radius * deviceScale
        let pad = Int((3 * sigma).rounded(.up)) + 2
        guard let e = extent(bare, t, parent: parent) else { return }
        let box = PixelRect(enclosing: e).intersection(limit.outset(by: pad))
        if box.isEmpty { return }
        var offscreen = Bitmap(width: box.width, height: box.height)
        let shift = AffineTransform(translationX: -Double(box.x), y: -Double(box.y))
        drawParts(bare, t.concatenating(shift), parent: parent.concatenating(shift), clip: nil, opacity: 1, into: &offscreen)
        var alpha = [UInt8](repeating: 0, count: box.area)
        for i in 0..<box.area { alpha[i] = offscreen.pixels[i * 4 + 3] }
        bitmap.drawShadow(of: Mask(bounds: box, coverage: alpha), color: s.color, opacity: s.opacity * o,
                          sigma: sigma, offset: offset, clip: clip)
        bitmap.draw(offscreen, atX: box.x, y: box.y, opacity: o, clip: clip)
        return
      }
    }

    if !covered, let bg = layer.backgroundColor, bg.alpha > 0 {
      // Not blended where what follows stores opaque pixels anyway (same bytes).
      let hidden = occluders(layer, t, inner: inner, opacity: o, canvas: bitmap.pixelBounds)
      bitmap.fill(boundsShape(), color: bg, opacity: o, clip: clip, except: hidden)
    }

    if !covered, let c = layer.contents {
      switch c {
      case .image(let image, let mode):
        bitmap.draw(image, in: layer.bounds, contentMode: mode, transform: t, opacity: o, clip: inner, cache: sampleCache)
      case .linearGradient(let g):
        bitmap.draw(g, in: layer.bounds, transform: t, opacity: o, clip: inner)
      case .path(let p, let color, let rule):
        bitmap.fill(p, color: color, rule: rule, transform: t, opacity: o, clip: inner)
      case .shape(let shape):
        let shapeLimit = inner.map { $0.bounds.intersection(bitmap.pixelBounds) } ?? bitmap.pixelBounds
        if let fill = shape.fill, fill.alpha > 0 {
          let make = { Mask(path: shape.path, transform: t, rule: shape.fillRule, limit: shapeLimit) }
          let mask = maskCache?.mask(shape.path, .fill(shape.fillRule), transform: t, limit: shapeLimit, make: make) ?? make()
          bitmap.fill(mask, color: fill, opacity: o, clip: inner)
        }
        if let stroke = shape.stroke, stroke.alpha > 0, shape.strokeStyle.width > 0 {
          let make = { Mask(stroking: shape.path, style: shape.strokeStyle, transform: t, limit: shapeLimit) }
          let mask = maskCache?.mask(shape.path, .stroke(shape.strokeStyle), transform: t, limit: shapeLimit, make: make) ?? make()
          bitmap.fill(mask, color: stroke, opacity: o, clip: inner)
        }
      case .text(let label):
        // A label that cannot be rasterized (e.g. beyond the Text module's size limits)
        // draws nothing; Stage validates labels before it builds trees.
        try? bitmap.draw(label, in: layer.bounds, transform: t, opacity: o, clip: inner)
      }
    }

    let subs = layer.sublayers
    if !subs.isEmpty {
      // A layer with one part passes its opacity down; otherwise o is 1 here or grouped.
      for sub in subs[(coveringSublayer ?? 0)...] {
        draw(sub, parent: t, clip: inner, opacity: o, into: &bitmap)
      }
    }

    if let border = layer.border, border.width > 0, border.color.alpha > 0 {
      bitmap.fill(borderMask(layer, border.width, t, limit: limit), color: border.color, opacity: o, clip: clip)
    }
  }

  /// The index of the last of `subs` that `covers` the pixels it can reach, if any.
  private func lastCovering(_ subs: [Layer], _ t: AffineTransform, opacity: Double, clip: Mask?, in canvas: PixelRect) -> Int? {
    guard opacity >= 1, !subs.isEmpty else { return nil }
    return subs.indices.last { covers(subs[$0], t, opacity: opacity, clip: clip, in: canvas) }
  }

  /// True when `sub` (drawn under `clip` with parent transform `t`) overwrites every pixel
  /// it can reach: the clip is a whole-pixel rectangle (so its coverage is 255 wherever it
  /// is not 0), and the sublayer's opaque, unrounded, unmasked background fully covers that
  /// rectangle (or the canvas) at full opacity. Its background then stores the same bytes
  /// whatever was under it.
  private func covers(_ sub: Layer, _ t: AffineTransform, opacity: Double, clip: Mask?, in canvas: PixelRect) -> Bool {
    guard opacity >= 1, !sub.isHidden, sub.opacity >= 1, sub.mask == nil, sub.cornerRadii.isZero,
          let bg = sub.backgroundColor, PremultipliedColor(bg).a == 255 else { return false }
    if let clip, !clip.isPixelAlignedRect { return false }
    let region = clip.map { $0.bounds.intersection(canvas) } ?? canvas
    if region.isEmpty { return false }
    let st = LayerRenderer.toParent(sub).concatenating(t)
    guard st.b == 0, st.c == 0 else { return false }
    let r = st.apply(sub.bounds).standardized
    return r.minX <= Double(region.x) && r.minY <= Double(region.y)
      && r.maxX >= Double(region.maxX) && r.maxY >= Double(region.maxY)
  }

  /// The band between the rounded bounds and the same shape inset by `width` (radii
  /// reduced by the width, max(0, r − w), as CALayer's border follows its corners). The
  /// inner shape is wound the other way and filled non-zero, so a pixel that both edges
  /// cross gets the area between them (outer − inner), not their sum folded by even-odd.
  private func borderMask(_ layer: Layer, _ width: Double, _ t: AffineTransform, limit: PixelRect) -> Mask {
    let b = layer.bounds.standardized
    var loops = PathFlattener.polylines(roundedBounds(layer), transform: t).map(\.points)
    let w = min(width, min(b.width, b.height) / 2)
    let inset = b.insetBy(dx: w, dy: w)
    if inset.width > 0 && inset.height > 0 {
      let r = layer.cornerRadii
      let radii = CornerRadii(topLeft: max(0, r.topLeft - w), topRight: max(0, r.topRight - w),
                              bottomRight: max(0, r.bottomRight - w), bottomLeft: max(0, r.bottomLeft - w))
      let inner = PathFlattener.polylines(Path(roundedRect: inset, radii: radii, curve: layer.cornerCurve), transform: t)
      loops += inner.map { $0.points.reversed() }
    }
    return Mask(outline: MaskOutline(loops: loops, rule: .nonZero), limit: limit)
  }

  /// A conservative device-space box around everything the layer can draw.
  func extent(_ layer: Layer, _ t: AffineTransform, parent: AffineTransform) -> Rect? {
    var box: Rect? = nil
    func add(_ r: Rect) { box = box.map { $0.union(r) } ?? r }
    let own = t.apply(layer.bounds)
    if layer.backgroundColor != nil || layer.border != nil { add(own) }
    if let c = layer.contents {
      switch c {
      case .image(let image, let mode):
        let r = mode.imageRect(imageSize: Size(Double(image.width), Double(image.height)), in: layer.bounds)
        add(t.apply(layer.masksToBounds ? (r.intersection(layer.bounds) ?? .zero) : r))
      case .linearGradient: add(own)
      case .path(let p, _, _):
        if let pb = p.controlBounds { add(t.apply(pb)) }
      case .shape(let shape):
        if let pb = shape.paintedBounds { add(t.apply(pb)) }
      case .text: add(own)
      }
    }
    if let s = layer.shadow, s.opacity > 0, !layer.masksToBounds {
      let shapeBox = t.apply(s.path?.controlBounds ?? layer.bounds)
      let grow = 3 * s.radius * abs(parent.determinant).squareRoot() + 2
      let off = parent.applyToVector(s.offset)
      add(shapeBox.offsetBy(dx: off.x, dy: off.y).outsetBy(dx: grow, dy: grow))
    }
    for sub in layer.sublayers where !sub.isHidden && sub.opacity > 0 {
      if let e = extent(sub, LayerRenderer.toParent(sub).concatenating(t), parent: t) {
        add(layer.masksToBounds ? (e.intersection(own) ?? .zero) : e)
      }
    }
    return box?.outsetBy(dx: 1, dy: 1)
  }
}

extension Bitmap {
  /// Renders a layer tree over this bitmap; see `LayerRenderer`.
  public mutating func render(_ root: Layer, scale: Double) {
    LayerRenderer.render(root, into: &self, scale: scale)
  }
}
