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

  /// glibc allocator settings for ffmpeg (`GLIBC_TUNABLES`): blocks up to 32 MiB (a frame's
  /// planes and x264's per-frame buffers) come from the heap rather than a fresh mapping each,
  /// and freed memory goes back to the kernel only once 1 GiB of it is free. x264 then reuses
  /// the memory of the frames before instead of faulting in new pages, which the kernel
  /// zeroes: T2 at scale 3 takes about 21 thousand page faults instead of 60 thousand, and
  /// 0.14-0.20 s of kernel time instead of 0.34-0.85 s (docs/performance.md). Same bytes.
  public static let encoderTunables = "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824"

  /// The variables added to ffmpeg's environment: `encoderTunables`, followed by the user's own
  /// `GLIBC_TUNABLES` (`inherited`), which glibc reads last, so a setting of the user's wins.
  public static func encoderEnvironment(inherited: String?) -> [String: String] {
    let own = inherited.map { $0.isEmpty ? encoderTunables : encoderTunables + ":" + $0 } ?? encoderTunables
    return ["GLIBC_TUNABLES": own]
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
