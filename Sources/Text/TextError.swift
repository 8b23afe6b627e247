/// Why the Text module cannot render: the only failures are about the font files.
public enum TextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No folder holding Inter-Regular.otf was found; `searched` lists the folders tried.
  case fontsNotFound(searched: [String])
  /// FreeType could not open a font file (`code` is FreeType's error code).
  case fontUnreadable(path: String, code: Int32)
  /// FreeType itself could not start.
  case freeTypeInit(code: Int32)
  /// The requested mask is larger than `rasterize` makes (pixels per side or in all).
  case maskTooLarge(width: Int, height: Int)

  public var description: String {
    switch self {
    case .fontsNotFound(let searched):
      "error: the Inter font files were not found (looked in: \(searched.joined(separator: ", "))); "
        + "keep Flipbook_Text.resources beside the flipbook binary or set FLIPBOOK_FONT_DIR"
    case .fontUnreadable(let path, let code):
      "\(path): error: FreeType cannot read this font (FreeType error \(code))"
    case .freeTypeInit(let code):
      "error: FreeType failed to initialise (FreeType error \(code))"
    case .maskTooLarge(let width, let height):
      "error: a text mask of \(width) x \(height) pixels is too large"
    }
  }
}
