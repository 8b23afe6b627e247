import Foundation
import Raster

extension YUV420Frame {
  /// Converts `bitmap` as `init(converting:)` does, reusing what `previous` (a bitmap of the
  /// same size and its conversion) already holds: a luma row whose input row is unchanged
  /// is copied, and so is a chroma row whose eight input rows (`ChromaFilter`'s reach) are
  /// all unchanged; only the colour differences those rows need are computed. Rows are
  /// compared byte for byte, so the bytes are `init(converting:)`'s whatever `previous` is
  /// (`YUVReuseTests`); a frame whose only change is a band (the damage of a moving sheet)
  /// converts only the band and the chroma rows around it.
  public init(converting bitmap: Bitmap, reusing previous: (bitmap: Bitmap, frame: YUV420Frame)?) {
    self.init(converting: bitmap, reusing: previous, wide: wideKernels)
  }

  /// The reusing conversion through the AVX2 kernels (`wide`) or the portable loops.
  init(converting bitmap: Bitmap, reusing previous: (bitmap: Bitmap, frame: YUV420Frame)?, wide: Bool) {
    guard let previous, previous.bitmap.width == bitmap.width, previous.bitmap.height == bitmap.height else {
      self.init(converting: bitmap, wide: wide)
      return
    }
    let w = bitmap.width, h = bitmap.height
    let (pw, ph) = Self.paddedSize(width: w, height: h)
    guard previous.frame.width == pw, previous.frame.height == ph else {
      self.init(converting: bitmap, wide: wide)
      return
    }
    let rowBytes = 4 * w
    var changed = [Bool](repeating: false, count: ph)
    bitmap.pixels.withUnsafeBytes { a in
      previous.bitmap.pixels.withUnsafeBytes { b in
        for y in 0..<h where memcmp(a.baseAddress! + y * rowBytes, b.baseAddress! + y * rowBytes, rowBytes) != 0 {
          changed[y] = true
        }
      }
    }
    let count = Self.byteCount(width: pw, height: ph)
    let planes = bitmap.pixels.withUnsafeBufferPointer { src in
      previous.frame.bytes.withUnsafeBufferPointer { old in
        [UInt8](unsafeUninitializedCapacity: count) { dst, initialized in
          ChromaRows.convert(
            UnsafeRawPointer(src.baseAddress!), width: w, height: h, into: dst.baseAddress!, paddedWidth: pw, paddedHeight: ph,
            reusing: (old.baseAddress!, changed), wide: wide)
          initialized = count  // every byte is converted or copied
        }
      }
    }
    self.init(width: pw, height: ph, bytes: planes)
  }
}
