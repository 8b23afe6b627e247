import ArgumentParser
import Foundation
import Stage

/// `--jobs`, for every command that renders frames in parallel (render, compare, review).
struct JobsOption: ParsableArguments {
  @Option(help: "Frames rendered at once, 1...256 (default: the number of cores); the output is the same for any value.")
  var jobs: Int = min(ProcessInfo.processInfo.activeProcessorCount, FramePipeline.maxJobs)

  func validate() throws {
    if let problem = FramePipeline.problem(jobs: jobs) { throw ValidationError(problem) }
  }
}

/// `--speed`, for the commands that can play a transition slowed down (compare, review).
struct SpeedOption: ParsableArguments {
  @Option(help: "Motion seconds per output second: 0.25 is 4x slow motion, each frame a fresh sample (not a repeat).")
  var speed: Double = 1

  func validate() throws {
    guard speed > 0, speed.isFinite, speed <= 4 else { throw ValidationError("--speed must be in (0, 4] (got \(speed))") }
  }
}

extension ClipQuality: ExpressibleByArgument {}

/// `--quality`, for every command that writes an MP4 (render --mp4, compare -o OUT.mp4, review).
struct QualityOption: ParsableArguments {
  @Option(help: ArgumentHelp(
    "The MP4's encoder preset: draft (fastest, larger), review (default: the old fidelity or better, about 3x faster to encode), final (highest fidelity, slowest). See docs/performance.md.",
    valueName: "draft|review|final"))
  var quality: ClipQuality?

  /// The preset to encode with (review when not given).
  var chosen: ClipQuality { quality ?? .review }

  /// Refuses `--quality` when no MP4 is written (it would change nothing).
  func requireClip(_ writesMP4: Bool, _ hint: String) throws {
    if quality != nil, !writesMP4 { throw ValidationError("--quality sets the MP4's encoding; \(hint)") }
  }
}
