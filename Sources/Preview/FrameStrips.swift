import Foundation
import PNG

/// The PNG strips of each frame as the preview last encoded it (one `PNGStripCache` per
/// variant and frame number, kept across saves), so that a save which changes part of the
/// picture (a colour, a label) compresses again only the strips whose pixels changed, in
/// every frame; the rest are the last render's bytes (the same file as compressing them:
/// strips are compared pixel for pixel, `PNGStripCache`).
///
/// Bounded: each cache holds its frame's pixels, so caches are made only while
/// `maxBytes` covers one frame's pixels for each (at scale 1 an iPhone frame is 1.3 MB; the
/// frames past the budget are encoded without one).
final class FrameStrips: @unchecked Sendable {
  struct Slot: Hashable { var variant: Int, frame: Int }

  let maxBytes: Int
  private let lock = NSLock()
  private var caches: [Slot: PNGStripCache] = [:]
  private var bytes = 0

  init(maxBytes: Int = 384 << 20) { self.maxBytes = maxBytes }

  /// The cache of frame `frame` of variant `variant`, whose pictures are `frameBytes` bytes;
  /// nil once the budget is spent.
  func cache(variant: Int, frame: Int, frameBytes: Int) -> PNGStripCache? {
    lock.lock()
    defer { lock.unlock() }
    let slot = Slot(variant: variant, frame: frame)
    if let c = caches[slot] { return c }
    guard bytes + frameBytes <= maxBytes else { return nil }
    bytes += frameBytes
    let c = PNGStripCache(frames: 1)
    caches[slot] = c
    return c
  }
}
