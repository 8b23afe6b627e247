import Foundation
import PNG
import Raster
import Testing

@Suite struct EncodeTests {
  /// Every valid premultiplied (colour <= alpha) pair, once per channel: 256 x 129 pixels.
  static func everyPremultipliedPair() -> Bitmap {
    var pixels: [UInt8] = []
    for a in 0...255 {
      for c in 0...a { pixels += [UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)] }
    }
    let count = pixels.count / 4  // 32,896 = 256 * 257 / 2 = 256 * 128.5
    let width = 256, height = (count + width - 1) / width
    pixels += [UInt8](repeating: 0, count: (width * height - count) * 4)
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  static func opaqueGradient(width: Int = 37, height: Int = 23) -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x * y) % 256), 255] }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// The colour type byte of IHDR: offset 8 (signature) + 8 (length, type) + 9.
  static func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

  /// The chunk types, in order.
  static func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var at = 8
    while at + 8 <= png.count {
      let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: png[at + 4..<at + 8], as: UTF8.self))
      at += 12 + length
    }
    return types
  }

  static let settings: [PNGEncoder] = [
    PNGEncoder.frames,
    PNGEncoder(level: 0),
    PNGEncoder(level: 1, filter: .none),
    PNGEncoder(level: 3, strategy: .filtered, filter: .sub),
    PNGEncoder(level: 6, filter: .up),
    PNGEncoder(level: 9, strategy: .huffmanOnly, filter: .average),
    PNGEncoder(level: 5, strategy: .fixed, filter: .paeth),
    PNGEncoder(level: 2, strategy: .rle, filter: .adaptive, colorType: .rgba),
    PNGEncoder(level: 1, strategy: .rle, filter: .perRow),
    PNGEncoder(level: 0, filter: .perRow, colorType: .rgba),
  ]

  /// premultiply(unpremultiply(p)) == p for every valid premultiplied byte pair, so a
  /// translucent bitmap survives encode -> decode unchanged.
  @Test(arguments: settings)
  func translucentRoundTripIsLossless(_ encoder: PNGEncoder) throws {
    let bitmap = Self.everyPremultipliedPair()
    let png = try encoder.encode(bitmap)
    #expect(Self.colorType(png) == 6)
    #expect(try PNGDecoder().decode(png, name: "round trip") == bitmap)
  }

  @Test(arguments: settings)
  func opaqueRoundTripIsLossless(_ encoder: PNGEncoder) throws {
    let bitmap = Self.opaqueGradient()
    let png = try encoder.encode(bitmap)
    #expect(Self.colorType(png) == (encoder.colorType == .rgba ? 6 : 2))
    #expect(try PNGDecoder().decode(png, name: "round trip") == bitmap)
  }

  /// `.perRow` on rows made to hit each case, at level 0 (stored: the filtered rows appear
  /// verbatim after the 2-byte zlib header and the 5-byte stored-block header): row 0 is libpng's
  /// heuristic choice between Paeth and Up, an equal row is Up (type 2, all zeros), a one-colour row Sub (type 1: the first
  /// pixel, then zeros), any other row Paeth (type 4). Every shape decodes to the same pixels.
  @Test func perRowFilterChoice() throws {
    let w = 4
    let rows: [[UInt8]] = [
      [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120],  // row 0
      [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120],  // equal to the row above
      [5, 6, 7, 5, 6, 7, 5, 6, 7, 5, 6, 7],                  // one colour
      [1, 2, 3, 9, 9, 9, 1, 2, 3, 200, 0, 0],                // anything else
    ]
    let pixels = rows.flatMap { row in stride(from: 0, to: row.count, by: 3).flatMap { row[$0..<$0 + 3] + [255] } }
    let bitmap = Bitmap(width: w, height: rows.count, pixels: pixels)
    let png = try PNGEncoder(level: 0, filter: .perRow).encode(bitmap)
    #expect(try PNGDecoder().decode(png, name: "per row") == bitmap)
    let idat = try #require(png.indices.first { png[$0..<min($0 + 4, png.count)].elementsEqual("IDAT".utf8) })
    let data = Array(png[(idat + 4 + 7)...])
    let rowBytes = 1 + 3 * w
    #expect([2, 4].contains(data[0]))
    #expect(data[rowBytes] == 2 && data[(rowBytes + 1)..<(2 * rowBytes)].allSatisfy { $0 == 0 })
    #expect(data[2 * rowBytes] == 1 && Array(data[(2 * rowBytes + 1)..<(2 * rowBytes + 4)]) == [5, 6, 7])
    #expect(data[(2 * rowBytes + 4)..<(3 * rowBytes)].allSatisfy { $0 == 0 })
    #expect(data[3 * rowBytes] == 4)
    // One pixel wide or high: libpng drops the filters that need a neighbour; still lossless.
    for (bw, bh) in [(1, 5), (5, 1), (1, 1)] {
      let thin = Self.opaqueGradient(width: bw, height: bh)
      #expect(try PNGDecoder().decode(PNGEncoder(level: 1, strategy: .rle, filter: .perRow).encode(thin), name: "thin") == thin)
    }
  }

  /// Straight RGBA bytes in the file: a premultiplied (64, 0, 0, 128) is stored as
  /// round(64 * 255 / 128) = 128 (127.5 rounds up).
  @Test func translucentPixelsAreStoredStraight() throws {
    let bitmap = Bitmap(width: 1, height: 1, pixels: [64, 0, 0, 128])
    let png = try PNGEncoder(level: 0, filter: .none).encode(bitmap)
    // Level 0 stores the filtered row verbatim: filter byte 0, then R, G, B, A.
    let row: [UInt8] = [0, 128, 0, 0, 128]
    #expect(png.indices.contains { png[$0...].starts(with: row) })
  }

  @Test func onlyCriticalChunksAreWritten() throws {
    for bitmap in [Self.opaqueGradient(), Self.everyPremultipliedPair()] {
      let types = Self.chunkTypes(try PNGEncoder.frames.encode(bitmap))
      #expect(types.first == "IHDR")
      #expect(types.last == "IEND")
      #expect(Set(types) == ["IHDR", "IDAT", "IEND"])
    }
  }

  @Test func sameBitmapGivesSameBytes() throws {
    let bitmap = Self.everyPremultipliedPair()
    #expect(try PNGEncoder.frames.encode(bitmap) == PNGEncoder.frames.encode(bitmap))
  }

  /// Level 0 stores: the file is at least the raw filtered image (rows of 1 + 3 * width bytes).
  @Test func levelIsApplied() throws {
    let bitmap = Self.opaqueGradient(width: 200, height: 100)
    let stored = try PNGEncoder(level: 0).encode(bitmap)
    let compressed = try PNGEncoder(level: 9).encode(bitmap)
    #expect(stored.count >= 100 * (1 + 3 * 200))
    #expect(compressed.count < stored.count / 2)
  }

  @Test func levelOutOfRangeIsAnError() {
    #expect(throws: PNGError.self) { try PNGEncoder(level: 10).encode(Self.opaqueGradient(), name: "x.png") }
    #expect(throws: PNGError.self) { try PNGEncoder(level: -1).encode(Self.opaqueGradient(), name: "x.png") }
  }
}
