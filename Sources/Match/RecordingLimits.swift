/// What `flipbook match` accepts as a recording, checked with ffprobe before anything is
/// decoded (docs/match.md).
public enum RecordingLimits {
  /// Each side of the video, pixels.
  public static let sideRange = 16...8192
  /// Pixels per frame.
  public static let maxPixels = 40_000_000
  /// Frames (packets) in the video stream: at least a before and an after.
  public static let frameRange = 2...12_000
  /// Seconds of video.
  public static let maxDuration = 120.0
  /// How far the recording's width / height may be from the scene's screen (relative), since
  /// it is scaled onto the screen without cropping.
  public static let aspectTolerance = 0.04
  /// Bytes of decoded grey frames held at once (frames x working width x height).
  public static let maxDecodedBytes = 1 << 30
  /// Seconds ffprobe may take to look at a file, and ffmpeg per second of video to decode it.
  public static let probeTimeout = 30.0
  public static let decodeTimeoutPerSecond = 20.0
}
