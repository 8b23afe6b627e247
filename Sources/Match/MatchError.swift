/// Why `flipbook match` cannot hold a recording against a scene. Every case says what was
/// wrong with which file (or flag) and what would be accepted.
public enum MatchError: Error, Sendable, CustomStringConvertible, Equatable {
  /// The file is not a screen recording Flipbook can read (no video stream, one frame, a size or
  /// length past the limits, a file ffprobe/ffmpeg cannot parse).
  case notARecording(path: String, reason: String)
  /// ffmpeg or ffprobe failed or is missing.
  case tool(String)
  /// A `--track` view path the scene does not have, or a view that is never on screen.
  case track(String, reason: String)
  /// The recording has no motion to align or fit, or a fit could not be made.
  case analysis(String)
  /// A bad flag value (`--region`, `--work-scale`).
  case invalidOption(String)
  /// Writing an output failed.
  case output(String)

  public var description: String {
    switch self {
    case .notARecording(let path, let reason): return "\(path): not a usable screen recording: \(reason)"
    case .tool(let message): return message
    case .track(let view, let reason): return "--track \(view): \(reason)"
    case .analysis(let message): return message
    case .invalidOption(let message): return message
    case .output(let message): return message
    }
  }
}
