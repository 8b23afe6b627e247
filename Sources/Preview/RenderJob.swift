import Foundation
import PNG
import Raster
import Review
import Stage

/// Renders the frames of one generation on `jobs` threads through Stage's `FramePipeline`,
/// in the order the page needs them (shared frame 0 of every variant first; frame 0 of the
/// first variant alone, so that it arrives first, unless the session drew it already),
/// handing each PNG to `deliver` as it is done. The page's data (`page`: chart, metrics, spec)
/// are made on a thread of their own meanwhile. `cancel()` stops it at the next frame; `wait()` returns
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
  static func order(_ data: PlayerData) -> [(variant: Int, frame: Int)] { order(data.timebase) }

  static func order(_ timebase: PlayerTimebase) -> [(variant: Int, frame: Int)] {
    var seen = timebase.variants.map { Array(repeating: false, count: $0.frameCount) }
    var items: [(Int, Int)] = []
    for n in 0..<timebase.frameCount {
      for v in timebase.variants.indices {
        let f = timebase.variantFrame(v, sharedFrame: n)
        if !seen[v][f] { seen[v][f] = true; items.append((v, f)) }
      }
    }
    return items
  }

  var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return cancelled }

  func cancel() { lock.lock(); cancelled = true; lock.unlock() }

  /// Waits until the frames' threads have stopped (a cancelled job's page data may still be
  /// being made: `waitForPage()`).
  func wait() {
    lock.lock()
    while !finished { lock.wait() }
    lock.unlock()
  }

  /// Waits until the page's data thread has stopped too.
  func waitForPage() {
    wait()
    _ = page?.wait()
  }

  private var page: PageOutcome? { lock.lock(); defer { lock.unlock() }; return paged }
  private var paged: PageOutcome?

  /// Starts rendering on a thread of its own and returns at once; `page` (the page's data)
  /// runs on another thread meanwhile, and `completion` is called once both are done (once the
  /// frames have stopped, for a cancelled job).
  func start(
    _ variants: [PlayerVariant], page: @escaping @Sendable () throws -> Void, jobs: Int, skippingFirst: Bool = false,
    saved: FrameStrips,
    deliver: @escaping @Sendable (_ variant: Int, _ frame: Int, _ png: [UInt8]) -> Void,
    completion: @escaping @Sendable (_ failure: String?) -> Void
  ) {
    let encoder = RenderJob.encoder
    let recent = PNGStripCache(frames: min(jobs + 1, 3))
    let items = RenderJob.order(PlayerTimebase(variants))
    let paged = PageOutcome()
    lock.lock(); self.paged = paged; lock.unlock()
    let pageThread = Thread {
      do { try page() } catch { paged.set(error) }
      paged.finish()
    }
    pageThread.start()
    let thread = Thread { [self] in
      var failure: String?
      do {
        if isCancelled { throw StageError.invalidSetting("cancelled") }
        let pipeline = FramePipeline(jobs: jobs)
        let render: @Sendable (Int) throws -> Bitmap = { [self] k in
          if isCancelled { throw StageError.invalidSetting("cancelled") }
          let (v, n) = items[k]
          let clip = variants[v].clip
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
      // A cancelled job does not wait for its page's data (the session drops stale data).
      if !isCancelled, let error = paged.wait(), failure == nil { failure = "flipbook: error: \(error)\n" }
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

/// How the page's data went, once it is done.
private final class PageOutcome: @unchecked Sendable {
  private let condition = NSCondition()
  private var done = false
  private var error: (any Error)?

  func set(_ e: any Error) { condition.lock(); error = e; condition.unlock() }

  func finish() { condition.lock(); done = true; condition.broadcast(); condition.unlock() }

  /// Waits until the page's data is done; its error, if any.
  func wait() -> (any Error)? {
    condition.lock()
    defer { condition.unlock() }
    while !done { condition.wait() }
    return error
  }
}
