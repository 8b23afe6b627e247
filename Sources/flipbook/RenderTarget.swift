import ArgumentParser
import Foundation

/// What `render -o PATH` writes, by PATH's extension: `.mp4` an MP4, `.gif` a GIF, no
/// extension (or one that is not a media type) a folder of frames. Image and video types that
/// Flipbook does not write are refused, so `-o clip.webm` is not a folder named clip.webm.
enum RenderTarget: Equatable {
  case folder(String)
  case mp4(String)
  case gif(String)

  /// Extensions of files `render` does not write (it would have made a folder of that name).
  static let refused: Set<String> = [
    "png", "apng", "jpg", "jpeg", "webp", "heic", "heif", "avif", "tif", "tiff", "bmp",
    "mov", "m4v", "webm", "mkv", "avi", "json",
  ]

  /// Whether an MP4 is written for this target (a GIF is made from one).
  var writesMP4: Bool {
    if case .folder = self { false } else { true }
  }

  init(_ path: String) throws {
    let ext = (path as NSString).pathExtension.lowercased()
    switch ext {
    case "mp4": self = .mp4(path)
    case "gif": self = .gif(path)
    case _ where Self.refused.contains(ext):
      throw ValidationError("render cannot write a .\(ext) file (-o \(path)); accepted: a folder (PNG frames and manifest.json), OUT.mp4 or OUT.gif")
    default: self = .folder(path)
    }
  }
}
