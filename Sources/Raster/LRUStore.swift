import class Foundation.NSLock

/// The store behind the render caches (`BackdropCache`, `MaskCache`): values by key, bounded
/// by their declared sizes in bytes, least recently used first out; a value larger than a
/// quarter of the bound is not kept. Thread-safe.
final class LRUStore<Key: Hashable, Value>: @unchecked Sendable {
  let byteLimit: Int
  private let lock = NSLock()
  private var entries: [Key: (value: Value, bytes: Int, lastUse: Int)] = [:]
  private var bytes = 0
  private var clock = 0

  init(byteLimit: Int) { self.byteLimit = byteLimit }

  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    entries = [:]
    bytes = 0
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  /// The value for `key`, if kept (and marks it used).
  func value(for key: Key) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    clock += 1
    guard let e = entries[key] else { return nil }
    entries[key]!.lastUse = clock
    return e.value
  }

  /// Keeps `value` (replacing any for `key`), evicting the least recently used to fit.
  func insert(_ value: Value, bytes size: Int, for key: Key) {
    guard size <= byteLimit / 4 else { return }
    lock.lock()
    defer { lock.unlock() }
    clock += 1
    if let old = entries.removeValue(forKey: key) { bytes -= old.bytes }
    while bytes + size > byteLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      bytes -= oldest.value.bytes
      entries.removeValue(forKey: oldest.key)
    }
    entries[key] = (value, size, clock)
    bytes += size
  }
}
