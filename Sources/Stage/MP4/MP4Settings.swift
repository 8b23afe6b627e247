import YUV

/// The one definition of how Flipbook encodes a clip; `scripts/make-mp4` uses the same
/// values (and a test checks both paths produce the same stream tags).
///
/// H.264 High profile, yuv420p, BT.709 primaries/transfer/matrix, limited ("tv") range,
/// odd sizes padded (never resized) to even with black on the right/bottom, exact fps,
/// `+faststart` so players can start before the whole file has downloaded.
///
/// `render --mp4` converts to yuv420p itself (`YUV420Frame`, the conversion of `filter` to
/// within one code value) and pipes the planes; `scripts/make-mp4` gives ffmpeg the PNG frames
/// and `filter`.
public enum MP4Settings {

  /// The filter chain: pad to even size, then RGB to BT.709 limited-range YUV 4:2:0.
  public static let filter =
    "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:black,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"

  /// What ffmpeg reads: RGB(A) it converts with `filter`, or yuv420p converted by Flipbook.
  public enum Input: Sendable { case rgb, yuv420p }

  /// The input arguments for raw yuv420p planes of a `width` x `height` frame (both even) on
  /// standard input.
  public static func rawInputArguments(width: Int, height: Int, fps: String) -> [String] {
    ["-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(width)x\(height)", "-framerate", fps, "-i", "pipe:0"]
  }

  /// Encoder and container arguments (everything after the input).
  public static func outputArguments(fps: String, input: Input, quality: ClipQuality) -> [String] {
    (input == .rgb ? ["-vf", filter] : []) + ["-c:v", "libx264", "-profile:v", "high"] + quality.x264Arguments + [
      "-pix_fmt", "yuv420p",
      "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv",
      "-r", fps, "-movflags", "+faststart", "-f", "mp4",
    ]
  }

  /// `fps` as an exact rational for ffmpeg: "60", "30000/1001" for 29.97, "2997/100" otherwise.
  public static func rational(_ fps: Double) -> String {
    if fps == fps.rounded() { return String(Int(fps)) }
    let ntsc = fps * 1001
    if abs(ntsc - ntsc.rounded()) < 1e-6 * ntsc, Int(ntsc.rounded()) % 1000 == 0 {
      return "\(Int(ntsc.rounded()))/1001"
    }
    for den in [10, 100, 1000, 10000] {
      let num = fps * Double(den)
      if abs(num - num.rounded()) < 1e-9 * num { return "\(Int(num.rounded()))/\(den)" }
    }
    return "\(Int((fps * 1_000_000).rounded()))/1000000"
  }

  /// The even size a `width` x `height` frame is padded to.
  public static func paddedSize(width: Int, height: Int) -> (width: Int, height: Int) {
    YUV420Frame.paddedSize(width: width, height: height)
  }
}
