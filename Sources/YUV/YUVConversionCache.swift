import Foundation
import Raster

/// The last frame converted, kept so that the next one reuses its unchanged rows
/// (`YUV420Frame(converting:reusing:)`). The bytes are the same with or without it, whatever
/// was converted before and on however many threads. Thread-safe; holds one bitmap (shared
/// with the frame it came from) and its planes.
public final class YUVConversionCache: @unchecked Sendable {
  private let lock = NSLock()
  private var last: (bitmap: Bitmap, frame: YUV420Frame)?

  public init() {}

  /// `bitmap` converted, starting from the last frame converted through this cache.
  public func convert(_ bitmap: Bitmap) -> YUV420Frame {
    let previous = lock.withLock { last }
    let frame = YUV420Frame(converting: bitmap, reusing: previous)
    lock.withLock { last = (bitmap, frame) }
    return frame
  }
}
