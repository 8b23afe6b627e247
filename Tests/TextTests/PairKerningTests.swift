import Foundation
import TestSupport
import Testing
@testable import Text

@Suite struct PairKerningTests {
  /// The GPOS table of the bundled Inter-Regular.otf, found through the sfnt table directory
  /// (numTables at byte 4; 16-byte records of tag, checksum, offset, length from byte 12).
  static let gpos: [UInt8] = {
    guard let folder = try? FontFiles.folder(),
      let data = FileManager.default.contents(atPath: folder + "/Inter-Regular.otf")
    else { return [] }
    let bytes = [UInt8](data)
    func be(_ at: Int, _ n: Int) -> Int { bytes[at..<at + n].reduce(0) { $0 << 8 | Int($1) } }
    for i in 0..<be(4, 2) {
      let record = 12 + i * 16
      if String(decoding: bytes[record..<record + 4], as: UTF8.self) == "GPOS" {
        let offset = be(record + 8, 4), length = be(record + 12, 4)
        return Array(bytes[offset..<offset + length])
      }
    }
    return []
  }()

  func glyph(_ c: Unicode.Scalar) throws -> UInt32 {
    try FontStore.shared.withFonts { $0.face(.regular).glyphIndex(c) }
  }

  // HarfBuzz (kern on): "To" 3264 vs hmtx 3488, so T-o kerns by -224; "AVATAR Tokyo" minus
  // its hmtx sum is -1128 in all (see font_facts.py).
  @Test func pairValuesMatchHarfBuzz() throws {
    let kerning = PairKerning(gpos: Self.gpos)
    #expect(!kerning.isEmpty)
    #expect(kerning.adjustment(try glyph("T"), try glyph("o")) == -224)
    #expect(kerning.adjustment(try glyph("m"), try glyph("i")) == 0)
  }

  /// Glyph ids of Inter-Regular.otf from fontTools (getGlyphOrder().index of the cmap's name).
  @Test func cmapGivesTheFontsGlyphIds() throws {
    #expect(try ["T", "o", "A", "V", "m", "i"].map(glyph) == [409, 775, 2, 453, 752, 679])
    #expect(try glyph("\u{1F600}") == 0)  // no emoji in Inter: .notdef
  }

  @Test func aMissingTableKernsNothing() {
    #expect(PairKerning(gpos: nil).isEmpty)
    #expect(PairKerning(gpos: nil).adjustment(1, 2) == 0)
  }

  /// Truncated and corrupted copies of the real table must never trap.
  @Test func malformedTablesNeverTrap() throws {
    let table = Self.gpos
    try #require(table.count > 1000)
    let pairs: [(UInt32, UInt32)] = [
      (try glyph("T"), try glyph("o")), (try glyph("A"), try glyph("V")), (0, 0), (70000, 1),
    ]
    var lengths = Array(stride(from: 0, to: 200, by: 1))
    lengths += Array(stride(from: 200, to: table.count, by: max(1, table.count / 300)))
    for length in lengths {
      let kerning = PairKerning(gpos: Array(table.prefix(length)))
      for (a, b) in pairs { _ = kerning.adjustment(a, b) }
    }
    var generator = SplitMix64(seed: 7)
    for _ in 0..<200 {
      var copy = table
      for _ in 0..<20 { copy[Int(generator.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: generator.next()) }
      let kerning = PairKerning(gpos: copy)
      for (a, b) in pairs { _ = kerning.adjustment(a, b) }
    }
  }
}
