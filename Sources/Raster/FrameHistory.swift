import class Foundation.NSLock

/// The last frames drawn, with their layer trees, so that a frame whose tree differs from a
/// recent one only in a region starts from that frame's pixels and draws only the region
/// (`LayerDamage`), as a compositor redraws only what is damaged.
///
/// Deterministic: the pixels outside the damage are, by the damage's definition, the ones
/// drawing the whole tree would store, and inside it the frame is drawn as a whole render
/// draws it; so a frame's bytes do not depend on which frame it started from, on the order
/// frames were drawn in or on how many threads draw them (`LayerDamageTests` compares damaged
/// and whole redraws). Thread-safe; keeps the `frames` most recently drawn (each a
/// frame's storage, shared copy-on-write with the frame handed out).
public final class FrameHistory: @unchecked Sendable {
  /// The history `Bitmap(width:height:rendering:scale:)` uses unless told otherwise: the two
  /// workers of a 2-core machine each find the frame just before theirs.
  public static let shared = FrameHistory(frames: 4)

  /// A damaged redraw is used when the damage is at most this fraction of the canvas; past
  /// it, copying the old pixels first costs more than it saves.
  public static let maxDamageFraction = 0.75

  struct Frame: Sendable {
    let root: Layer
    let width: Int, height: Int
    let scale: Double
    let pixels: [UInt8]
  }

  private let lock = NSLock()
  private var recent: [Frame] = []  // most recent last
  private let capacity: Int
  private var damagedCount = 0, wholeCount = 0, damagedPixels = 0

  /// `frames` >= 1: how many recent frames to keep.
  public init(frames: Int) { capacity = max(1, frames) }

  /// Frames drawn from an earlier one (damaged) and drawn whole so far, and the pixels the
  /// damaged ones redrew (for benchmarks and tests).
  public var counts: (damaged: Int, whole: Int, damagedPixels: Int) {
    lock.lock(); defer { lock.unlock() }
    return (damagedCount, wholeCount, damagedPixels)
  }

  /// Forgets every frame.
  public func removeAll() {
    lock.lock(); defer { lock.unlock() }
    recent.removeAll()
  }

  /// The most recent frame drawn at this size and scale.
  func latest(width: Int, height: Int, scale: Double) -> Frame? {
    lock.lock(); defer { lock.unlock() }
    return recent.last { $0.width == width && $0.height == height && $0.scale.bitPattern == scale.bitPattern }
  }

  func remember(_ frame: Frame, damaged: Int?) {
    lock.lock(); defer { lock.unlock() }
    if let damaged { damagedCount += 1; damagedPixels += damaged } else { wholeCount += 1 }
    recent.append(frame)
    if recent.count > capacity { recent.removeFirst(recent.count - capacity) }
  }
}
