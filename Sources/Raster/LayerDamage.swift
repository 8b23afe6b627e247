import Geometry

/// Where the pictures of two layer trees can differ: a rectangle of device pixels outside of
/// which drawing `new` over the canvas gives exactly the pixels drawing `old` gave (damage
/// tracking, as compositors do). The rules (docs/raster.md, "Damage"):
///
/// - The trees are walked side by side from the root. Equal subtrees (`Layer`'s `==`: every
///   field that draws, images by identity) add nothing.
/// - A layer whose own fields differ (anything but its sublayers: frame, transform, opacity,
///   colours, contents, clip, shadow, backdrop, hidden...), or whose sublayers differ in
///   number or in how many of them are visible (which decides whether it draws as a group),
///   or that casts a shadow while anything under it differs, damages everything both of its
///   versions can draw: each visible layer's `extent` in its subtree, its backdrop's
///   bounds, text with a margin of its font size, unclipped.
/// - Otherwise the layer's sublayers are compared pairwise in order.
/// - A backdrop material reads what is under it up to its blur's reach, and a layer drawn
///   through an offscreen bitmap (a group) is drawn at an origin that follows the region
///   drawn: when the damage reaches a backdrop's bounds grown by its reach it becomes the
///   whole canvas, and when it reaches a group's extent it grows to cover it, until nothing
///   is added (see docs/raster.md, "Damage", for the full list).
///
/// The damage is one rectangle (the union of the above), clamped to the canvas.
public enum LayerDamage {
  /// `region(from:to:scale:canvas:)` when it is worth drawing only that region over the old
  /// tree's picture: at most `FrameHistory.maxDamageFraction` of the canvas; nil otherwise
  /// (the whole picture is drawn).
  public static func redrawRegion(from old: Layer, to new: Layer, scale: Double, canvas: PixelRect) -> PixelRect? {
    let damage = region(from: old, to: new, scale: scale, canvas: canvas)
    return Double(damage.area) <= FrameHistory.maxDamageFraction * Double(canvas.area) ? damage : nil
  }

  /// The pixels of `canvas` where `new` can draw differently from `old` at `scale` device
  /// pixels per point; `.empty` when the trees draw the same picture.
  public static func region(from old: Layer, to new: Layer, scale: Double, canvas: PixelRect) -> PixelRect {
    if old == new { return .empty }
    var diff = Diff(renderer: LayerRenderer(scale: scale, sampleCache: nil, caches: false))
    let device = AffineTransform(scaleX: scale, y: scale)
    diff.compare(old, new, parent: device)
    let damage = diff.damage.intersection(canvas)
    if damage.isEmpty { return .empty }
    return grown(damage, reading: [old, new], scale: scale, canvas: canvas)
  }

  /// `region` grown by every backdrop of `trees` that it reaches (its bounds and its blur's
  /// reach), until none is added: drawing the trees within the result stores, inside
  /// `region`, what drawing them whole stores (a region drawn on its own, such as one of the
  /// row bands of a frame drawn on several cores, starts from this).
  public static func grown(_ region: PixelRect, reading trees: [Layer], scale: Double, canvas: PixelRect) -> PixelRect {
    var damage = region.intersection(canvas)
    if damage.isEmpty { return .empty }
    let diff = Diff(renderer: LayerRenderer(scale: scale, sampleCache: nil, caches: false))
    let device = AffineTransform(scaleX: scale, y: scale)
    var backdrops: [(reached: PixelRect, grows: PixelRect)] = []
    for tree in trees { diff.collectWholes(tree, parent: device, opacity: 1, into: &backdrops) }
    var grown = true
    while grown {
      grown = false
      for b in backdrops where !b.reached.intersection(damage).isEmpty {
        let u = damage.union(b.grows).intersection(canvas)
        if u != damage { damage = u; grown = true }
      }
    }
    return damage
  }

  struct Diff {
    let renderer: LayerRenderer
    var damage = PixelRect.empty

    mutating func compare(_ a: Layer, _ b: Layer, parent: AffineTransform) {
      if a == b { return }
      var ownA = a, ownB = b
      ownA.sublayers = []
      ownB.sublayers = []
      let visibleA = a.sublayers.filter(Self.isVisible).count, visibleB = b.sublayers.filter(Self.isVisible).count
      let casts = Self.castsShadow(a) || Self.castsShadow(b)
      if ownA != ownB || a.sublayers.count != b.sublayers.count || visibleA != visibleB || casts {
        add(a, parent: parent)
        add(b, parent: parent)
        return
      }
      // Hidden or transparent: draws nothing either way.
      if !Self.isVisible(a) { return }
      let t = LayerRenderer.toParent(a).concatenating(parent)
      for (x, y) in zip(a.sublayers, b.sublayers) { compare(x, y, parent: t) }
    }

    static func isVisible(_ l: Layer) -> Bool { !l.isHidden && l.opacity > 0 }

    /// More than any canvas.
    static let everything = PixelRect(x: -(1 << 24), y: -(1 << 24), width: 1 << 25, height: 1 << 25)

    static func castsShadow(_ l: Layer) -> Bool {
      guard let s = l.shadow else { return false }
      return s.opacity > 0 && !l.masksToBounds
    }

    /// Everything `layer` and its sublayers can draw, through `parent`.
    mutating func add(_ layer: Layer, parent: AffineTransform) {
      guard Self.isVisible(layer) else { return }
      damage = damage.union(ownPixels(layer, parent: parent))
      let t = LayerRenderer.toParent(layer).concatenating(parent)
      for sub in layer.sublayers { add(sub, parent: t) }
    }

    /// The pixels a visible layer draws itself (not its sublayers): `extent`, its backdrop's
    /// bounds and, for text, a margin of the font size around its bounds.
    func ownPixels(_ layer: Layer, parent: AffineTransform) -> PixelRect {
      let t = LayerRenderer.toParent(layer).concatenating(parent)
      var bare = layer
      bare.sublayers = []
      var box = renderer.extent(bare, t, parent: parent).map { PixelRect(enclosing: $0) } ?? .empty
      if layer.backdrop != nil { box = box.union(PixelRect(enclosing: t.apply(layer.bounds)).outset(by: 1)) }
      if case .text(let label)? = layer.contents {
        let margin = label.fontSize.isFinite ? max(label.fontSize, 0) : 0
        box = box.union(PixelRect(enclosing: t.apply(layer.bounds.insetBy(dx: -margin, dy: -margin))).outset(by: 1))
      }
      return box
    }

    /// The pixels that must be drawn together or not at all: the whole canvas when the damage
    /// reaches a visible backdrop's bounds grown by its blur's reach, and the extent of every layer that may draw through an
    /// offscreen bitmap (a group: opacity below 1 over several parts, a mask, a clip to its
    /// bounds over contents or sublayers), casts a shadow (a blur) or is rotated or skewed,
    /// whose offscreens, blur windows or edge rasterization follow the region drawn.
    func collectWholes(_ layer: Layer, parent: AffineTransform, opacity: Double, into out: inout [(reached: PixelRect, grows: PixelRect)]) {
      guard Self.isVisible(layer) else { return }
      let t = LayerRenderer.toParent(layer).concatenating(parent)
      let o = opacity * min(layer.opacity, 1)
      if layer.backdrop != nil {
        // Its bounds grown by its reach; reached, the whole canvas (a material's blur reads
        // what groups and clips around it drew, which a region does not reproduce exactly).
        let reach = LayerRenderer.backdropReach(layer, t)
        out.append((PixelRect(enclosing: t.apply(layer.bounds)).outset(by: reach + 1), Self.everything))
      }
      let subs = layer.sublayers.contains(where: Self.isVisible)
      if o < 1 || layer.mask != nil || (layer.masksToBounds && (subs || layer.contents != nil)) || Self.castsShadow(layer)
          || t.b != 0 || t.c != 0 {
        if let e = renderer.extent(layer, t, parent: parent) { out.append((PixelRect(enclosing: e), PixelRect(enclosing: e))) }
      }
      for sub in layer.sublayers { collectWholes(sub, parent: t, opacity: o, into: &out) }
    }
  }
}

extension Bitmap {
  /// Sets every pixel of `region` (clamped to the bitmap) to transparent black.
  mutating func clear(_ region: PixelRect) {
    let r = region.intersection(pixelBounds)
    if r.isEmpty { return }
    let w = width
    pixels.withUnsafeMutableBytes { p in
      for y in r.y..<r.maxY { (p.baseAddress! + (y * w + r.x) * 4).initializeMemory(as: UInt8.self, repeating: 0, count: r.width * 4) }
    }
  }
}
