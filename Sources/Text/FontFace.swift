internal import CFreeType

/// One Inter face opened through FreeType. Not thread-safe (FreeType faces are not):
/// only `FontStore` touches it, under its lock.
final class FontFace {
  private let face: FT_Face
  /// Font units per em (head.unitsPerEm).
  let unitsPerEm: Int
  /// hhea ascender, descender (negative) and line gap, in font units. Apple's text stack
  /// (CoreText, UIFont.ascender/descender/leading) takes a font's line metrics from hhea;
  /// Inter's OS/2 typo metrics hold the same numbers.
  let ascender: Int, descender: Int, lineGap: Int
  /// Pair kerning from the font's GPOS table (FreeType's FT_Get_Kerning reads only the old
  /// `kern` table, which Inter does not have).
  let kerning: PairKerning
  private var glyphIndices: [Unicode.Scalar: UInt32] = [:]
  private var advances: [UInt32: Int] = [:]
  private var kerns: [UInt64: Int] = [:]

  init(library: FT_Library, path: String) throws(TextError) {
    var face: FT_Face?
    let error = FT_New_Face(library, path, 0, &face)
    guard error == 0, let face else { throw .fontUnreadable(path: path, code: error) }
    self.face = face
    unitsPerEm = Int(face.pointee.units_per_EM)
    if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
      let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
      ascender = Int(hhea.Ascender)
      descender = Int(hhea.Descender)
      lineGap = Int(hhea.Line_Gap)
    } else {
      ascender = Int(face.pointee.ascender)
      descender = Int(face.pointee.descender)
      lineGap = Int(face.pointee.height) - ascender + descender
    }
    kerning = PairKerning(gpos: FontFace.table(face, tag: "GPOS"))
  }

  deinit { FT_Done_Face(face) }

  /// The glyph for a code point; 0 (.notdef) when the font has none.
  func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
    if let g = glyphIndices[scalar] { return g }
    let g = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    glyphIndices[scalar] = g
    return g
  }

  /// Unhinted advance width of a glyph in font units (hmtx).
  func advance(_ glyph: UInt32) -> Int {
    if let a = advances[glyph] { return a }
    var value: FT_Fixed = 0
    let flags = FT_Int32(FT_LOAD_NO_SCALE) | FT_Int32(FT_LOAD_NO_HINTING)
    let a = FT_Get_Advance(face, FT_UInt(glyph), flags, &value) == 0 ? Int(value) : 0
    advances[glyph] = a
    return a
  }

  /// Pair kerning between two glyphs in font units (GPOS `kern`), cached.
  func kern(_ left: UInt32, _ right: UInt32) -> Int {
    let key = UInt64(left) << 32 | UInt64(right)
    if let k = kerns[key] { return k }
    let k = kerning.adjustment(left, right)
    if kerns.count > 1 << 16 { kerns = [:] }
    kerns[key] = k
    return k
  }

  /// Renders a glyph's anti-aliased coverage, unhinted, at `pixelsPerEm64` (ppem in 1/64 px),
  /// its origin moved right by `offset64` (1/64 px): a subpixel phase.
  func render(glyph: UInt32, pixelsPerEm64: Int, offset64: Int) -> GlyphMask {
    guard FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelsPerEm64), 72, 72) == 0 else { return .empty }
    var delta = FT_Vector(x: FT_Pos(offset64), y: 0)
    FT_Set_Transform(face, nil, &delta)
    let flags = FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_NO_BITMAP)
    guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0, let slot = face.pointee.glyph,
      FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0
    else { return .empty }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
    guard width > 0, height > 0, let buffer = bitmap.buffer,
      bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
    else { return .empty }
    var alpha = [UInt8](repeating: 0, count: width * height)
    for row in 0..<height {
      let source = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
      for column in 0..<width { alpha[row * width + column] = buffer[source + column] }
    }
    return GlyphMask(
      left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
      width: width, height: height, alpha: alpha)
  }

  /// The bytes of an sfnt table, or nil when the font has none.
  private static func table(_ face: FT_Face, tag: String) -> [UInt8]? {
    let code = tag.unicodeScalars.reduce(UInt(0)) { $0 << 8 | UInt($1.value) }
    var length: FT_ULong = 0
    guard FT_Load_Sfnt_Table(face, FT_ULong(code), 0, nil, &length) == 0, length > 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(length))
    let error = bytes.withUnsafeMutableBufferPointer {
      FT_Load_Sfnt_Table(face, FT_ULong(code), 0, $0.baseAddress, &length)
    }
    return error == 0 ? bytes : nil
  }
}

/// A glyph's coverage bitmap: `alpha` is `width * height` bytes, rows top to bottom.
/// `left` and `top` place it relative to the pen position on the baseline, in pixels,
/// y up (FreeType's bitmap_left / bitmap_top).
struct GlyphMask: Sendable {
  var left: Int, top: Int, width: Int, height: Int
  var alpha: [UInt8]
  static let empty = GlyphMask(left: 0, top: 0, width: 0, height: 0, alpha: [])
}
