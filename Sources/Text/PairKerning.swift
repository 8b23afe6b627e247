/// Pair kerning read from a font's GPOS table.
struct PairKerning {
  init(gpos: [UInt8]?) {}

  /// The advance adjustment between two glyphs, in font units (negative tightens).
  func adjustment(_ left: UInt32, _ right: UInt32) -> Int { 0 }
}
