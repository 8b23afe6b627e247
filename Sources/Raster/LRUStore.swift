import class Foundation.NSLock

/// The store behind the render caches (`BackdropCache`, `MaskCache`, `SampleCache`): values by
/// key, bounded by their declared sizes in bytes, least recently used first out; a value
/// larger than a quarter of the bound is not kept. Thread-safe.
///
/// With `admitsOnSecondSighting`, a cache keeps only keys asked for before (`lookup` answers
/// `.firstSighting` the first time and `.seenBefore` after), so a draw that never repeats (a
/// moving image, a new transform every frame) costs a lookup and nothing else. At most
/// `sightingLimit` unkept keys are remembered; past that the memory starts over.
final class LRUStore<Key: Hashable, Value>: @unchecked Sendable {
  let byteLimit: Int
  let admitsOnSecondSighting: Bool
  static var sightingLimit: Int { 4096 }
  private let lock = NSLock()
  private var entries: [Key: (value: Value, bytes: Int, lastUse: Int)] = [:]
  private var sighted: Set<Key> = []
  private var bytes = 0
  private var clock = 0

  init(byteLimit: Int, admitsOnSecondSighting: Bool = false) {
    self.byteLimit = byteLimit
    self.admitsOnSecondSighting = admitsOnSecondSighting
  }

  /// Forgets every value (and every sighting).
  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    entries = [:]
    sighted = []
    bytes = 0
  }

  /// The number of kept values.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  /// The bytes of the kept values, as declared to `insert`.
  var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return bytes
  }

  enum Lookup {
    /// The kept value (now the most recently used).
    case hit(Value)
    /// Not kept, but asked for before: make the value and `insert` it.
    case seenBefore
    /// Not kept, and (with `admitsOnSecondSighting`) never asked for before.
    case firstSighting
  }

  /// What the store has for `key`. Without `admitsOnSecondSighting` a miss is always
  /// `.seenBefore` (insert what you make).
  func lookup(_ key: Key) -> Lookup {
    lock.lock()
    defer { lock.unlock() }
    clock += 1
    if let e = entries[key] {
      entries[key]!.lastUse = clock
      return .hit(e.value)
    }
    guard admitsOnSecondSighting else { return .seenBefore }
    if sighted.contains(key) { return .seenBefore }
    if sighted.count >= Self.sightingLimit { sighted.removeAll(keepingCapacity: true) }
    sighted.insert(key)
    return .firstSighting
  }

  /// The value for `key`, if kept (and marks it used).
  func value(for key: Key) -> Value? {
    if case .hit(let v) = lookup(key) { return v }
    return nil
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
    sighted.remove(key)
    bytes += size
  }
}
