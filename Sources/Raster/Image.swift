import Foundation

/// A decoded image shared by every frame that draws it (a reference, so a photo decoded
/// once is not copied per frame). Safe to use from any thread: the pixels never change, and
/// the mipmap pyramid, built on first need, is guarded by a lock.
public final class Image: @unchecked Sendable {
  /// The full-resolution premultiplied pixels.
  public let bitmap: Bitmap
  /// True when every pixel is opaque (lets drawing skip blending).
  public let isOpaque: Bool

  private let lock = NSLock()
  private var levels: [Bitmap] = []

  public init(_ bitmap: Bitmap) {
    self.bitmap = bitmap
    self.isOpaque = bitmap.isOpaque
  }

  public var width: Int { bitmap.width }
  public var height: Int { bitmap.height }

  /// Mipmap level `n` (0 = full size; each level halves both sides, rounding up, by a 2×2
  /// box average with exact rounding, the last row or column repeated when odd), or the
  /// smallest level when `n` is beyond it.
  func level(_ n: Int) -> Bitmap {
    if n <= 0 { return bitmap }
    lock.lock()
    defer { lock.unlock() }
    if levels.isEmpty { levels = [bitmap] }
    while levels.count <= n {
      let last = levels[levels.count - 1]
      if last.width == 1 && last.height == 1 { break }
      levels.append(last.halved())
    }
    return levels[min(n, levels.count - 1)]
  }
}

extension Bitmap {
  /// Half the size (rounded up), each pixel the rounded mean of a 2×2 block.
  func halved() -> Bitmap {
    let w2 = (width + 1) / 2, h2 = (height + 1) / 2
    var out = Bitmap(width: w2, height: h2)
    let w = width, h = height
    pixels.withUnsafeBufferPointer { src in
      out.pixels.withUnsafeMutableBufferPointer { dst in
        let s = src.baseAddress!, d = dst.baseAddress!
        for y in 0..<h2 {
          let y0 = 2 * y, y1 = min(2 * y + 1, h - 1)
          for x in 0..<w2 {
            let x0 = 2 * x, x1 = min(2 * x + 1, w - 1)
            let a = (y0 * w + x0) * 4, b = (y0 * w + x1) * 4, c = (y1 * w + x0) * 4, e = (y1 * w + x1) * 4
            let o = (y * w2 + x) * 4
            for k in 0..<4 {
              d[o + k] = UInt8((UInt32(s[a + k]) + UInt32(s[b + k]) + UInt32(s[c + k]) + UInt32(s[e + k]) + 2) >> 2)
            }
          }
        }
      }
    }
    return out
  }
}
