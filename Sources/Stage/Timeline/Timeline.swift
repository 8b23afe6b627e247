import Geometry
import Motion
import Scene

/// A clip's motion, frame by frame: for each frame time `t_n = n / fps`, the interaction
/// phase, the progress, the finger, every animated property's value and the matched views;
/// plus the events for `manifest.json`. The clip runs from 0 to `duration`: the hold before,
/// the transition and its settle, then the hold after (or the scene's fixed `duration`).
public struct Timeline: Sendable {
  public let fps: Double
  /// Seconds; the last frame is at `Double(frameCount - 1) / fps <= duration`.
  public let duration: Double
  public let frameCount: Int
  public let simulation: Simulation
  /// Tracks driven by p or by their own timing (from the transition's start).
  let tracks: [(track: Track, timing: Timing?)]
  /// The background animator's tracks, driven by its progress.
  let backgroundTracks: [Track]
  /// In an interactive transition, the window's status bar tracks' driver (UIKit's rule).
  let statusBar: StatusBarClock?

  /// Refuses a clip past `ClipLimit` (a typo like `hold: 6000` should not write hundreds of
  /// thousands of files).
  public init(simulation: Simulation, fps: Double, hold: Hold, fixedDuration: Double? = nil) throws(StageError) {
    guard fps > 0, fps.isFinite, fps <= SceneLimits.fpsRange.upperBound else {
      throw .invalidSetting("fps must be in 1...\(Int(SceneLimits.fpsRange.upperBound)) (got \(fps))")
    }
    let transition = simulation.transition
    var tracks: [(Track, Timing?)] = []
    var end = simulation.end
    for track in transition.tracks {
      let timing = try track.timing?.resolvedTiming()
      if let timing, simulation.start.isFinite { end = max(end, simulation.start + timing.endTime) }
      tracks.append((track, timing))
    }
    for m in transition.matched {
      if let timing = try m.timing?.resolvedTiming(), simulation.start.isFinite { end = max(end, simulation.start + timing.endTime) }
    }
    let duration = fixedDuration ?? (end + hold.after)
    let frames = (max(0, duration) * fps + 1e-9).rounded(.down) + 1
    try ClipLimit.check(frames: frames, fps: fps)
    let count = Int(frames)
    self.fps = fps
    self.duration = duration
    self.frameCount = count
    self.simulation = simulation
    self.tracks = tracks
    self.backgroundTracks = transition.interaction?.background?.tracks ?? []
    self.statusBar = transition.interaction == nil ? nil : StatusBarClock(
      grabs: simulation.grabs.map(\.time),
      releases: simulation.releases.map { ($0.time, $0.completes, $0.end) })
  }

  /// The time of frame `n`, in seconds.
  public func time(ofFrame n: Int) -> Double { Double(n) / fps }

  /// The first frame whose time is at or after `time`.
  public func frame(atOrAfter time: Double) -> Int {
    min(frameCount - 1, max(0, Int((time * fps - 1e-9).rounded(.up))))
  }

  public func state(frame n: Int) -> FrameState { state(at: time(ofFrame: n)) }

  /// The state at any time (`still --time` need not fall on a frame).
  public func state(at t: Double) -> FrameState {
    let m = simulation.moment(at: t)
    var values: [TrackKey: PropertyValue] = [:]
    for (track, timing) in tracks {
      let f: Double
      if let timing {
        f = timing.progress(at: t - simulation.start)
      } else if track.windowStatusBar, let statusBar {
        f = statusBar.fraction(at: t)
      } else {
        switch track.phase {
        case .progress: f = m.progress
        case .drag: f = m.drag
        case .settle: f = m.settle
        }
      }
      values[TrackKey(track.target, track.property)] = track.value(at: f)
    }
    for track in backgroundTracks {
      values[TrackKey(track.target, track.property)] = track.value(at: m.background)
    }
    for (key, value) in m.follow { values[key] = value }
    var state = FrameState(
      time: t, phase: m.phase, progress: m.progress, background: m.background, gesture: m.gesture, values: values,
      matched: m.matched, completed: m.completed)
    state.highlight = m.highlight
    return state
  }

  /// The simulation's events with frame numbers, for the manifest.
  public var events: [ClipEvent] {
    simulation.events.map { ClipEvent($0.kind, time: $0.time, frame: frame(atOrAfter: $0.time)) }
  }
}
