/// Splits RGBA pixels loaded as 32-bit words into their R, G, B lanes, and moves small integers
/// between `Int32` and `Float` lanes exactly.
enum RGBALanes {
  #if _endian(little)
  static let rShift: UInt32 = 0, gShift: UInt32 = 8, bShift: UInt32 = 16
  #else
  static let rShift: UInt32 = 24, gShift: UInt32 = 16, bShift: UInt32 = 8
  #endif

  /// R, G, B (0...255) of sixteen pixels starting at `pixels + 4 · index`.
  @inline(__always)
  static func load16(_ pixels: UnsafeRawPointer, _ index: Int) -> (r: SIMD16<Int32>, g: SIMD16<Int32>, b: SIMD16<Int32>) {
    let v = pixels.loadUnaligned(fromByteOffset: 4 * index, as: SIMD16<UInt32>.self)
    let m = SIMD16<UInt32>(repeating: 0xFF)
    return (
      SIMD16<Int32>(truncatingIfNeeded: (v &>> rShift) & m),
      SIMD16<Int32>(truncatingIfNeeded: (v &>> gShift) & m),
      SIMD16<Int32>(truncatingIfNeeded: (v &>> bShift) & m)
    )
  }

  /// The R, G, B sums (0...510) of eight horizontal pixel pairs starting at `pixels + 4 · index`.
  /// Each pair is read as one 64-bit word; the two pixels' R and B bytes are added in
  /// separate 16-bit fields of its low half, then split out after narrowing to 32 bits.
  @inline(__always)
  static func pairSums8(_ pixels: UnsafeRawPointer, _ index: Int) -> (r: SIMD8<Int32>, g: SIMD8<Int32>, b: SIMD8<Int32>) {
    let q = pixels.loadUnaligned(fromByteOffset: 4 * index, as: SIMD8<UInt64>.self)
    let rb = q & SIMD8(repeating: 0xFF << (32 + rShift) | 0xFF << (32 + bShift) | 0xFF << rShift | 0xFF << bShift)
    let g = (q &>> UInt64(gShift)) & SIMD8(repeating: 0xFF << 32 | 0xFF)
    let rbSum = SIMD8<Int32>(truncatingIfNeeded: rb &+ (rb &>> 32))
    let gSum = SIMD8<Int32>(truncatingIfNeeded: g &+ (g &>> 32))
    let m = SIMD8<Int32>(repeating: 0x3FF)
    return ((rbSum &>> Int32(rShift)) & m, gSum, (rbSum &>> Int32(bShift)) & m)
  }

  /// 1.5 · 2^23: a `Float` in [2^23, 2^24) has unit spacing, so adding this to an integer
  /// under 2^22 in magnitude is exact, and its low 23 bits are that integer plus 2^22.
  static let magic: Float = 12_582_912
  static let magicBits = Int32(bitPattern: magic.bitPattern)

  /// `Float` lanes holding exactly the integers of `v` (|v| < 2^22). The standard library
  /// converts SIMD vectors between `Int32` and `Float` one lane at a time; this is two
  /// vector instructions.
  @inline(__always)
  static func float(_ v: SIMD8<Int32>) -> SIMD8<Float> {
    unsafeBitCast(v &+ SIMD8(repeating: magicBits), to: SIMD8<Float>.self) - SIMD8(repeating: magic)
  }

  /// The integers held by `f` (each an integer, |f| < 2^22), the inverse of `float`.
  @inline(__always)
  static func int(_ f: SIMD8<Float>) -> SIMD8<Int32> {
    unsafeBitCast(f + SIMD8(repeating: magic), to: SIMD8<Int32>.self) &- SIMD8(repeating: magicBits)
  }
}
