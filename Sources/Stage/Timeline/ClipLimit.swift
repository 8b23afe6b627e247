import Foundation
import Scene

/// The limits of every clip Flipbook writes, whatever made it: a scene's own timeline, or
/// a review or comparison that resamples it (`--speed` slows the motion down into more
/// frames; `--refresh` raises the output rate). At most `SceneLimits.maxFrames` frames and
/// `SceneLimits.maxDuration` seconds from the first frame to the last, at a rate in
/// `SceneLimits.fpsRange`. docs/scene-format.md states the limits, docs/review.md how the
/// resampled clip's length follows from them.
public enum ClipLimit {
  /// Throws unless a clip of `frames` frames at `fps` frames per second fits. `frames` is a
  /// Double so that a count too large for an Int (`--speed 1e-300`) is refused, not trapped.
  /// `cause` names what made the clip this long ("--speed 0.0001"), or nil for the scene.
  public static func check(frames: Double, fps: Double, cause: String? = nil) throws(StageError) {
    let because = cause.map { " with \($0)" } ?? ""
    guard fps.isFinite, SceneLimits.fpsRange.contains(fps) else {
      throw .invalidSetting(
        "the clip\(because) would run at \(Self.number(fps)) fps; clips run at \(Int(SceneLimits.fpsRange.lowerBound))...\(Int(SceneLimits.fpsRange.upperBound)) fps")
    }
    guard frames.isFinite else {
      throw .invalidSetting("the clip\(because) would never end; a clip may last at most \(Int(SceneLimits.maxDuration)) s")
    }
    let seconds = max(0, frames - 1) / fps
    guard frames <= SceneLimits.maxFrames, seconds <= SceneLimits.maxDuration + 1e-9 else {
      throw .invalidSetting(
        "the clip\(because) would have \(Self.number(frames)) frames (\(Self.number(seconds)) s at \(Self.number(fps)) fps); "
          + "a clip may have at most \(Int(SceneLimits.maxFrames)) frames and last at most \(Int(SceneLimits.maxDuration)) s")
    }
  }

  /// Whole numbers without a fraction, others with up to 3 decimals; huge ones in e-notation.
  static func number(_ x: Double) -> String {
    if !x.isFinite || abs(x) >= 1e15 { return "\(x)" }
    if x == x.rounded() { return String(Int(x)) }
    var s = String(format: "%.3f", x)
    while s.hasSuffix("0") { s.removeLast() }
    return s
  }
}
