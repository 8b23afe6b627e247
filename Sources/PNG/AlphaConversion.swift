// Straight <-> premultiplied alpha for 8-bit samples, with correct rounding.
//
// premultiply:   p = round(c * a / 255), computed exactly as t = c * a + 128; p = (t + (t >> 8)) >> 8
//                (exact for every c, a in 0...255; c * a / 255 is never exactly halfway).
// unpremultiply: c = round(p * 255 / a) = (p * 255 + a / 2) / a for a > 0, clamped to 255;
//                a = 0 gives (0, 0, 0, 0).
// For every valid premultiplied pixel (p <= a), premultiply(unpremultiply(p)) == p, so a
// premultiplied bitmap survives encode -> decode unchanged. Straight RGBA with a < 255 does not
// survive premultiply -> unpremultiply in general (several straight values share one premultiplied
// value), which is why Flipbook keeps premultiplied pixels everywhere.

@inline(__always)
func premultiplied(_ c: UInt32, _ a: UInt32) -> UInt8 {
  let t = c * a + 128
  return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
}

@inline(__always)
func unpremultiplied(_ p: UInt32, _ a: UInt32) -> UInt8 {
  guard a > 0 else { return 0 }
  return UInt8(truncatingIfNeeded: min(255, (p * 255 + a / 2) / a))
}

/// Premultiplies straight RGBA8 in place.
func premultiplyInPlace(_ rgba: UnsafeMutableBufferPointer<UInt8>) {
  var i = 0
  while i + 3 < rgba.count {
    let a = UInt32(rgba[i + 3])
    if a != 255 {
      rgba[i] = premultiplied(UInt32(rgba[i]), a)
      rgba[i + 1] = premultiplied(UInt32(rgba[i + 1]), a)
      rgba[i + 2] = premultiplied(UInt32(rgba[i + 2]), a)
    }
    i += 4
  }
}

/// Straight RGBA8 copy of premultiplied RGBA8 bytes.
func unpremultipliedCopy(_ rgba: [UInt8]) -> [UInt8] {
  var out = rgba
  out.withUnsafeMutableBufferPointer { buffer in
    var i = 0
    while i + 3 < buffer.count {
      let a = UInt32(buffer[i + 3])
      if a != 255 {
        buffer[i] = unpremultiplied(UInt32(buffer[i]), a)
        buffer[i + 1] = unpremultiplied(UInt32(buffer[i + 1]), a)
        buffer[i + 2] = unpremultiplied(UInt32(buffer[i + 2]), a)
      }
      i += 4
    }
  }
  return out
}
