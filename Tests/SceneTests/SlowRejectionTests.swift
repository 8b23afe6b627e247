import Foundation
import Testing
@testable import Scene

/// Text where a number belongs is refused in time linear in the file (issue 24.17): a 4 MB
/// `fps: AAAA…` (within the 4 MiB file limit) took 30-36 s and 930 MB, comparing the word
/// with every layout name letter by letter and validating UTF-8 scalar by scalar.
@Suite struct SlowRejectionTests {
  @Test func aFourMegabyteWordWhereANumberBelongsIsRefusedAtOnce() throws {
    let dir = try InputTrustTests.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/scene.yaml"
    let word = String(repeating: "A", count: 4_000_000)
    try baseScene.replacingOccurrences(of: "canvas: {size: [390, 844]}", with: "canvas: {size: [390, 844], fps: \(word)}")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let started = Date()
    let text = InputTrustTests.fileErrors(path)
    let seconds = Date().timeIntervalSince(started)
    #expect(text.hasPrefix("\(path):1:33: error: 'fps' must be a number (got AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…)"), "\(text.prefix(300))")
    // About 1.5 s in a debug build on a loaded machine; the quadratic path took 30 s or more.
    #expect(seconds < 10, "took \(seconds) s")
  }
}
