import Crypto

/// SHA-256 (FIPS 180-4) of a byte string fed in pieces, for the scene hash in `manifest.json`
/// and the checksums of shard files: swift-crypto's `SHA256` (BoringSSL's on Linux), behind
/// the few calls Flipbook makes.
public struct ContentHash {
  private var hasher = Crypto.SHA256()

  public init() {}

  /// Appends bytes to the message.
  public mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
    if let done: Void = bytes.withContiguousStorageIfAvailable({ hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }) {
      return done
    }
    hasher.update(data: Array(bytes))
  }

  /// Appends bytes to the message without copying them (a frame's megabytes).
  public mutating func update(_ raw: UnsafeRawBufferPointer) { hasher.update(bufferPointer: raw) }

  /// Appends a string's UTF-8 bytes.
  public mutating func update(_ string: String) { update(Array(string.utf8)) }

  /// The 32-byte digest; the hasher is consumed.
  public consuming func finalize() -> [UInt8] { Array(hasher.finalize()) }

  /// The digest as 64 lower-case hexadecimal digits; the hasher is consumed.
  public consuming func hexDigest() -> String {
    finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// Lower-case hexadecimal SHA-256 digest of `bytes`.
  public static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    var h = ContentHash()
    h.update(bytes)
    return h.hexDigest()
  }
}
