/// Why reading or writing a PNG failed, with the file it concerns.
///
/// `description` is the one place the text is written, e.g.
/// `photo.png: error: corrupt PNG (IDAT: CRC error)`.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Hashable, Sendable {
    /// The file could not be opened or read; `message` is the system's (e.g. "No such file or directory").
    case unreadable(message: String)
    /// The file has zero bytes.
    case empty
    /// The first bytes are not the PNG signature.
    case notPNG
    /// The data ends before the image does.
    case truncated
    /// libpng rejected the data (bad CRC, bad chunk, bad IHDR, bad zlib stream); `message` is libpng's.
    case corrupt(message: String)
    /// The IHDR size is beyond `limits`; nothing of that size was allocated.
    case tooLarge(width: Int, height: Int, limits: PNGLimits)
    /// Memory ran out.
    case outOfMemory
    /// Encoding failed inside libpng (or its arguments were rejected); `message` says why.
    case encodeFailed(message: String)
  }

  /// The file concerned, as the caller named it (for in-memory data, the name the caller gave).
  public var path: String
  public var reason: Reason

  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): error: \(reason)" }
}

extension PNGError.Reason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .unreadable(let message): "cannot read the file (\(message))"
    case .empty: "the file is empty"
    case .notPNG: "not a PNG file (the PNG signature is missing)"
    case .truncated: "truncated PNG (the file ends before the image is complete)"
    case .corrupt(let message): "corrupt PNG (\(message))"
    case .tooLarge(let width, let height, let limits):
      "PNG is \(width)x\(height) px, beyond the limit of \(limits.maxSide) px per side"
        + " and \(limits.maxPixels) px in all"
    case .outOfMemory: "out of memory"
    case .encodeFailed(let message): "PNG encoding failed (\(message))"
    }
  }
}
