import Geometry

extension Bitmap {
  /// A `width` x `height` bitmap whose pixels are not zeroed: only for a caller that stores
  /// every pixel before any is read (see `LayerRenderer.storesEveryPixel`).
  init(uninitializedWidth width: Int, height: Int) {
    precondition(width > 0 && height > 0, "Bitmap size must be positive, got \(width)x\(height)")
    self.width = width
    self.height = height
    let count = width * height * 4
    self.pixels = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// A new `width` x `height` bitmap with `root` (its frame in canvas points) rendered into
  /// it at `scale` device pixels per point: the same bytes as `Bitmap(width:height:)` then
  /// `render(_:scale:)`. When the root's opaque background stores every pixel (a frame's
  /// canvas), the pixels are not cleared first. With `frames`, a tree equal to one drawn
  /// before at the same size and scale shares that frame's pixels (see `FrameCache`); with
  /// `history`, a tree that differs from the last one drawn at this size and scale only in a
  /// region starts from that frame's pixels and draws the region (see `FrameHistory`,
  /// `LayerDamage`).
  public init(
    width: Int, height: Int, rendering root: Layer, scale: Double, frames: FrameCache? = .shared,
    history: FrameHistory? = .shared
  ) {
    let lookup = frames?.lookup(root, width: width, height: height, scale: scale) ?? .miss
    if case .hit(let pixels) = lookup {
      self.init(width: width, height: height, pixels: pixels)
      return
    }
    let renderer = LayerRenderer(scale: scale)
    let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
    var damaged: Int?
    if let history, let before = history.latest(width: width, height: height, scale: scale),
       let damage = LayerDamage.redrawRegion(from: before.root, to: root, scale: scale, canvas: bounds) {
      self.init(width: width, height: height, pixels: before.pixels)
      renderer.render(root, into: &self, within: damage)
      damaged = damage.area
    } else {
      self.init(drawing: root, width: width, height: height, renderer: renderer)
    }
    history?.remember(FrameHistory.Frame(root: root, width: width, height: height, scale: scale, pixels: pixels), damaged: damaged)
    if case .store(let key) = lookup { frames?.insert(pixels, of: root, for: key) }
  }

  /// The whole tree drawn into a new bitmap, uncleared when the root stores every pixel.
  init(drawing root: Layer, width: Int, height: Int, renderer: LayerRenderer) {
    let device = AffineTransform(scaleX: renderer.scale, y: renderer.scale)
    let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
    if root.backdrop == nil, root.opacity >= 1, renderer.storesEveryPixel(root, LayerRenderer.toParent(root).concatenating(device), of: bounds) {
      self.init(uninitializedWidth: width, height: height)
    } else {
      self.init(width: width, height: height)
    }
    renderer.render(root, into: &self)
  }
}

extension LayerRenderer {
  /// True when drawing `layer` at full opacity through `t` (its bounds space to device
  /// pixels) stores every pixel of `region` before anything reads it: its background is
  /// opaque, unrounded, unmasked, axis-aligned and covers the region. Whatever the pixels held
  /// before, the result is then the same (a shadow drawn first is overwritten; a sublayer
  /// that covers instead stores every pixel itself).
  func storesEveryPixel(_ layer: Layer, _ t: AffineTransform, of region: PixelRect) -> Bool {
    guard !layer.isHidden, layer.mask == nil, layer.cornerRadii.isZero, t.b == 0, t.c == 0,
          let bg = layer.backgroundColor, PremultipliedColor(bg).a == 255, !region.isEmpty else { return false }
    let r = t.apply(layer.bounds).standardized
    return r.minX <= Double(region.x) && r.minY <= Double(region.y)
      && r.maxX >= Double(region.maxX) && r.maxY >= Double(region.maxY)
  }

  /// A bitmap to draw a group of `layer` into through `t`: not cleared when the layer's
  /// background stores every pixel of it anyway.
  func offscreen(for layer: Layer, _ t: AffineTransform, width: Int, height: Int) -> Bitmap {
    storesEveryPixel(layer, t, of: PixelRect(x: 0, y: 0, width: width, height: height))
      ? Bitmap(uninitializedWidth: width, height: height) : Bitmap(width: width, height: height)
  }
}
