import Raster

extension YUV420Frame {
  /// Converts a bitmap as ffmpeg's `pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:black,
  /// scale=out_color_matrix=bt709:out_range=tv,format=yuv420p` does (to within one code value):
  ///
  /// - odd sizes are padded with black (R = G = B = 0) on the right and at the bottom;
  /// - luma per pixel with the `BT709.luma` weights, rounded half up;
  /// - chroma from the R, G, B sums of each horizontal pixel pair (`BT709.cb`, `BT709.cr`),
  ///   then filtered down the rows with `ChromaFilter.taps`, rounded half up, clamped to 0...255.
  ///
  /// The bitmap's bytes are premultiplied, so a translucent pixel converts as if composited
  /// over black (as ffmpeg, which ignores alpha, did with the same bytes); Flipbook's frames
  /// are opaque. The result depends only on the bitmap, never on the thread or the frame order.
  ///
  /// The arithmetic is exact integer fixed point, done eight or sixteen pixels at a time
  /// (`LumaRows`, `ChromaRows`); YUVTests check it byte for byte against a per-pixel version.
  /// Where Raster's `wideKernels` is true (AVX2), the loops are CYUVKernels' AVX2 kernels,
  /// which give the same bytes (docs/yuv.md, "AVX2 kernels").
  public init(converting bitmap: Bitmap) {
    self.init(converting: bitmap, wide: wideKernels)
  }

  /// The conversion through the AVX2 kernels (`wide`, only where the CPU has AVX2) or the
  /// portable loops: the same bytes either way (YUVTests run both).
  init(converting bitmap: Bitmap, wide: Bool) {
    let w = bitmap.width, h = bitmap.height
    let (pw, ph) = Self.paddedSize(width: w, height: h)
    let count = Self.byteCount(width: pw, height: ph)
    let planes = bitmap.pixels.withUnsafeBufferPointer { src in
      [UInt8](unsafeUninitializedCapacity: count) { dst, initialized in
        let rgba = UnsafeRawPointer(src.baseAddress!), out = dst.baseAddress!
        ChromaRows.convert(rgba, width: w, height: h, into: out, paddedWidth: pw, paddedHeight: ph, wide: wide)
        initialized = count  // every byte of both passes' planes is written
      }
    }
    self.init(width: pw, height: ph, bytes: planes)
  }
}
