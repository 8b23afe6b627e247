import Foundation
import Raster

extension Clip {
  /// The picture at `time` (seconds) drawn as `bands` row bands on as many threads at once:
  /// the same bytes as `bitmap(at:)`. Each band is drawn within itself grown by the backdrops
  /// it reaches (`LayerDamage.grown`), so every blur reads what a whole drawing would have
  /// drawn under it, and only the band's own rows are kept. For one frame that must come
  /// first (the preview's frame 0 after a save); a clip's frames are already spread over
  /// threads one frame each.
  public func bitmap(at time: Double, bands: Int) -> Bitmap { drawing(at: time, bands: bands, over: nil).bitmap }

  /// As `bitmap(at:bands:)`, starting from `previous` (a picture drawn before at this size and
  /// scale, such as the same frame before the scene was saved): only the region where the two
  /// layer trees can differ (`LayerDamage.region`) is drawn, in row bands, and the rest is
  /// `previous`'s pixels; the whole picture is drawn when that region is over
  /// `FrameHistory.maxDamageFraction` of the canvas. The same bytes as `bitmap(at:)` either way
  /// (docs/raster.md, "Damage").
  public func drawing(at time: Double, bands: Int, over previous: DrawnPicture?) -> DrawnPicture {
    let tree = layerTree(at: time)
    let w = canvas.pixelWidth, h = canvas.pixelHeight, scale = canvas.scale
    let full = PixelRect(x: 0, y: 0, width: w, height: h)
    var damaged: (region: PixelRect, start: Bitmap)?
    if let previous, previous.bitmap.width == w, previous.bitmap.height == h, previous.scale.bitPattern == scale.bitPattern,
       let damage = LayerDamage.redrawRegion(from: previous.tree, to: tree, scale: scale, canvas: full) {
      damaged = (damage, previous.bitmap)
    }
    let region = damaged?.region ?? full, start = damaged?.start
    if region.isEmpty, let start { return DrawnPicture(tree: tree, bitmap: start, scale: scale, redrawn: .empty) }
    let count = min(max(1, bands), region.height)
    if count == 1, start == nil {
      return DrawnPicture(tree: tree, bitmap: Bitmap(width: w, height: h, rendering: tree, scale: scale, frames: nil, history: nil), scale: scale, redrawn: full)
    }
    let rows = (0..<count).map { i in (region.y + region.height * i / count)..<(region.y + region.height * (i + 1) / count) }
    let parts = BandSlots(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { i in
      let band = PixelRect(x: region.x, y: rows[i].lowerBound, width: region.width, height: rows[i].count)
      var b = start ?? Bitmap(width: w, height: h)
      LayerRenderer(scale: scale).render(tree, into: &b, within: LayerDamage.grown(band, reading: [tree], scale: scale, canvas: full))
      parts.set(i, b)
    }
    // Every band's bitmap holds the right pixels in its own rows: inside the region drawn, and
    // outside it `previous`'s, which are the picture's there.
    var out = parts.take(0)
    let rowBytes = w * 4
    out.pixels.withUnsafeMutableBytes { dst in
      for i in 1..<count {
        let part = parts.take(i)
        part.pixels.withUnsafeBytes { src in
          let start = rows[i].lowerBound * rowBytes
          (dst.baseAddress! + start).copyMemory(from: src.baseAddress! + start, byteCount: rows[i].count * rowBytes)
        }
      }
    }
    return DrawnPicture(tree: tree, bitmap: out, scale: scale, redrawn: region)
  }
}

/// A picture and the layer tree it was drawn from, to draw a later picture from
/// (`Clip.drawing(at:bands:over:)`).
public struct DrawnPicture: Sendable {
  public let tree: Layer
  public let bitmap: Bitmap
  /// Pixels per point it was drawn at.
  public let scale: Double
  /// The device pixels drawn for it (the rest came from the picture it was drawn over).
  public let redrawn: PixelRect
}

/// One bitmap per band, filled by the drawing threads.
private final class BandSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Bitmap?]
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ i: Int, _ b: Bitmap) { lock.withLock { slots[i] = b } }
  func take(_ i: Int) -> Bitmap { lock.withLock { slots[i]! } }
}
