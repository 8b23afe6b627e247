/// Which instant of the motion each output frame shows.
///
/// Normal playback samples frame n at t = n / fps seconds. Slow motion at `speed` < 1 samples
/// t = n / fps * speed: the same motion over more frames, each a fresh render at its own
/// instant (never a repeated frame). A simulated display refreshing at `refreshRate` Hz shows,
/// at output time t, the last sample it took: floor(t * refreshRate) / refreshRate.
public struct Sampling: Hashable, Sendable {
  /// Output frames per second (> 0).
  public let fps: Double
  /// Motion seconds per output second (> 0); 0.25 is 4x slow motion.
  public let speed: Double
  /// The simulated display's refresh rate in Hz, or nil for one sample per output frame.
  public let refreshRate: Double?

  public init(fps: Double, speed: Double = 1, refreshRate: Double? = nil) {
    precondition(fps > 0 && speed > 0, "fps and speed must be > 0")
    precondition(refreshRate.map { $0 > 0 } ?? true, "refresh rate must be > 0")
    self.fps = fps; self.speed = speed; self.refreshRate = refreshRate
  }

  /// The motion time in seconds that output frame `n` shows.
  public func time(ofFrame n: Int) -> Double {
    let t = Double(n) / fps * speed
    guard let hz = refreshRate else { return t }
    // The display's sample index; the epsilon keeps t = k / hz exact despite rounding.
    let k = (t * hz + 1e-9).rounded(.down)
    return k / hz
  }

  /// Output frames needed to show the motion of a clip that has `frameCount` frames at
  /// normal speed (its last frame at (frameCount - 1) / fps s): the last output frame is the
  /// first whose time reaches that instant. At speed 0.25, 100 frames become 397.
  public func frameCount(normalFrameCount frameCount: Int) -> Int {
    precondition(frameCount >= 1, "a clip needs a frame")
    return Int((Double(frameCount - 1) / speed - 1e-9).rounded(.up)) + 1
  }
}
