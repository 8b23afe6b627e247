import Testing
@testable import Raster

/// The one LRU store behind BackdropCache, MaskCache and SampleCache, by hand.
@Suite struct LRUStoreTests {
  /// Bound 100 bytes (values up to 25 kept): a (25), b (20), c (20) = 65. Using a leaves b
  /// the least recently used, then c. d (25) fits (90); e (20) would make 110, so b goes
  /// (90); f (25) would make 115, so c goes next (95).
  @Test func evictsTheLeastRecentlyUsed() {
    let store = LRUStore<String, Int>(byteLimit: 100)
    store.insert(1, bytes: 25, for: "a")
    store.insert(2, bytes: 20, for: "b")
    store.insert(3, bytes: 20, for: "c")
    #expect(store.count == 3 && store.byteCount == 65)
    #expect(store.value(for: "a") == 1)
    store.insert(4, bytes: 25, for: "d")
    #expect(store.count == 4 && store.byteCount == 90)
    store.insert(5, bytes: 20, for: "e")
    #expect(store.count == 4 && store.byteCount == 90)
    store.insert(6, bytes: 25, for: "f")
    #expect(store.count == 4 && store.byteCount == 95)
    #expect(store.value(for: "b") == nil && store.value(for: "c") == nil)
    #expect(store.value(for: "a") == 1 && store.value(for: "d") == 4 && store.value(for: "e") == 5 && store.value(for: "f") == 6)
  }

  /// Replacing a key frees its old bytes; a value over a quarter of the bound is not kept.
  @Test func replacesAndRefusesTheOversized() {
    let store = LRUStore<Int, String>(byteLimit: 100)
    store.insert("x", bytes: 20, for: 1)
    store.insert("y", bytes: 10, for: 1)
    #expect(store.value(for: 1) == "y" && store.byteCount == 10)
    store.insert("big", bytes: 26, for: 2)  // 26 > 100 / 4
    #expect(store.value(for: 2) == nil && store.count == 1)
    store.insert("edge", bytes: 25, for: 3)  // exactly a quarter: kept
    #expect(store.value(for: 3) == "edge" && store.byteCount == 35)
    store.removeAll()
    #expect(store.count == 0 && store.byteCount == 0 && store.value(for: 1) == nil)
  }

  /// Admission on the second sighting (SampleCache): first ask a first sighting, then seen
  /// before until kept, then a hit; without it every miss says insert.
  @Test func admitsOnTheSecondSighting() {
    let store = LRUStore<Int, Int>(byteLimit: 100, admitsOnSecondSighting: true)
    guard case .firstSighting = store.lookup(7) else { Issue.record("first ask"); return }
    guard case .seenBefore = store.lookup(7) else { Issue.record("second ask"); return }
    guard case .seenBefore = store.lookup(7) else { Issue.record("third ask, not kept"); return }
    store.insert(70, bytes: 4, for: 7)
    guard case .hit(70) = store.lookup(7) else { Issue.record("kept"); return }
    store.removeAll()  // forgets sightings too
    guard case .firstSighting = store.lookup(7) else { Issue.record("after removeAll"); return }

    let plain = LRUStore<Int, Int>(byteLimit: 100)
    guard case .seenBefore = plain.lookup(7) else { Issue.record("plain miss"); return }
  }

  /// 20,000 random inserts and lookups over 300 keys agree, step by step, with a naive LRU that
  /// scans for the oldest use (the store's own heap skips stale uses and rebuilds itself).
  @Test func agreesWithANaiveLRU() {
    let store = LRUStore<Int, Int>(byteLimit: 400)
    var naive: [Int: (value: Int, bytes: Int, lastUse: Int)] = [:]
    var clock = 0
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    for step in 0..<20_000 {
      let key = next(300)
      clock += 1
      if next(2) == 0 {
        let expected = naive[key]?.value
        if expected != nil { naive[key]!.lastUse = clock }
        #expect(store.value(for: key) == expected, "step \(step)")
      } else {
        let size = 1 + next(100)
        store.insert(step, bytes: size, for: key)
        guard size <= 100 else { continue }
        naive.removeValue(forKey: key)
        while naive.values.reduce(0, { $0 + $1.bytes }) + size > 400,
          let oldest = naive.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
          naive.removeValue(forKey: oldest.key)
        }
        naive[key] = (step, size, clock)
      }
      #expect(store.count == naive.count && store.byteCount == naive.values.reduce(0, { $0 + $1.bytes }))
    }
  }
}
