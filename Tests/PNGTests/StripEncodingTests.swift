import Foundation
import PNG
import Raster
import TestSupport
import Testing

/// `PNGEncoder.stripRows`: the IDAT stream compressed in independent strips and written around
/// them by libpng. Checked with a second reader (Tests/Reference/png_idat.py: CRCs, zlib's own
/// inflate and Adler-32, the five unfilters from the specification) and ffmpeg's PNG decoder,
/// and for the same bytes whatever the thread count or the cache held.
@Suite struct StripEncodingTests {
  /// A picture with flat rows, equal rows, one-colour rows and noisy rows, sized so the last
  /// strip is short; `seed` changes only the rows in `changed`.
  static func picture(width: Int = 61, height: Int = 45, seed: UInt64 = 1, changed: Range<Int> = 0..<0, alpha: Bool = false) -> Bitmap {
    var random = SplitMix64(seed: 7)
    var other = SplitMix64(seed: seed)
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let mine = random.next(), theirs = other.next()
        let r = changed.contains(y) ? theirs : mine
        let a: UInt8 = alpha ? UInt8(truncatingIfNeeded: r >> 24) | 1 : 255
        func premultiplied(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
        switch y % 5 {
        case 0: pixels += [premultiplied(200), premultiplied(10), premultiplied(30), a]  // one colour (alpha varies)
        case 1 where y > 1:  // the row above
          let above = ((y - 1) * width + x) * 4
          pixels += pixels[above..<above + 4]
        default:
          let red = premultiplied(UInt8(truncatingIfNeeded: r))
          let green = premultiplied(UInt8(x * 4 % 256))
          let blue = premultiplied(UInt8(y * 5 % 256))
          pixels += [red, green, blue, a]
        }
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// The file's samples by the Python reader, and its filter-type counts.
  static func pythonSamples(_ png: [UInt8]) throws -> (samples: [UInt8], counts: [Int]) {
    let path = NSTemporaryDirectory() + "strip-\(UUID().uuidString).png"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(png).write(to: URL(fileURLWithPath: path))
    let script = repositoryRoot.appendingPathComponent("Tests/Reference/png_idat.py").path
    let r = try runProcess("/usr/bin/env", ["python3", script, path])
    #expect(r.status == 0, "\(r.stderr)")
    let counts = r.stderr.split(separator: " ").dropFirst(3).compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return (r.stdoutBytes, counts)
  }

  /// The samples the file should hold, by the encoder's documented rule: RGB when opaque,
  /// else straight RGBA with c = round(p * 255 / a) (halves up).
  static func expectedSamples(_ bitmap: Bitmap) -> [UInt8] {
    let p = bitmap.pixels
    if bitmap.isOpaque { return stride(from: 0, to: p.count, by: 4).flatMap { p[$0..<$0 + 3] } }
    return stride(from: 0, to: p.count, by: 4).flatMap { i -> [UInt8] in
      let a = Int(p[i + 3])
      guard a > 0 else { return [0, 0, 0, 0] }
      return (0..<3).map { UInt8((Int(p[i + $0]) * 510 + a) / (2 * a)) } + [UInt8(a)]
    }
  }

  @Test(arguments: [(61, 45, 16), (61, 45, 1), (1, 1, 64), (1, 9, 4), (9, 1, 4), (5, 64, 64), (5, 65, 64)])
  func stripsDecodeToThePixels(width: Int, height: Int, rows: Int) throws {
    for alpha in [false, true] {
      let bitmap = Self.picture(width: width, height: height, alpha: alpha)
      let encoder = PNGEncoder.frames.with(stripRows: rows)
      let png = try encoder.encode(bitmap)
      #expect(try PNGDecoder().decode(png, name: "strips") == bitmap, "\(width)x\(height) rows \(rows) alpha \(alpha)")
      let python = try Self.pythonSamples(png)
      #expect(python.samples == Self.expectedSamples(bitmap), "\(width)x\(height) rows \(rows) alpha \(alpha)")
      // The per-row rule: Sub for row 0 and one-colour rows, Up for equal rows, Paeth for the rest.
      if width > 1, height == 45, !alpha {
        #expect(python.counts == [0, 9, 8, 0, 28], "\(python.counts)")
      }
    }
  }

  @Test func ffmpegDecodesTheSamePixels() throws {
    let bitmap = Self.picture(width: 64, height: 150)
    let path = NSTemporaryDirectory() + "strip-ffmpeg-\(UUID().uuidString).png"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(try PNGEncoder.frames.encode(bitmap)).write(to: URL(fileURLWithPath: path))
    let r = try runProcess("/usr/bin/env", ["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdoutBytes == Self.expectedSamples(bitmap))
  }

  /// One zlib stream: header 78 01 (level 1, as zlib writes it), then the strips, each ending in
  /// a sync flush (00 00 FF FF), then the empty final block 03 00 and the Adler-32.
  @Test func theStreamIsOneZlibStreamOfStrips() throws {
    let bitmap = Self.picture(width: 61, height: 45)
    let png = try PNGEncoder.frames.with(stripRows: 16).encode(bitmap)
    #expect(EncodeTests.chunkTypes(png) == ["IHDR", "IDAT", "IEND"])
    let stream = Self.idat(png)
    #expect(Array(stream.prefix(2)) == [0x78, 0x01])
    #expect(Array(stream.suffix(6).prefix(2)) == [0x03, 0x00])
    let flushes = (0..<stream.count - 3).filter { stream[$0..<$0 + 4].elementsEqual([0, 0, 0xff, 0xff]) }
    #expect(flushes.count >= 3)  // 3 strips (16 + 16 + 13 rows), each closed by a flush marker
  }

  /// Threads and the cache change nothing in the bytes; a frame sharing strips with a cached
  /// one reuses them (those whose rows and the row above are equal), one differing in every
  /// strip reuses none.
  @Test func sameBytesForAnyThreadsAndCache() throws {
    let encoder = PNGEncoder.frames.with(stripRows: 8)
    let first = Self.picture(width: 40, height: 50, seed: 1)
    let second = Self.picture(width: 40, height: 50, seed: 2, changed: 17..<19)
    let alone = try encoder.encode(second)
    for threads in [1, 2, 3, 8] {
      let cache = PNGStripCache(frames: 2)
      let a = try encoder.encode(first, cache: cache, threads: threads)
      #expect(a == (try encoder.encode(first)))
      let b = try encoder.encode(second, cache: cache, threads: threads)
      #expect(b == alone, "threads \(threads)")
      // 7 strips of 8 rows (the last of 2); rows 17, 18 change strip 2 (rows 16..<24) only.
      #expect(cache.counts.reused == 6, "\(cache.counts)")
      #expect(cache.counts.made == 7 + 1)
    }
    // A change in a strip's last row also changes the next strip's input (its row above).
    let edge = Self.picture(width: 40, height: 50, seed: 3, changed: 23..<24)
    let cache = PNGStripCache(frames: 1)
    _ = try encoder.encode(first, cache: cache)
    #expect(try encoder.encode(edge, cache: cache) == encoder.encode(edge))
    #expect(cache.counts.reused == 5)
    // Other settings (RGBA instead of RGB) never reuse.
    let rgba = PNGEncoder(level: 1, strategy: .rle, filter: .perRow, colorType: .rgba, stripRows: 8)
    let before = cache.counts.reused
    _ = try rgba.encode(first, cache: cache)
    #expect(cache.counts.reused == before)
  }

  /// With several caches (the preview's recent frames and the same frame as the last save made
  /// it), strips are reused from any of them, the frame is remembered in each, and the bytes are
  /// the encoding without a cache.
  @Test func stripsFromAnyOfSeveralCaches() throws {
    let encoder = PNGEncoder.frames.with(stripRows: 8)
    let saved = Self.picture(width: 40, height: 50, seed: 1)
    let unrelated = Self.picture(width: 40, height: 50, seed: 4, changed: 0..<50)
    let edited = Self.picture(width: 40, height: 50, seed: 2, changed: 17..<19)
    let slot = PNGStripCache(frames: 1), recent = PNGStripCache(frames: 1)
    _ = try encoder.encode(saved, caches: [slot])
    _ = try encoder.encode(unrelated, caches: [recent])
    #expect(recent.counts.reused == 0)
    let bytes = try encoder.encode(edited, caches: [recent, slot], threads: 2)
    #expect(bytes == (try encoder.encode(edited)))
    // 7 strips; strip 2 (rows 16..<24) alone differs from `saved`, and none matches `unrelated`.
    #expect(slot.counts.reused == 6, "\(slot.counts)")
    // Both now hold `edited`: encoding it again reuses every strip from either.
    let reusedBefore = recent.counts.reused
    #expect(try encoder.encode(edited, caches: [recent]) == bytes)
    #expect(recent.counts.reused == reusedBefore + 7)
  }

  @Test func stripsNeedThePerRowFilter() {
    #expect(throws: PNGError.self) { try PNGEncoder(level: 1, filter: .paeth, stripRows: 8).encode(Self.picture()) }
    #expect(throws: PNGError.self) { try PNGEncoder.frames.with(stripRows: 0).encode(Self.picture()) }
  }

  /// The IDAT chunks' data, joined.
  static func idat(_ png: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var at = 8
    while at + 8 <= png.count {
      let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
      if png[at + 4..<at + 8].elementsEqual("IDAT".utf8) { out += png[at + 8..<at + 8 + length] }
      at += 12 + length
    }
    return out
  }
}

extension PNGEncoder {
  func with(stripRows: Int) -> PNGEncoder {
    var copy = self
    copy.stripRows = stripRows
    return copy
  }
}
