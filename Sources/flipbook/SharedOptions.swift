import ArgumentParser
import Foundation

/// `--jobs`, for every command that renders frames in parallel (render, compare, review).
struct JobsOption: ParsableArguments {
  @Option(help: "Frames rendered at once (default: the number of cores); the output is the same for any value.")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
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
