import Geometry
import Motion

/// A clip's motion, frame by frame: for each frame time `t_n = n / fps`, the interaction phase,
/// the progress, the finger, every animated property's value and the matched view; plus the
/// events for `manifest.json`. The clip runs from 0 to `duration`: the hold before (the gesture's
/// or transition's start time), the transition and its settle, then `holdAfter`.
public struct Timeline: Sendable {
  public let fps: Double
  /// Seconds; the last frame is at `Double(frameCount - 1) / fps <= duration`.
  public let duration: Double
  public let frameCount: Int
  public let simulation: Simulation
  public let tracks: [Track]

  /// - Parameters:
  ///   - holdAfter: seconds of rest after the transition settles (>= 0).
  ///   - maxFrames: refuse clips longer than this (a typo like `hold: 6000` should not write
  ///     360,000 files).
  public init(
    simulation: Simulation, tracks: [Track], fps: Double, holdAfter: Double, maxFrames: Int = 100_000
  ) throws(StageError) {
    guard fps > 0, fps.isFinite, fps <= 1000 else { throw .invalidSetting("fps must be in (0, 1000] (got \(fps))") }
    guard holdAfter >= 0, holdAfter.isFinite else { throw .invalidSetting("hold after must be >= 0 s (got \(holdAfter))") }
    var end = simulation.end
    for track in tracks {
      if case .clock(let timing, let start) = track.driver { end = max(end, start + timing.endTime) }
    }
    let duration = end + holdAfter
    let count = Int((duration * fps + 1e-9).rounded(.down)) + 1
    guard duration.isFinite, count <= maxFrames else {
      throw .invalidSetting("the clip would have \(duration.isFinite ? String(count) : "infinitely many") frames (\(duration) s at \(fps) fps); the limit is \(maxFrames)")
    }
    self.fps = fps
    self.duration = duration
    self.frameCount = count
    self.simulation = simulation
    self.tracks = tracks
  }

  /// The time of frame `n`, in seconds.
  public func time(ofFrame n: Int) -> Double { Double(n) / fps }

  /// The first frame whose time is at or after `time`.
  public func frame(atOrAfter time: Double) -> Int {
    min(frameCount - 1, max(0, Int((time * fps - 1e-9).rounded(.up))))
  }

  public func state(frame n: Int) -> FrameState { state(at: time(ofFrame: n)) }

  /// The state at any time (a `still --time` need not fall on a frame).
  public func state(at t: Double) -> FrameState {
    let s = simulation.state(at: t)
    var values: [TrackKey: TrackValue] = [:]
    for track in tracks {
      let progress: Double
      switch track.driver {
      case .transition: progress = s.progress
      case .clock(let timing, let start): progress = timing.progress(at: t - start)
      }
      values[TrackKey(track.target, track.property)] = track.keyframes.value(at: progress)
    }
    return FrameState(time: t, phase: s.phase, progress: s.progress, gesture: s.gesture, values: values, matched: s.matched)
  }

  /// The simulation's events with frame numbers, for the manifest.
  public var events: [ClipEvent] {
    simulation.events.map { ClipEvent(kind: $0.kind, time: $0.time, frame: frame(atOrAfter: $0.time), details: $0.details) }
  }
}
