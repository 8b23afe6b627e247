import Foundation
import Raster

extension Clip {
  /// The picture at `time` (seconds) drawn as `bands` row bands on as many threads at once:
  /// the same bytes as `bitmap(at:)`. Each band is drawn within itself grown by the backdrops
  /// it reaches (`LayerDamage.grown`), so every blur reads what a whole drawing would have
  /// drawn under it, and only the band's own rows are kept. For one frame that must come
  /// first (the preview's frame 0 after a save); a clip's frames are already spread over
  /// threads one frame each.
  public func bitmap(at time: Double, bands: Int) -> Bitmap {
    let tree = layerTree(at: time)
    let w = canvas.pixelWidth, h = canvas.pixelHeight, scale = canvas.scale
    let count = min(max(1, bands), h)
    if count == 1 { return Bitmap(width: w, height: h, rendering: tree, scale: scale, frames: nil, history: nil) }
    let full = PixelRect(x: 0, y: 0, width: w, height: h)
    let rows = (0..<count).map { i in (h * i / count)..<(h * (i + 1) / count) }
    let parts = BandSlots(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { i in
      let band = PixelRect(x: 0, y: rows[i].lowerBound, width: w, height: rows[i].count)
      var b = Bitmap(width: w, height: h)
      LayerRenderer(scale: scale).render(tree, into: &b, within: LayerDamage.grown(band, reading: [tree], scale: scale, canvas: full))
      parts.set(i, b)
    }
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
    return out
  }
}

/// One bitmap per band, filled by the drawing threads.
private final class BandSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Bitmap?]
  init(count: Int) { slots = Array(repeating: nil, count: count) }
  func set(_ i: Int, _ b: Bitmap) { lock.withLock { slots[i] = b } }
  func take(_ i: Int) -> Bitmap { lock.withLock { slots[i]! } }
}
