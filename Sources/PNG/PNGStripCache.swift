import Foundation
import Raster

/// The compressed strips of the last few frames encoded in strips (`PNGEncoder.stripRows`), so a
/// strip whose pixels equal the same strip of one of those frames reuses its bytes instead of
/// filtering and compressing again (a still background, a bar that does not move).
///
/// A strip's bytes are a function of the pixels of its rows and of the row above it (the PNG
/// filters reach one row up) and of the settings, and a strip is reused only when those pixels
/// are equal byte for byte (memcmp, not a hash) under the same settings. So the file is the same
/// bytes with or without the cache, whatever frames were encoded before and on however many
/// threads. Thread-safe; keeps at most `frames` frames (each holds its bitmap's storage, shared
/// with the frame it came from, and its compressed strips).
public final class PNGStripCache: @unchecked Sendable {
  /// One compressed strip: raw deflate ending with a sync flush, the Adler-32 and the count of
  /// its filtered bytes.
  struct Strip: Sendable {
    let bytes: [UInt8]
    let adler: UInt32
    let filteredSize: Int
  }

  /// What a strip's bytes depend on besides its pixels.
  struct Settings: Hashable, Sendable {
    let width: Int
    let height: Int
    let writeRGB: Bool
    let level: Int
    let strategy: PNGEncoder.Strategy
    let stripRows: Int
  }

  struct Frame: Sendable {
    let bitmap: Bitmap
    let settings: Settings
    let strips: [Strip]
  }

  private let lock = NSLock()
  private var recent: [Frame] = []  // most recent last
  private let capacity: Int
  private var reusedCount = 0
  private var madeCount = 0

  /// `frames` >= 1: how many recent frames to compare with.
  public init(frames: Int) {
    capacity = max(1, frames)
  }

  /// Strips reused and strips made so far (for benchmarks and tests).
  public var counts: (reused: Int, made: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (reusedCount, madeCount)
  }

  /// The frames to compare with, most recent first, under `settings`.
  func candidates(_ settings: Settings) -> [Frame] {
    lock.lock()
    defer { lock.unlock() }
    return recent.reversed().filter { $0.settings == settings }
  }

  func remember(_ frame: Frame, reused: Int) {
    lock.lock()
    defer { lock.unlock() }
    reusedCount += reused
    madeCount += frame.strips.count - reused
    recent.append(frame)
    if recent.count > capacity { recent.removeFirst(recent.count - capacity) }
  }

  /// Strip `index` (rows `rows`) of one of `candidates` whose pixels in `rows` and the row above
  /// equal `bitmap`'s, if any.
  static func match(_ bitmap: Bitmap, rows: Range<Int>, index: Int, in candidates: [Frame]) -> Strip? {
    let rowBytes = bitmap.width * 4
    let start = max(rows.lowerBound - 1, 0) * rowBytes, end = rows.upperBound * rowBytes
    return bitmap.pixels.withUnsafeBytes { mine in
      for frame in candidates where index < frame.strips.count {
        let equal = frame.bitmap.pixels.withUnsafeBytes { theirs in
          memcmp(mine.baseAddress! + start, theirs.baseAddress! + start, end - start) == 0
        }
        if equal { return frame.strips[index] }
      }
      return nil
    }
  }
}
