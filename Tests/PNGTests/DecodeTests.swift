import PNG
import Raster
import Testing

@Suite struct DecodeTests {
  @Test func manifestListsEveryFixture() {
    // 51 PngSuite images plus 13 pypng-written ones; an empty list would make the test below vacuous.
    #expect(Fixtures.decoded().count == 64)
  }

  /// Pixels equal pypng's decode with the documented conversions, byte for byte.
  @Test(arguments: Fixtures.decoded())
  func decodesLikeIndependentDecoder(_ fixture: Fixtures.Decoded) throws {
    let bitmap = try PNGDecoder().decode(contentsOf: Fixtures.path(fixture.file))
    #expect(bitmap.width == fixture.width)
    #expect(bitmap.height == fixture.height)
    let expected = try Fixtures.bytes(fixture.expectedPath)
    try #require(expected.count == fixture.width * fixture.height * 4)
    let firstDifference = zip(bitmap.pixels, expected).enumerated().first { $0.element.0 != $0.element.1 }
    if let (index, (got, want)) = firstDifference {
      let pixel = index / 4
      Issue.record("\(fixture.file): pixel (\(pixel % fixture.width), \(pixel / fixture.width)) channel \(index % 4) is \(got), expected \(want)")
    }
  }

  @Test func decodesFromMemoryLikeFromFile() throws {
    let path = Fixtures.path("pngsuite/basn6a16.png")
    let fromFile = try PNGDecoder().decode(contentsOf: path)
    let fromMemory = try PNGDecoder().decode(Fixtures.bytes(path), name: "basn6a16")
    #expect(fromFile == fromMemory)
  }

  /// Hand-computed values: 16-bit samples round (not truncate) to 8 bits.
  @Test func sixteenBitSamplesRound() throws {
    let bitmap = try PNGDecoder().decode(contentsOf: Fixtures.path("generated/gen-g16-round.png"))
    // samples 0, 128, 129, 385, 386, 32767, 32768, 32896, 65406, 65407, 65534, 65535
    // v / 257 = 0, 0.498, 0.502, 1.498, 1.502, 127.498, 127.502, 128, 254.498, 254.502, 254.996, 255
    // (taking the high byte instead would give 0, 0, 0, 1, 1, 127, 128, 128, 255, 255, 255, 255)
    let grey = (0..<bitmap.width).map { bitmap.pixel(x: $0, y: 0).r }
    #expect(grey == [0, 0, 1, 1, 2, 127, 128, 128, 254, 255, 255, 255])
  }

  /// Hand-computed values: tRNS compares all 16 bits, then alpha premultiplies the colour.
  @Test func sixteenBitTransparencyIsExact() throws {
    let bitmap = try PNGDecoder().decode(contentsOf: Fixtures.path("generated/gen-g16-trns.png"))
    #expect(bitmap.pixel(x: 0, y: 0) == (0, 0, 0, 0))      // 0x1234 is the tRNS value
    #expect(bitmap.pixel(x: 1, y: 0) == (18, 18, 18, 255))  // 0x1235 / 257 = 18.1
    #expect(bitmap.pixel(x: 3, y: 0) == (255, 255, 255, 255))
  }

  /// A gAMA chunk changes nothing: samples are taken as stored.
  @Test func gammaIsIgnored() throws {
    let bitmap = try PNGDecoder().decode(contentsOf: Fixtures.path("generated/gen-rgb8-gamma.png"))
    #expect(bitmap.pixel(x: 0, y: 0) == (0, 64, 128, 255))
    #expect(bitmap.pixel(x: 1, y: 0) == (192, 255, 10, 255))
  }
}
