import Charts
import Geometry
import Raster
import Stage

/// A rendered transition as Review needs it: pictures at any instant, its progress and
/// finger over time, and its events. Stage's `Clip` is one (see Clip+Reviewable.swift);
/// tests use synthetic ones.
public protocol Reviewable: Sendable {
  /// Frame size in pixels.
  var pixelWidth: Int { get }
  var pixelHeight: Int { get }
  /// Pixels per point.
  var scale: Double { get }
  /// The clip's own frames per second.
  var fps: Double { get }
  /// Frames in the clip at normal speed (the last at (frameCount - 1) / fps s).
  var frameCount: Int { get }
  /// Touch down/up, decision, settle, ... with times in seconds.
  var events: [ClipEvent] { get }
  /// The picture at `time` seconds (pure: the same time gives the same pixels).
  func bitmap(at time: Double) throws -> Bitmap
  /// The transition's progress p at `time`.
  func progress(at time: Double) -> Double
  /// Where the finger is at `time` (points, canvas space), nil when no finger is down.
  func finger(at time: Double) -> Point?
}

extension Reviewable {
  /// The time of the clip's last frame, in seconds.
  public var lastFrameTime: Double { Double(frameCount - 1) / fps }

  /// The first event whose kind `pick` accepts, with what `pick` took from it.
  public func firstEvent<Facts>(_ pick: (ClipEvent.Kind) -> Facts?) -> (time: Double, facts: Facts)? {
    for e in events { if let facts = pick(e.kind) { return (e.time, facts) } }
    return nil
  }

  /// When the finger lifted (a pan's touch-ups and a press's lifts: not a cancel, not a
  /// commit), in seconds.
  public var touchUpTimes: [Double] { events.compactMap { $0.kind.isTouchUp ? $0.time : nil } }

  /// The finger at `time` as the touch indicator draws it (down, or fading after a lift).
  public func touch(at time: Double) -> TouchState {
    TouchState.at(time, location: finger(at:), touchUps: touchUpTimes)
  }

  /// Progress sampled every `step` seconds from 0 to the last frame, as a chart series.
  public func progressSeries(label: String, step: Double = 1.0 / 240) -> ProgressSeries {
    let end = lastFrameTime
    let n = max(1, Int((end / step).rounded(.up)))
    let times = (0...n).map { min(end, Double($0) * step) }
    return ProgressSeries(
      label: label, times: times, progress: times.map(progress(at:)),
      release: firstEvent { $0.release(.touchUp) }?.time, settle: firstEvent(\.settle)?.time)
  }
}
