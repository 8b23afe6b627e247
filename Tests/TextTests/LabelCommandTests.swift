import Foundation
import TestSupport
import Testing

/// Runs the built `flipbook label` command (swift build --build-tests builds it).
@Suite struct LabelCommandTests {
  func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let r = try runFlipbook(arguments)
    return (r.status, r.stdout + r.stderr)
  }

  func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-text-\(UUID().uuidString)-\(name)").path
  }

  /// Width and height from the PNG's IHDR chunk (bytes 16..<24, big-endian).
  func pngSize(_ path: String) throws -> (Int, Int) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    try #require(bytes.count > 24 && bytes[1...3] == [0x50, 0x4E, 0x47])
    func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
  }

  @Test func rendersALabelBoxAtTheRequestedScale() throws {
    let out = temporaryPath("title.png")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try run(["label", "Photos", "--font-size", "34", "--weight", "bold", "--width", "375", "--height", "52", "--scale", "3", "--out", out])
    #expect(result.status == 0, "\(result.output)")
    #expect(try pngSize(out) == (1125, 156))
  }

  @Test func withoutABoxTheLabelIsAsBigAsItsText() throws {
    // "minimum" at 17 pt: 11964 * 17 / 2816 = 72.23 pt wide, 20.57 pt tall (hmtx, hhea);
    // rounded up to 2x pixels: 145 x 42.
    let out = temporaryPath("fit.png")
    defer { try? FileManager.default.removeItem(atPath: out) }
    let result = try run(["label", "minimum", "--scale", "2", "--out", out])
    #expect(result.status == 0, "\(result.output)")
    #expect(try pngSize(out) == (145, 42))
  }

  @Test func badInputFailsWithAMessageAndWritesNothing() throws {
    let out = temporaryPath("bad.png")
    let badColour = try run(["label", "x", "--color", "red", "--out", out])
    #expect(badColour.status != 0)
    #expect(badColour.output.contains("--color must look like #RGB"))
    let badWeight = try run(["label", "x", "--weight", "black", "--out", out])
    #expect(badWeight.status != 0)
    #expect(badWeight.output.contains("black"))
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
