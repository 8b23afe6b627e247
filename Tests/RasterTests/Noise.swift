@testable import Raster

extension Bitmap {
  /// Opaque pixels of varied colours (a fixed linear congruential sequence from `seed`).
  static func noise(width: Int, height: Int, seed: UInt32 = 1) -> Bitmap {
    var b = Bitmap(width: width, height: height)
    var s = seed
    for i in 0..<(width * height) {
      s = s &* 1_664_525 &+ 1_013_904_223
      b.pixels[i * 4] = UInt8(truncatingIfNeeded: s >> 24)
      b.pixels[i * 4 + 1] = UInt8(truncatingIfNeeded: s >> 16)
      b.pixels[i * 4 + 2] = UInt8(truncatingIfNeeded: s >> 8)
      b.pixels[i * 4 + 3] = 255
    }
    return b
  }
}
