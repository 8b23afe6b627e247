/// A decoded image shared by every frame that draws it (a reference, so a photo decoded
/// once is not copied per frame). Immutable and safe to use from any thread.
public final class Image: Sendable {
  /// The full-resolution premultiplied pixels.
  public let bitmap: Bitmap

  public init(_ bitmap: Bitmap) {
    self.bitmap = bitmap
  }

  public var width: Int { bitmap.width }
  public var height: Int { bitmap.height }
}
