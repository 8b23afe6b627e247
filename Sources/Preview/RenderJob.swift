import Foundation
import PNG
import Raster
import Review
import Stage

/// Renders the frames of one generation on `jobs` threads through Stage's `FramePipeline`,
/// in the order the page needs them (shared frame 0 of every variant first; frame 0 of the
/// first variant alone, so that it arrives first, unless the session drew it already),
/// handing each PNG to `deliver` as it is done. Before the frames, on the same thread, it makes
/// the page's data (`page`), which the order of the frames comes from. `cancel()` stops it at the next frame; `wait()` returns
/// once every worker has stopped, so a cancelled job leaves no work behind.
final class RenderJob: @unchecked Sendable {
  private let lock = NSCondition()
  private var cancelled = false
  private var finished = false

  /// What went wrong, if the job failed (not when it was cancelled).
  private(set) var failure: String?

  /// How the preview encodes its frames: as every command writes them (`PNGEncoder.frames`:
  /// zlib level 1, per-row filters, in strips of 64 rows reused where a recent frame's pixels
  /// are the same, `PNGStripCache`).
  static let encoder = PNGEncoder.frames

  /// The frames to render, in order: (variant, frame); the first is frame 0 of variant 0.
  static func order(_ data: PlayerData) -> [(variant: Int, frame: Int)] {
    var seen = data.variants.map { Array(repeating: false, count: $0.clip.frameCount) }
    var items: [(Int, Int)] = []
    for n in 0..<data.frameCount {
      for v in data.variants.indices {
        let f = data.variantFrame(v, sharedFrame: n)
        if !seen[v][f] { seen[v][f] = true; items.append((v, f)) }
      }
    }
    return items
  }

  var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return cancelled }

  func cancel() { lock.lock(); cancelled = true; lock.unlock() }

  func wait() {
    lock.lock()
    while !finished { lock.wait() }
    lock.unlock()
  }

  /// Starts rendering on a thread of its own and returns at once.
  func start(
    page: @escaping @Sendable () throws -> PlayerData, jobs: Int, skippingFirst: Bool = false, saved: FrameStrips,
    deliver: @escaping @Sendable (_ variant: Int, _ frame: Int, _ png: [UInt8]) -> Void,
    completion: @escaping @Sendable (_ failure: String?) -> Void
  ) {
    let encoder = RenderJob.encoder
    let recent = PNGStripCache(frames: min(jobs + 1, 3))
    let thread = Thread { [self] in
      var failure: String?
      do {
        if isCancelled { throw StageError.invalidSetting("cancelled") }
        let data = try page()
        let items = RenderJob.order(data)
        let pipeline = FramePipeline(jobs: jobs)
        let render: @Sendable (Int) throws -> Bitmap = { [self] k in
          if isCancelled { throw StageError.invalidSetting("cancelled") }
          let (v, n) = items[k]
          let clip = data.variants[v].clip
          // Exactly what `flipbook render` draws for frame n (no overlays).
          return try clip.picture(at: clip.timeline.time(ofFrame: n), frameNumber: n, overlays: OverlaySet())
        }
        let each: @Sendable (Int, Bitmap) throws -> Void = { [self] k, bitmap in
          if isCancelled { throw StageError.invalidSetting("cancelled") }
          let (v, n) = items[k]
          // Strips equal to a recent frame's, or to this frame's as the last render made it.
          let slot = saved.cache(variant: v, frame: n, frameBytes: bitmap.pixels.count)
          deliver(v, n, try encoder.encode(bitmap, caches: [recent] + (slot.map { [$0] } ?? []), threads: jobs))
        }
        // The first frame on its own, so that it is the first to arrive; then the rest.
        if !skippingFirst { try pipeline.run(frames: 0...0, render: render, eachFrame: each) }
        if items.count > 1 { try pipeline.run(frames: 1...(items.count - 1), render: render, eachFrame: each) }
      } catch {
        if !isCancelled { failure = "flipbook: error: \(error)\n" }
      }
      lock.lock()
      self.failure = failure
      finished = true
      lock.broadcast()
      lock.unlock()
      completion(failure)
    }
    thread.stackSize = 16 << 20
    thread.start()
  }
}
