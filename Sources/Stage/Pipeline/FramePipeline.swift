import Foundation
import Raster

/// Renders a range of frames on `jobs` threads, with a bounded number of frames in memory.
///
/// Each worker claims the next frame number, renders it (`render`), and hands the bitmap to
/// `eachFrame` on the same thread (encode and write a PNG, in any order). When `inOrder` is
/// given, bitmaps are also delivered to it one at a time in frame order (to feed ffmpeg); a
/// worker may then run ahead of the next undelivered frame by at most `window` frames, so at
/// most `window + jobs` bitmaps are alive at once whatever the clip's length.
///
/// Output does not depend on `jobs`: each frame is a pure function of its number. The first
/// failure stops the claiming of new frames and is thrown once the workers have stopped, as
/// `StageError.frame(n, reason:)` naming the frame.
public struct FramePipeline: Sendable {
  /// The most worker threads a pipeline starts: each has a 16 MiB stack and holds a frame, and
  /// beyond a few per core more threads only cost memory. `--jobs` above this is refused.
  public static let maxJobs = 256

  /// Worker threads, 1...`maxJobs`.
  public var jobs: Int
  /// How far (in frames) workers may run ahead of in-order delivery (>= 1).
  public var window: Int

  /// `jobs` and `window` are clamped to 1...`maxJobs` and 1...(2 x `maxJobs`), so no count
  /// overflows whatever the caller passes (the CLI refuses out-of-range `--jobs` first).
  public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, window: Int? = nil) {
    self.jobs = min(max(1, jobs), Self.maxJobs)
    self.window = min(max(1, window ?? 2 * self.jobs), 2 * Self.maxJobs)
  }

  /// Why `jobs` cannot be used, or nil when it is within 1...`maxJobs`.
  public static func problem(jobs: Int) -> String? {
    guard jobs >= 1 else { return "--jobs must be at least 1 (got \(jobs))" }
    guard jobs <= maxJobs else {
      return "--jobs must be at most \(maxJobs) (got \(jobs)); more threads than that only cost memory"
    }
    return nil
  }

  public func run(
    frames: ClosedRange<Int>,
    render: @escaping @Sendable (Int) throws -> Bitmap,
    eachFrame: (@Sendable (Int, Bitmap) throws -> Void)? = nil,
    inOrder: (@Sendable (Int, Bitmap) throws -> Void)? = nil,
    progress: (@Sendable (_ done: Int) -> Void)? = nil
  ) throws(StageError) {
    let same: @Sendable (Int, Bitmap) throws -> Bitmap = { $1 }
    try run(frames: frames, render: render, eachFrame: eachFrame, prepare: inOrder == nil ? nil : same, inOrder: inOrder, progress: progress)
  }

  /// As `run(frames:render:eachFrame:inOrder:progress:)`, with a `prepare` step on the worker
  /// threads between rendering and in-order delivery (converting a frame for the encoder in
  /// parallel): only what `prepare` returns waits for its turn, not the bitmap.
  public func run<Delivered: Sendable>(
    frames: ClosedRange<Int>,
    render: @escaping @Sendable (Int) throws -> Bitmap,
    eachFrame: (@Sendable (Int, Bitmap) throws -> Void)? = nil,
    prepare: (@Sendable (Int, Bitmap) throws -> Delivered)?,
    inOrder: (@Sendable (Int, Delivered) throws -> Void)?,
    progress: (@Sendable (_ done: Int) -> Void)? = nil
  ) throws(StageError) {
    let state = PipelineState<Delivered>(first: frames.lowerBound)
    let workers = min(jobs, frames.count)
    let finished = DispatchSemaphore(value: 0)
    let delivery = prepare.flatMap { p in inOrder.map { (p, $0) } }
    for _ in 0..<workers {
      let thread = Thread {
        state.work(
          last: frames.upperBound, window: delivery == nil ? nil : window, render: render,
          eachFrame: eachFrame, delivery: delivery, progress: progress)
        finished.signal()
      }
      thread.stackSize = 16 << 20
      thread.start()
    }
    for _ in 0..<workers { finished.wait() }
    if let failure = state.failure { throw failure }
  }
}

/// The workers' shared bookkeeping, guarded by `condition`.
private final class PipelineState<Delivered: Sendable>: @unchecked Sendable {
  let condition = NSCondition()
  var nextToClaim: Int
  var nextToDeliver: Int
  var ready: [Int: Delivered] = [:]
  var delivering = false
  var done = 0
  var failure: StageError?

  init(first: Int) {
    nextToClaim = first
    nextToDeliver = first
  }

  func work(
    last: Int, window: Int?, render: @Sendable (Int) throws -> Bitmap,
    eachFrame: (@Sendable (Int, Bitmap) throws -> Void)?,
    delivery: (prepare: @Sendable (Int, Bitmap) throws -> Delivered, inOrder: @Sendable (Int, Delivered) throws -> Void)?,
    progress: (@Sendable (Int) -> Void)?
  ) {
    condition.lock()
    defer { condition.unlock() }
    while true {
      guard failure == nil, nextToClaim <= last else { return }
      if let window, nextToClaim >= nextToDeliver + window {
        condition.wait()
        continue
      }
      let n = nextToClaim
      nextToClaim += 1
      condition.unlock()
      var item: Delivered?
      var failed: StageError?
      do {
        let b = try render(n)
        try eachFrame?(n, b)
        item = try delivery?.prepare(n, b)
      } catch {
        failed = Self.frameError(n, error)
      }
      condition.lock()
      if let failed {
        fail(failed)
        return
      }
      done += 1
      progress?(done)
      guard let delivery, let item else { continue }
      ready[n] = item
      deliver(to: delivery.inOrder)
    }
  }

  /// Hands ready bitmaps to `inOrder` in frame order; only one thread delivers at a time.
  /// Called and returns with the lock held.
  private func deliver(to inOrder: @Sendable (Int, Delivered) throws -> Void) {
    guard !delivering else { return }
    delivering = true
    while failure == nil, let item = ready.removeValue(forKey: nextToDeliver) {
      let n = nextToDeliver
      condition.unlock()
      var failed: StageError?
      do { try inOrder(n, item) } catch { failed = Self.frameError(n, error) }
      condition.lock()
      if let failed { fail(failed); break }
      nextToDeliver += 1
      condition.broadcast()
    }
    delivering = false
  }

  private func fail(_ error: StageError) {
    if failure == nil { failure = error }
    ready.removeAll()
    condition.broadcast()
  }

  static func frameError(_ n: Int, _ error: any Error) -> StageError {
    if let e = error as? StageError {
      if case .frame = e { return e }
      return .frame(n, reason: e.description)
    }
    return .frame(n, reason: String(describing: error))
  }
}
