import Geometry
// Integer pixel arithmetic shared by every compositing loop.
//
// Rounding: `mul255(x, y)` is round(x·y / 255) exactly (ties away from zero never occur,
// since x·y/255 is never exactly k + ½), computed as t = x·y + 128; (t + (t >> 8)) >> 8.
// This is the classic exact division by 255 (Blinn, "Three wrongs make a right", 1995);
// `PixelMathTests` checks it against exact rounding for all 65,536 pairs.
//
// A pixel is a `UInt32` in memory order R, G, B, A (little-endian: R in the low byte).
// The SWAR helpers spread it over a `UInt64` with one 16-bit lane per channel, lanes in
// the order (R, B, G, A) at bits 0, 16, 32, 48, so four channels multiply at once with
// no carry between lanes (255 · 255 + 128 + 254 < 65,536).

/// round(x·y / 255) for x, y in 0...255.
@inline(__always)
@usableFromInline
func mul255(_ x: UInt32, _ y: UInt32) -> UInt32 {
  let t = x &* y &+ 128
  return (t &+ (t &>> 8)) &>> 8
}

@usableFromInline let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF
@usableFromInline let laneHalf: UInt64 = 0x0080_0080_0080_0080

/// The pixel's four bytes in 16-bit lanes (R, B, G, A).
@inline(__always)
@usableFromInline
func expand(_ p: UInt32) -> UInt64 {
  let q = UInt64(p)
  return (q | (q &<< 24)) & laneMask
}

/// Inverse of `expand`; lanes must hold values <= 255.
@inline(__always)
@usableFromInline
func pack(_ e: UInt64) -> UInt32 {
  UInt32(truncatingIfNeeded: e | (e &>> 24))
}

/// Each lane times `c` (0...255), divided by 255 with exact rounding.
@inline(__always)
@usableFromInline
func mulLanes(_ e: UInt64, _ c: UInt64) -> UInt64 {
  let t = e &* c &+ laneHalf
  return ((t &+ ((t &>> 8) & laneMask)) &>> 8) & laneMask
}

/// Source-over of an expanded premultiplied source onto a packed destination pixel:
/// D' = S + D·(255 − Sa)/255.
@inline(__always)
@usableFromInline
func over(_ s: UInt64, _ d: UInt32) -> UInt32 {
  let inv = 255 &- (s &>> 48)
  return pack(s &+ mulLanes(expand(d), inv))
}

/// A premultiplied RGBA8 pixel value.
public struct PremultipliedColor: Hashable, Sendable {
  public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    precondition(r <= a && g <= a && b <= a, "premultiplied colour needs r, g, b <= a")
    self.r = r; self.g = g; self.b = b; self.a = a
  }

  /// Premultiplies a straight-alpha sRGB colour: each byte is round(255·c·alpha), with
  /// components clamped to [0, 1] first (NaN counts as 0).
  public init(_ color: Color, opacity: Double = 1) {
    func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
    let a = unit(color.alpha) * unit(opacity)
    func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded(.toNearestOrAwayFromZero)) }
    self.a = byte(a)
    self.r = byte(unit(color.red) * a)
    self.g = byte(unit(color.green) * a)
    self.b = byte(unit(color.blue) * a)
  }

  public static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)

  /// The pixel as stored in a `Bitmap` (memory order R, G, B, A).
  @inlinable
  public var packed: UInt32 {
    UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
  }

  public var isOpaque: Bool { a == 255 }
}

/// `table[c]` = round(c · opacity) for each coverage byte c: coverage scaled by a layer's
/// opacity with one rounding, from the exact `Double` opacity.
func opacityTable(_ opacity: Double) -> [UInt8] {
  let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
  return (0..<256).map { UInt8((Double($0) * o).rounded(.toNearestOrAwayFromZero)) }
}
