import Foundation
import Raster

/// Remembers what was made from the last few frames, so a frame whose pixels equal one of
/// them (a hold at the start or end of a clip, a settled spring) reuses that result instead
/// of encoding again: in the catalog about half of a clip's frames repeat the one before
/// (41 distinct frames of 91 in the default clip).
///
/// Deterministic: an entry holds exactly what `make` returns for pixels equal to its own
/// (compared byte for byte, not by hash), so the result never depends on which frames were
/// seen before, in what order, or on how many threads ask. When another thread is already
/// making the result for equal pixels, the caller waits for it instead of doing the same work.
/// Holds at most `capacity` bitmaps (each shares its storage with the frame it came from).
public final class RepeatedFrames<Value: Sendable>: @unchecked Sendable {
  private final class Entry {
    let bitmap: Bitmap
    let digest: UInt64
    var value: Value?
    var failed = false
    init(bitmap: Bitmap, digest: UInt64) {
      self.bitmap = bitmap
      self.digest = digest
    }
  }

  private let condition = NSCondition()
  private var entries: [Entry] = []  // most recent last
  private let capacity: Int

  /// `capacity` >= 1: how many recent distinct frames to remember (a few more than the frames
  /// in flight is enough for holds).
  public init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// The result for `bitmap`: remembered, or made now by `make` (outside the lock).
  public func value(for bitmap: Bitmap, make: (Bitmap) throws -> Value) throws -> Value {
    let digest = Self.digest(bitmap)
    condition.lock()
    while true {
      guard let entry = entries.last(where: { $0.digest == digest && !$0.failed && $0.bitmap == bitmap }) else { break }
      if let value = entry.value {
        condition.unlock()
        return value
      }
      condition.wait()  // another thread is making it
    }
    let entry = Entry(bitmap: bitmap, digest: digest)
    entries.append(entry)
    if entries.count > capacity, let old = entries.firstIndex(where: { $0.value != nil || $0.failed }) {
      entries.remove(at: old)
    }
    condition.unlock()
    do {
      let value = try make(bitmap)
      condition.lock()
      entry.value = value
      condition.broadcast()
      condition.unlock()
      return value
    } catch {
      condition.lock()
      entry.failed = true
      entries.removeAll { $0 === entry }
      condition.broadcast()
      condition.unlock()
      throw error
    }
  }

  /// A quick 64-bit digest of the pixels (FNV-style over 8-byte words, every 8th word), to
  /// skip most byte-for-byte comparisons; equality is always decided by the bytes.
  static func digest(_ bitmap: Bitmap) -> UInt64 {
    bitmap.pixels.withUnsafeBytes { raw in
      var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bitmap.width) &* 31 ^ UInt64(bitmap.height)
      let words = raw.count / 8
      var i = 0
      while i < words {
        h = (h ^ raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)) &* 0x0000_0100_0000_01b3
        i += 8
      }
      return h
    }
  }
}
