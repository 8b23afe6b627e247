import PNG
import Testing

@Suite struct ErrorTests {
  /// The reason's case, without libpng's message text.
  enum Kind: String, Sendable { case empty, notPNG, truncated, corrupt, tooLarge, unreadable }

  static func kind(_ reason: PNGError.Reason) -> Kind? {
    switch reason {
    case .empty: .empty
    case .notPNG: .notPNG
    case .truncated: .truncated
    case .corrupt: .corrupt
    case .tooLarge: .tooLarge
    case .unreadable: .unreadable
    default: nil
    }
  }

  static let cases: [(String, Kind)] = [
    ("bad/empty.png", .empty),
    ("bad/not-png.png", .notPNG),
    ("bad/text.png", .notPNG),
    ("bad/truncated-signature.png", .truncated),
    ("bad/truncated-header.png", .truncated),
    ("bad/truncated-idat.png", .truncated),
    ("bad/truncated-before-iend.png", .truncated),
    ("bad/crc-ihdr.png", .corrupt),
    ("bad/crc-idat.png", .corrupt),
    ("bad/bad-zlib.png", .corrupt),
    ("bad/bad-colortype.png", .corrupt),
    ("bad/bad-bitdepth.png", .corrupt),
    ("bad/zero-width.png", .corrupt),
    ("bad/missing-idat.png", .corrupt),
    ("bad/huge-ihdr.png", .tooLarge),
    ("bad/wide-ihdr.png", .tooLarge),
    ("bad/many-pixels-ihdr.png", .tooLarge),
    ("bad/does-not-exist.png", .unreadable),
  ] + hugeChunks.map { ("bad/huge-\($0)-chunk.png", .corrupt) } + emptyChunks.map { ("bad/empty-\($0).png", .corrupt) }

  /// Chunks that claim 1 GiB in a 49-byte file (libpng's huge_*_chunk crashers).
  static let hugeChunks = ["tEXt", "zTXt", "iTXt", "pCAL", "sCAL", "sPLT"]
  /// Ancillary chunks of length zero (libpng's empty_ancillary_chunks).
  static let emptyChunks = ["cHRM", "gAMA", "sRGB", "sBIT", "pHYs", "bKGD", "tIME", "iCCP"]

  /// A chunk claiming more than 8 MB is refused from its length: libpng used to skip the claimed
  /// gigabyte through a buffer of that size and then report the file as truncated.
  @Test(arguments: hugeChunks)
  func hugeChunkIsRefusedFromItsLength(_ kind: String) {
    let path = Fixtures.path("bad/huge-\(kind)-chunk.png")
    #expect(throws: PNGError(path: path, reason: .corrupt(message: "\(kind): chunk data is too large"))) {
      try PNGDecoder().decode(contentsOf: path)
    }
  }

  /// An empty ancillary chunk is damage that libpng would skip with a warning; it is refused,
  /// naming the chunk ("iCCP: too short", the others "invalid").
  @Test(arguments: emptyChunks)
  func emptyAncillaryChunkIsRefused(_ kind: String) {
    let path = Fixtures.path("bad/empty-\(kind).png")
    let message = kind == "iCCP" ? "iCCP: too short" : "\(kind): invalid"
    #expect(throws: PNGError(path: path, reason: .corrupt(message: message))) {
      try PNGDecoder().decode(contentsOf: path)
    }
  }

  @Test(arguments: cases)
  func badFileGivesItsError(_ file: String, _ expected: Kind) {
    let path = Fixtures.path(file)
    do {
      let bitmap = try PNGDecoder().decode(contentsOf: path)
      Issue.record("\(file) decoded to \(bitmap.width)x\(bitmap.height); expected \(expected)")
    } catch {
      #expect(error.path == path)
      #expect(Self.kind(error.reason) == expected, "\(error)")
      #expect(error.description.hasPrefix("\(path): error: "))
    }
  }

  /// The same damage gives the same error from memory, carrying the caller's name.
  @Test(arguments: cases.filter { $0.1 != .unreadable })
  func badBytesGiveTheSameError(_ file: String, _ expected: Kind) throws {
    let bytes = try Fixtures.bytes(Fixtures.path(file))
    #expect {
      _ = try PNGDecoder().decode(bytes, name: "asset \(file)")
    } throws: { error in
      guard let error = error as? PNGError else { return false }
      return error.path == "asset \(file)" && Self.kind(error.reason) == expected
    }
  }

  @Test func crcErrorsSayCRC() {
    for file in ["bad/crc-ihdr.png", "bad/crc-idat.png"] {
      let path = Fixtures.path(file)
      #expect(throws: PNGError(path: path, reason: .corrupt(message: file.contains("ihdr") ? "IHDR: CRC error" : "IDAT: CRC error"))) {
        try PNGDecoder().decode(contentsOf: path)
      }
    }
  }

  @Test func tooLargeNamesTheSizeAndLimits() {
    let path = Fixtures.path("bad/huge-ihdr.png")
    #expect(throws: PNGError(path: path, reason: .tooLarge(width: 100_000, height: 100_000, limits: .default))) {
      try PNGDecoder().decode(contentsOf: path)
    }
  }

  /// The limit is a parameter: a 32 x 32 image is refused under a 31 px limit, accepted at 32.
  @Test func limitIsAParameter() throws {
    let path = Fixtures.path("pngsuite/basn2c08.png")
    let tight = PNGLimits(maxSide: 31, maxPixels: 10_000)
    #expect(throws: PNGError(path: path, reason: .tooLarge(width: 32, height: 32, limits: tight))) {
      try PNGDecoder(limits: tight).decode(contentsOf: path)
    }
    let pixels = PNGLimits(maxSide: 100, maxPixels: 1023)
    #expect(throws: PNGError(path: path, reason: .tooLarge(width: 32, height: 32, limits: pixels))) {
      try PNGDecoder(limits: pixels).decode(contentsOf: path)
    }
    let exact = try PNGDecoder(limits: PNGLimits(maxSide: 32, maxPixels: 1024)).decode(contentsOf: path)
    #expect(exact.width == 32)
  }
}
