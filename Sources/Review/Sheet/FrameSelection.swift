/// Which frames a contact sheet shows.
public enum FrameSelection: Hashable, Sendable {
  /// `count` frames spread evenly from the first to the last, both included.
  case evenly(count: Int)
  /// The frames at the given times in seconds (the first frame at or after each time).
  case atTimes([Double])

  /// Frame indices for a clip of `frameCount` frames at `fps`, ascending, without repeats.
  public func frames(frameCount: Int, fps: Double) -> [Int] {
    precondition(frameCount >= 1 && fps > 0, "a clip needs frames and a frame rate")
    switch self {
    case .evenly(let count):
      let n = max(1, min(count, frameCount))
      if n == 1 { return [0] }
      return (0..<n).map { i in (i * (frameCount - 1) + (n - 1) / 2) / (n - 1) }
    case .atTimes(let times):
      let picked = times.map { t in min(frameCount - 1, max(0, Int((t * fps - 1e-9).rounded(.up)))) }
      return Array(Set(picked)).sorted()
    }
  }
}
