import ArgumentParser
import Stage

/// `flipbook quality`: what a `--quality` preset gives x264, for scripts that run ffmpeg
/// themselves (scripts/make-mp4), so the presets are written once, in ClipQuality.
struct QualityCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quality",
    abstract: "Print a --quality preset's x264 arguments and the H.264 profile it writes.",
    discussion: """
      Three lines: the x264 arguments (as ffmpeg takes them after -c:v libx264), the \
      profile ffprobe reports for a clip encoded with them, and the GLIBC_TUNABLES that \
      render --mp4 runs ffmpeg with (the same for every preset). scripts/make-mp4 reads them.

      Example:
        flipbook quality review
      """)

  @Argument(help: ArgumentHelp("The preset.", valueName: "draft|review|final"))
  var quality: ClipQuality

  func run() {
    print(quality.x264Arguments.joined(separator: " "))
    print(quality.profile)
    print(MP4Settings.encoderTunables)
  }
}
