import class Foundation.NSLock
import HeapModule

/// The store behind the render caches (`BackdropCache`, `MaskCache`, `SampleCache`): values by
/// key, bounded by their declared sizes in bytes, least recently used first out; a value
/// larger than a quarter of the bound is not kept. Thread-safe.
///
/// With `admitsOnSecondSighting`, a cache keeps only keys asked for before (`lookup` answers
/// `.firstSighting` the first time and `.seenBefore` after), so a draw that never repeats (a
/// moving image, a new transform every frame) costs a lookup and nothing else. At most
/// `sightingLimit` unkept keys are remembered; past that the memory starts over.
///
/// The least recently used value is found in a min-heap of uses (swift-collections' `Heap`), one
/// entry per use, stale ones skipped when they surface and the heap rebuilt from the kept values
/// when stale entries outnumber them: an insert costs O(log n), not a scan of every kept value.
final class LRUStore<Key: Hashable, Value>: @unchecked Sendable {
  let byteLimit: Int
  let admitsOnSecondSighting: Bool
  static var sightingLimit: Int { 4096 }
  private let lock = NSLock()
  private var entries: [Key: (value: Value, bytes: Int, lastUse: Int)] = [:]
  private var sighted: Set<Key> = []
  private var bytes = 0
  private var clock = 0
  private var uses = Heap<Use>()

  /// One use of a key at a time of `clock`; stale when the key's `lastUse` is later.
  private struct Use: Comparable {
    let time: Int
    let key: Key
    static func < (a: Use, b: Use) -> Bool { a.time < b.time }
    static func == (a: Use, b: Use) -> Bool { a.time == b.time }
  }

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
    uses = Heap()
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
      noteUse(of: key)
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
    while bytes + size > byteLimit, let oldest = popLeastRecentlyUsed() {
      bytes -= entries.removeValue(forKey: oldest)!.bytes
    }
    entries[key] = (value, size, clock)
    noteUse(of: key)
    sighted.remove(key)
    bytes += size
  }

  /// Records a use at the current `clock` (lock held); rebuilds the heap from the kept values
  /// once stale uses outnumber them.
  private func noteUse(of key: Key) {
    uses.insert(Use(time: clock, key: key))
    if uses.count > 2 * entries.count + 64 {
      uses = Heap(entries.map { Use(time: $0.value.lastUse, key: $0.key) })
    }
  }

  /// The kept key used longest ago, its use taken off the heap (lock held).
  private func popLeastRecentlyUsed() -> Key? {
    while let use = uses.popMin() {
      if let e = entries[use.key], e.lastUse == use.time { return use.key }
    }
    return nil
  }
}
