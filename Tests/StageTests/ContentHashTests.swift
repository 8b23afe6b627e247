import Foundation
import Testing
import TestSupport
@testable import Stage

/// FIPS 180-4 example digests (and the NIST one-million-'a' vector).
@Suite struct ContentHashTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
  ])
  func knownDigests(message: String, digest: String) {
    #expect(ContentHash.hex(Array(message.utf8)) == digest)
  }

  @Test func oneMillionA() {
    #expect(ContentHash.hex([UInt8](repeating: 0x61, count: 1_000_000))
      == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func incrementalUpdatesMatchOneShot() {
    var h = ContentHash()
    h.update("abcdbcdecdefdefgefghfghighij")
    h.update("hijkijkljklmklmnlmnomnopnopq")
    #expect(h.finalize().first == 0x24)
  }
}

/// Updates split anywhere (inside a block, on a block's edge, across several blocks) give the
/// digest of the whole message (checked one-shot against FIPS vectors above), as hashing frame
/// files in pieces relies on.
@Suite struct ContentHashChunkingTests {
  @Test func splitsAnywhereMatchOneShot() {
    var rng = SplitMix64(seed: 14)
    let message = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let whole = ContentHash.hex(message)
    for piece in [1, 7, 63, 64, 65, 1000, 4096] {
      var h = ContentHash()
      for start in stride(from: 0, to: message.count, by: piece) {
        h.update(message[start..<min(start + piece, message.count)])
      }
      let hex = h.finalize().map { String(format: "%02x", $0) }.joined()
      #expect(hex == whole, "pieces of \(piece)")
    }
  }
}
