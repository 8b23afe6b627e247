internal import CPNGCodec
import Raster

/// Encodes premultiplied RGBA8 bitmaps as 8-bit PNG through libpng.
///
/// Opaque bitmaps (every alpha 255) are written as RGB, colour type 2, unless `colorType` is
/// `.rgba`; others as straight-alpha RGBA, colour type 6, un-premultiplied with rounding
/// (c = round(p × 255 / a)), which `PNGDecoder` inverts exactly. Files hold only IHDR, IDAT
/// and IEND (no gAMA, sRGB, iCCP or tIME), so the same bitmap and settings give the same bytes.
public struct PNGEncoder: Hashable, Sendable {
  /// zlib's strategy for the IDAT stream.
  public enum Strategy: String, CaseIterable, Hashable, Sendable {
    /// zlib's default: LZ77 matching plus Huffman coding.
    case `default`
    /// Favours Huffman coding over matching (zlib's Z_FILTERED).
    case filtered
    /// Huffman coding only, no matching (Z_HUFFMAN_ONLY).
    case huffmanOnly
    /// Matches at distance 1 only (Z_RLE): fast, and strong on filtered screen content.
    case rle
    /// Fixed Huffman codes (Z_FIXED).
    case fixed
  }

  /// The PNG row filter.
  public enum Filter: String, CaseIterable, Hashable, Sendable {
    case none, sub, up, average, paeth
    /// libpng picks one of the five per row (minimum sum of absolute differences).
    case adaptive
    /// For flat UI content: Up for a row equal to the row above, Sub for a row of one colour,
    /// Paeth otherwise; chosen from the pixels before filtering, so each row is filtered once
    /// (adaptive filters each row five ways). On scale-3 catalog frames: 25 % less time than
    /// adaptive, 1 % larger (docs/performance.md).
    case perRow
  }

  /// Which PNG colour type to write.
  public enum ColorType: String, CaseIterable, Hashable, Sendable {
    /// RGB (type 2) when every pixel is opaque, RGBA (type 6) otherwise.
    case automatic
    /// Always RGBA (type 6).
    case rgba
  }

  /// zlib compression level, 0 (store) ... 9 (smallest).
  public var level: Int
  public var strategy: Strategy
  public var filter: Filter
  public var colorType: ColorType
  /// nil: one zlib stream made by libpng's own writer (`png_write_row`). A row count: the IDAT
  /// stream is compressed in independent strips of that many rows (the last may be shorter),
  /// which can be compressed on several threads and reused from an earlier frame
  /// (`PNGStripCache`); libpng writes the header and the chunks (`png_write_chunk`). Only with
  /// `filter == .perRow`. See docs/performance.md, "PNG frames".
  public var stripRows: Int?

  /// `level` must be in 0...9 and `stripRows` (with `.perRow`) at least 1 (checked when encoding).
  public init(level: Int, strategy: Strategy = .default, filter: Filter = .adaptive,
              colorType: ColorType = .automatic, stripRows: Int? = nil) {
    self.level = level
    self.strategy = strategy
    self.filter = filter
    self.colorType = colorType
    self.stripRows = stripRows
  }

  /// This setting at another zlib level (`render --png-level`, `still --png-level`).
  public func atLevel(_ level: Int) -> PNGEncoder {
    var copy = self
    copy.level = level
    return copy
  }

  /// The setting for rendered frames: zlib level 1, Z_RLE, the per-row filter choice
  /// (`.perRow`: Up for a row equal to the one above, Sub for a one-colour row, else Paeth),
  /// RGB when opaque. On scale-3 catalog frames it takes about 75 % of the time of libpng's
  /// adaptive filters for 1 % more bytes (docs/performance.md, "PNG frames"); a plain Paeth on
  /// every row is as fast but never smaller. `flipbook bench` measures every setting.
  /// In strips of 64 rows (`stripRows`): 40 strips at scale 3, each about 220 KB of filtered
  /// rows, so zlib's per-stream cost stays negligible and a moving view spoils few of them.
  public static let frames = PNGEncoder(level: 1, strategy: .rle, filter: .perRow, stripRows: 64)

  /// The PNG file's bytes.
  /// - Parameters:
  ///   - name: the path (or name) that errors carry.
  ///   - cache: with `stripRows`, strips equal to those of recent frames are reused from it, and
  ///     this frame's are remembered (the same bytes as without it).
  ///   - threads: with `stripRows`, the strips are compressed on up to this many threads.
  public func encode(
    _ bitmap: Bitmap, name: String = "<memory>", cache: PNGStripCache? = nil, threads: Int = 1
  ) throws(PNGError) -> [UInt8] {
    try encode(bitmap, name: name, caches: cache.map { [$0] } ?? [], threads: threads)
  }

  /// As `encode(_:name:cache:threads:)`, reusing strips from the recent frames of every one of
  /// `caches` and remembering this frame in each (the preview keeps one for recent frames
  /// and one per frame number, which holds that frame as the last save drew it).
  public func encode(
    _ bitmap: Bitmap, name: String = "<memory>", caches: [PNGStripCache], threads: Int = 1
  ) throws(PNGError) -> [UInt8] {
    guard (0...9).contains(level) else {
      throw PNGError(path: name, reason: .encodeFailed(message: "zlib level must be 0...9, got \(level)"))
    }
    let writeRGB = colorType == .automatic && bitmap.isOpaque
    // Opaque pixels are the same premultiplied or straight; only translucent ones need converting.
    let straight = writeRGB || bitmap.isOpaque ? bitmap.pixels : unpremultipliedCopy(bitmap.pixels)
    if let stripRows {
      guard filter == .perRow, stripRows >= 1 else {
        throw PNGError(path: name, reason: .encodeFailed(message: "strips need the perRow filter and at least 1 row (got \(filter), \(stripRows))"))
      }
      return try StripEncoding(
        encoder: self, bitmap: bitmap, straight: straight, writeRGB: writeRGB, stripRows: stripRows, name: name
      ).encode(caches: caches, threads: threads)
    }
    var status = pngc_status()
    var buffer = pngc_buffer()
    let code = straight.withUnsafeBufferPointer { pixels in
      pngc_encode(
        pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), bitmap.width * 4,
        writeRGB ? 1 : 0, Int32(level), strategy.c, filter.c, &buffer, &status)
    }
    defer { pngc_buffer_free(&buffer) }
    guard code == PNGC_OK, let data = buffer.data else {
      let message = messageText(status)
      let reason: PNGError.Reason = code == PNGC_ERR_NOMEM ? .outOfMemory : .encodeFailed(message: message)
      throw PNGError(path: name, reason: reason)
    }
    return Array(UnsafeBufferPointer(start: data, count: buffer.size))
  }
}

extension PNGEncoder.Strategy {
  var c: pngc_strategy {
    switch self {
    case .default: PNGC_STRATEGY_DEFAULT
    case .filtered: PNGC_STRATEGY_FILTERED
    case .huffmanOnly: PNGC_STRATEGY_HUFFMAN_ONLY
    case .rle: PNGC_STRATEGY_RLE
    case .fixed: PNGC_STRATEGY_FIXED
    }
  }
}

extension PNGEncoder.Filter {
  var c: pngc_filter {
    switch self {
    case .none: PNGC_FILTER_NONE
    case .sub: PNGC_FILTER_SUB
    case .up: PNGC_FILTER_UP
    case .average: PNGC_FILTER_AVERAGE
    case .paeth: PNGC_FILTER_PAETH
    case .perRow: PNGC_FILTER_PER_ROW
    case .adaptive: PNGC_FILTER_ADAPTIVE
    }
  }
}

