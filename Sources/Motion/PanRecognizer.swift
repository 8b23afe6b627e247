import Foundation
import Geometry

/// A touch event as the digitizer delivers it.
public struct TouchEvent: Hashable, Sendable {
  public var time: Double
  public var location: Point
  public var phase: TouchPoint.Phase
  /// Index of the stroke in `PanGestureScript.strokes`.
  public var stroke: Int
}

extension PanGestureScript {
  /// The default touch sampling rate: 120 Hz, as iPhone digitizers report touches to UIKit
  /// (with ProMotion the display also refreshes at 120 Hz).
  public static let defaultTouchRate = 120.0

  /// The touch events of the script, sampled the way the recognizer sees them: the down at its
  /// time, then a move at every tick `down + k/rate` (k = 1, 2, …) while the finger is down
  /// (a still finger still reports, as a real finger's jitter keeps moved events coming), ticks
  /// closer than 1 ms before the up skipped, and the up at its time and location. A stroke that
  /// never lifts is sampled until two ticks after its last point (nothing changes after that).
  public func touchEvents(rate: Double = PanGestureScript.defaultTouchRate) -> [TouchEvent] {
    let rate = rate.isFinite && rate > 0 ? rate : PanGestureScript.defaultTouchRate
    var events: [TouchEvent] = []
    for (i, s) in strokes.enumerated() {
      events.append(TouchEvent(time: s.downTime, location: s.locations[0], phase: .down, stroke: i))
      let end = s.lifts ? s.upTime - 0.001 : s.times[s.times.count - 1] + 2 / rate
      var k = 1.0
      while true {
        let t = s.downTime + k / rate
        if s.lifts ? !(t < end) : t > end + 1e-12 { break }
        events.append(TouchEvent(time: t, location: s.location(at: t), phase: .move, stroke: i))
        k += 1
      }
      if s.lifts {
        events.append(TouchEvent(
          time: s.upTime, location: s.locations[s.locations.count - 1], phase: s.cancelled ? .cancel : .up, stroke: i))
      }
    }
    return events
  }
}

/// What a pan gesture recognizer reports to its action method.
public struct PanReport: Hashable, Sendable {
  public enum State: String, Hashable, Sendable { case began, changed, ended, cancelled }
  public var time: Double
  public var state: State
  /// The finger's location (points).
  public var location: Point
  /// `translation(in:)`: location minus the origin (the first touch, moved by resets), points.
  public var translation: Point
  /// `velocity(in:)`, points per second.
  public var velocity: Point
}

/// `UIPanGestureRecognizer` as a state machine over touch events (motion-model §7).
///
/// - Recognition (`.began`) happens at the first move whose distance from the down location is
///   > 0 and >= `hysteresis` (UIKit's `_defaultHysteresis`, 10 pt, decompiled [S38] in
///   motion-model.md); at that moment the hysteresis is subtracted per axis
///   (`t → sign(t)·max(|t| − h, 0)`), as UIKit does, so translation counts from where the pan
///   began, not from the touch-down.
/// - Translation is `location − origin`; `setTranslation(_:)` moves the origin.
/// - Velocity is `PanVelocityEstimator`'s 0.2/0.8 blend of the last two move intervals.
/// - The up adds no sample (UIKit's `touchesEnded` does not move the centroid or feed the
///   velocity): it is reported as `.ended` with the location, translation and velocity of the
///   last move (a system cancel the same way, as `.cancelled`). A stroke that never recognised
///   (it lifted before moving `hysteresis` points) reports nothing.
public struct PanRecognizer: Hashable, Sendable {
  /// UIKit's pan hysteresis ("slop"), points: `_defaultHysteresis` = 10 (motion-model §7, [S38]).
  public static let defaultHysteresis = 10.0

  /// Points the touch must move before the pan begins.
  public let hysteresis: Double
  private var origin = Point.zero
  private var down: Point? = nil
  private var began = false
  private var location = Point.zero
  private var estimator = PanVelocityEstimator()

  /// - Parameter hysteresis: points of movement before recognition (non-finite or negative
  ///   values read as 0).
  public init(hysteresis: Double = PanRecognizer.defaultHysteresis) {
    self.hysteresis = max(0, hysteresis.isFinite ? hysteresis : 0)
  }

  /// `setTranslation(translation, in:)`: from now on translation is measured so that it equals
  /// `translation` at the current location.
  public mutating func setTranslation(_ translation: Point) {
    origin = location - translation
  }

  /// Feeds one touch event; returns the report the action method would receive, if any.
  public mutating func handle(_ event: TouchEvent) -> PanReport? {
    switch event.phase {
    case .down:
      down = event.location
      origin = event.location
      location = event.location
      began = false
      estimator = PanVelocityEstimator(startingAt: event.time, event.location)
      return nil
    case .move:
      guard let start = down else { return nil }
      location = event.location
      estimator.add(time: event.time, location: event.location)
      var state = PanReport.State.changed
      if !began {
        let moved = event.location - start
        guard moved.length > 0, moved.length >= hysteresis else { return nil }
        began = true
        let h = hysteresis
        func shrink(_ v: Double) -> Double { v < 0 ? -max(-v - h, 0) : max(v - h, 0) }
        origin = location - Point(x: shrink(moved.x), y: shrink(moved.y))
        state = .began
      }
      return PanReport(time: event.time, state: state, location: location, translation: location - origin,
                       velocity: estimator.velocity)
    case .up, .cancel:
      guard down != nil else { return nil }
      let recognised = began
      down = nil
      began = false
      guard recognised else { return nil }
      return PanReport(time: event.time, state: event.phase == .cancel ? .cancelled : .ended, location: location,
                       translation: location - origin, velocity: estimator.velocity)
    }
  }
}
