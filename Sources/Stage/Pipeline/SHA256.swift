/// SHA-256 (FIPS 180-4) of a byte string, for the scene hash in `manifest.json`.
/// Small and dependency-free: Foundation on Linux has no CryptoKit.
public struct SHA256: Sendable {
  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0

  public init() {}

  /// Appends bytes to the message.
  public mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
    if let done = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) { return done }
    update(Array(bytes))
  }

  /// Appends bytes to the message: whole 64-byte blocks are compressed straight from `raw`
  /// (a frame's megabytes are hashed without copying them).
  public mutating func update(_ raw: UnsafeRawBufferPointer) {
    var rest = raw[...]
    length &+= UInt64(raw.count)
    if !buffer.isEmpty {
      let take = min(64 - buffer.count, rest.count)
      buffer.append(contentsOf: rest.prefix(take))
      rest = rest.dropFirst(take)
      guard buffer.count == 64 else { return }
      buffer.withUnsafeBytes { compress(block: $0.baseAddress!) }
      buffer.removeAll(keepingCapacity: true)
    }
    while rest.count >= 64 {
      compress(block: raw.baseAddress! + rest.startIndex)
      rest = rest.dropFirst(64)
    }
    buffer.append(contentsOf: rest)
  }

  public mutating func update(_ string: String) { update(Array(string.utf8)) }

  /// The 32-byte digest; the hasher is consumed.
  public consuming func finalize() -> [UInt8] {
    let bitLength = length &* 8
    var tail = buffer
    tail.append(0x80)
    while tail.count % 64 != 56 { tail.append(0) }
    for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
    tail.withUnsafeBytes { raw in
      for start in stride(from: 0, to: raw.count, by: 64) { compress(block: raw.baseAddress! + start) }
    }
    var out: [UInt8] = []
    for word in state { for i in (0..<4).reversed() { out.append(UInt8(truncatingIfNeeded: word >> (UInt32(i) * 8))) } }
    return out
  }

  /// Lower-case hexadecimal digest of `bytes`.
  public static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    var h = SHA256()
    h.update(bytes)
    return h.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  /// One 64-byte block at `block` (big-endian words).
  private mutating func compress(block: UnsafeRawPointer) {
    func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
      for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
      for i in 16..<64 {
        let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
        let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
      }
      mix(w)
    }
  }

  private mutating func mix(_ w: UnsafeMutableBufferPointer<UInt32>) {
    func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
    var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
    for i in 0..<64 {
      let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
      let ch = (e & f) ^ (~e & g)
      let t1 = h &+ s1 &+ ch &+ Self.k[i] &+ w[i]
      let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
      let maj = (a & b) ^ (a & c) ^ (b & c)
      let t2 = s0 &+ maj
      (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
    }
    state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
    state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
  }
}
