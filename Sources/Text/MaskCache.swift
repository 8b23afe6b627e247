import Foundation
import Geometry

/// Recently rendered label masks, so a label that stays the same across a clip's frames is
/// rasterized once. Bounded by bytes; oldest entries go first. Thread-safe.
final class MaskCache: @unchecked Sendable {
  static let shared = MaskCache()

  struct Key: Hashable {
    var label: Label  // with the colour cleared: coverage does not depend on it
    var boxSize: Size
    var scale: Double
  }

  private let lock = NSLock()
  private var entries: [Key: TextMask] = [:]
  private var order: [Key] = []
  private var bytes = 0
  private let byteLimit = 64 << 20

  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    entries = [:]
    order = []
    bytes = 0
  }

  subscript(key: Key) -> TextMask? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return entries[key]
    }
    set {
      guard let mask = newValue, mask.alpha.count <= byteLimit / 4 else { return }
      lock.lock()
      defer { lock.unlock() }
      guard entries[key] == nil else { return }
      while bytes + mask.alpha.count > byteLimit, !order.isEmpty {
        let old = order.removeFirst()
        bytes -= entries.removeValue(forKey: old)?.alpha.count ?? 0
      }
      entries[key] = mask
      order.append(key)
      bytes += mask.alpha.count
    }
  }
}
