import Dispatch
import Foundation
import Geometry
import Motion
import Scene
import Stage

/// Holds a recording against a scene: aligns them in time, tracks the views, fits the timing
/// and says what differs (docs/match.md).
public struct MatchAnalysis: Sendable {
  public let recording: Recording
  public let spec: SpecFrames
  public let recordingOnset: MotionOnset
  public let specOnset: MotionOnset
  /// Recording seconds minus spec seconds at the same moment of the transition (from the
  /// motion onsets, refined by the fit's time shift).
  public let offset: Double
  /// The onset-only offset, before the fit refined it.
  public let onsetOffset: Double
  public let views: [ViewMeasurement]
  public let fit: TimingFit?
  public let model: TimingModel
  public let verdict: Verdict

  /// - Parameters:
  ///   - spec: the scene rendered at the working scale.
  ///   - recording: decoded at the same size.
  ///   - views: the views to follow.
  public init(spec: SpecFrames, recording: Recording, views tracked: [TrackedView]) throws(MatchError) {
    self.spec = spec
    self.recording = recording
    let clip = spec.clip
    let rows = Self.usableRows(clip.canvas)
    let recordingOnset = MotionOnset(frames: recording.frames, rows: rows)
    let specOnset = MotionOnset(frames: spec.frames, rows: rows)
    self.recordingOnset = recordingOnset
    self.specOnset = specOnset
    guard let rFirst = recordingOnset.first else {
      throw .analysis("\(recording.probe.path): nothing moves in the recording (below the status bar)")
    }
    guard let sFirst = specOnset.first else { throw .analysis("nothing moves in the spec below the status bar") }
    let onsetOffset = recording.times[rFirst] - spec.times[sFirst]
    self.onsetOffset = onsetOffset
    let model = try TimingModel(clip: clip)
    self.model = model

    // Track every view in every recorded frame (the frames' pyramids made once, in parallel).
    let trackers = try tracked.map { v throws(MatchError) -> (ViewTracker, [ViewPlacement?]) in
      let placements = ViewTracker.placements(of: v, in: clip)
      return (try ViewTracker(view: v, spec: spec, placements: placements, rows: rows), placements)
    }
    let levels = trackers.map { $0.0.tracker.levels.count }.max() ?? 1
    let count = recording.frames.count
    let found = Found(frames: count, views: trackers.count)
    DispatchQueue.concurrentPerform(iterations: count) { k in
      let frame = TemplateTracker.Frame(recording.frames[k], levels: levels)
      // The spec's size of each view at about this moment (onset alignment), for views that scale.
      let n = min(spec.frames.count - 1, max(0, Int(((recording.times[k] - onsetOffset) * clip.timeline.fps).rounded())))
      for (i, t) in trackers.enumerated() { found.set(k, i, t.0.locate(in: frame, expectedSize: t.1[n]?.size)) }
    }

    // Progress axes from the spec, then the fit on the first view that moves along one.
    let progress = spec.times.map { clip.timeline.state(at: $0).progress }
    var axes: [ProgressAxis?] = []
    for (_, placements) in trackers {
      let pairs = zip(progress, placements).compactMap { p, c in c.map { (p, $0.center) } }
      axes.append(ProgressAxis(progress: pairs.map(\.0), centers: pairs.map(\.1)))
    }
    let window = (recording.times[rFirst] - 0.3)...(recording.times[recordingOnset.last ?? rFirst] + 0.3)
    var fit: TimingFit? = nil
    for (i, axis) in axes.enumerated() {
      guard let axis else { continue }
      let samples = (0..<count).compactMap { k -> (Double, Point)? in
        guard window.contains(recording.times[k]), let c = found.value(k, i)?.center else { return nil }
        return (recording.times[k], c)
      }
      fit = TimingFit(model: model, axis: axis, samples: samples, onsetOffset: onsetOffset)
      if fit != nil { break }
    }
    self.fit = fit
    let offset = onsetOffset + (fit?.shift ?? 0)
    self.offset = offset

    // What the spec says at each recorded moment, and how far the recording is from it. A
    // recorded frame shows the screen at some instant within half a frame of its timestamp, so
    // a frame is as far from the spec as from the nearest of the spec's places over that span.
    let specTimes = recording.times.map { $0 - offset }
    let halfFrame = 0.5 * Self.medianInterval(recording.times)
    let simulation = clip.timeline.simulation
    var measurements: [ViewMeasurement] = []
    for (i, (tracker, _)) in trackers.enumerated() {
      func center(_ t: Double) -> Point? { tracker.view.quad(in: clip.layerTree(at: max(0, t))).map { ViewPlacement(quad: $0).center } }
      let specCenters = specTimes.map(center)
      var worst = 0.0, worstTime: Double? = nil
      var measured: [Point?] = [], scores: [Double] = []
      var lags: [Double] = []
      for k in 0..<count {
        let m = found.value(k, i)
        measured.append(m?.center); scores.append(m?.score ?? 0)
        guard let a = m?.center, specCenters[k] != nil else { continue }
        let t = specTimes[k]
        let span = [t - halfFrame, t, t + halfFrame].compactMap(center)
        var d = Double.infinity
        for (p, q) in zip(span, span.dropFirst()) { d = min(d, Self.distance(a, segment: p, q)) }
        if span.count == 1 { d = Self.distance(a, segment: span[0], span[0]) }
        if d > worst { worst = d; worstTime = recording.times[k] }
        // How much later the spec passes this place (while the view moves at least its whole
        // travel per second, where a time is well defined).
        if let axis = axes[i], window.contains(recording.times[k]) {
          let p = axis.progress(of: a)
          let speed = abs(simulation.moment(at: t + 0.001).progress - simulation.moment(at: t - 0.001).progress) / 0.002
          if speed >= 1, let lag = Self.lag(of: p, near: t, in: simulation) { lags.append(lag) }
        }
      }
      let timingError = lags.isEmpty ? nil : lags.sorted()[lags.count / 2]
      // Its opacity, where the transition animates it: every recorded frame of the motion.
      let fades = clip.document.transition.tracks.contains { $0.target == tracker.view.path && $0.property == .opacity }
      let opacity = fades
        ? OpacityMeasurement(
          view: tracker.view, clip: clip, recording: recording, frames: (0..<count).filter { window.contains(recording.times[$0]) },
          specTimes: specTimes, halfFrame: halfFrame, measuredCenters: measured, rows: rows)
        : nil
      measurements.append(ViewMeasurement(
        name: tracker.view.name, measured: measured, scores: scores, spec: specCenters, axis: axes[i], maxError: worst,
        maxErrorTime: worstTime, timingError: timingError, opacity: opacity))
    }
    views = measurements
    verdict = Verdict(views: measurements, fit: fit, model: model)
  }

  /// The rows (working pixels) a recording is compared on: below the status bar (its clock and
  /// icons are the recording's own) and above the home indicator (drawn over everything, in a
  /// colour that follows what is under it), on the scene's canvas.
  static func usableRows(_ canvas: Canvas) -> Range<Int> {
    let scale = canvas.scale
    let top = Int((canvas.device.statusBarHeight * scale).rounded(.up))
    let bottom = canvas.device.homeIndicator.map { Int((($0.minY - 3) * scale).rounded(.down)) } ?? canvas.pixelHeight
    return top..<max(top + 1, min(bottom, canvas.pixelHeight))
  }

  /// The time within 0.15 s of `t` (1 ms steps) nearest `t` at which the spec's progress is
  /// closest to `p`, minus `t`: positive when the recording shows late what the spec shows earlier.
  static func lag(of p: Double, near t: Double, in simulation: Simulation) -> Double? {
    var best: (d: Double, lag: Double)? = nil
    for step in -150...150 {
      let tau = t + Double(step) / 1000
      let d = abs(simulation.moment(at: tau).progress - p)
      if d < (best?.d ?? .infinity) - 1e-12 || (abs(d - (best?.d ?? .infinity)) <= 1e-12 && abs(tau - t) < abs(best!.lag)) {
        best = (d, tau - t)
      }
    }
    return best.map { -$0.lag }
  }

  /// The distance from `a` to the segment from `p` to `q`.
  static func distance(_ a: Point, segment p: Point, _ q: Point) -> Double {
    let dx = q.x - p.x, dy = q.y - p.y
    let len2 = dx * dx + dy * dy
    let s = len2 > 0 ? max(0, min(1, ((a.x - p.x) * dx + (a.y - p.y) * dy) / len2)) : 0
    let x = p.x + s * dx - a.x, y = p.y + s * dy - a.y
    return (x * x + y * y).squareRoot()
  }

  /// The median time between consecutive frames (seconds).
  static func medianInterval(_ times: [Double]) -> Double {
    let d = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
    return d.isEmpty ? 0 : d[d.count / 2]
  }

  /// What the tracker found, per frame and view (filled from many threads).
  final class Found: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [[(center: Point, score: Double)?]]
    init(frames: Int, views: Int) { values = Array(repeating: Array(repeating: nil, count: views), count: frames) }
    func set(_ k: Int, _ i: Int, _ v: (center: Point, score: Double)?) { lock.withLock { values[k][i] = v } }
    func value(_ k: Int, _ i: Int) -> (center: Point, score: Double)? { lock.withLock { values[k][i] } }
  }
}
