import Geometry

/// One scripted finger that touches down, moves at constant speed by `drift` and lifts: the
/// touch of a tap or a long press (a pan's script is `PanGestureScript`).
public struct PressScript: Hashable, Sendable {
  /// Seconds from the clip's start.
  public let downTime: Double
  /// Seconds from the clip's start; after `downTime`.
  public let upTime: Double
  /// Where the finger touches down, canvas points.
  public let point: Point
  /// How far the finger has moved when it lifts, points (zero for a still finger).
  public let drift: Point

  public init(downTime: Double, upTime: Double, point: Point, drift: Point = .zero) throws(MotionError) {
    try require("the touch down time", downTime, ">= 0") { $0 >= 0 }
    try require("the touch up time", upTime, "after the touch down (\(formatted(downTime)) s)") { $0 > downTime }
    try require("the drift's x", drift.x, "finite") { _ in true }
    try require("the drift's y", drift.y, "finite") { _ in true }
    self.downTime = downTime; self.upTime = upTime; self.point = point; self.drift = drift
  }

  /// Where the finger is at `t` seconds: nil before the touch down and from the lift on.
  public func location(at t: Double) -> Point? {
    guard t >= downTime, t < upTime else { return nil }
    return point + drift * fraction(at: t)
  }

  /// Where the finger lifts.
  public var upLocation: Point { point + drift }

  /// How far along the drift the finger is at `t` (0 at the touch down, 1 at the lift).
  func fraction(at t: Double) -> Double { min(1, max(0, (t - downTime) / (upTime - downTime))) }

  /// The time at `fraction` of the way from the touch down to the lift.
  func time(atFraction s: Double) -> Double { downTime + s * (upTime - downTime) }

  /// The fraction of the way at which the finger first leaves `rect` (strictly outside), or
  /// nil if it stays inside until it lifts. The start must be inside.
  func exitFraction(from rect: Rect) -> Double? {
    var s = Double.infinity
    for (start, delta, low, high) in [(point.x, drift.x, rect.minX, rect.maxX), (point.y, drift.y, rect.minY, rect.maxY)] {
      if delta > 0 { s = min(s, (high - start) / delta) }
      if delta < 0 { s = min(s, (low - start) / delta) }
    }
    return s < 1 ? max(0, s) : nil
  }
}

/// Something that happened during a press, in time order.
public enum PressEvent: Hashable, Sendable {
  case touchDown(time: Double, location: Point)
  /// The finger lifted; `inside`: within the control's tracking rect (touchUpInside).
  case touchUp(time: Double, location: Point, inside: Bool)
  /// A tap recognised (UIControl's `.touchUpInside`): the transition starts.
  case tap(time: Double, location: Point)
  /// A long press recognised (UILongPressGestureRecognizer's `.began`): the transition starts.
  case longPressBegan(time: Double, location: Point)
  /// The gesture failed: the finger left the tracking rect, moved too far, or lifted too soon.
  case failed(time: Double, reason: PressFailure)

  public var time: Double {
    switch self {
    case .touchDown(let t, _), .touchUp(let t, _, _), .tap(let t, _), .longPressBegan(let t, _), .failed(let t, _): return t
    }
  }
}

/// Why a press did not start the transition.
public enum PressFailure: String, Hashable, Sendable, CaseIterable {
  /// A tap's finger left the control's bounds plus the touch-outside margin (touchDragExit)
  /// and lifted outside them (touchUpOutside).
  case movedOutside
  /// A long press's finger moved more than `allowableMovement` before `minimumPressDuration`.
  case movedTooFar
  /// A long press's finger lifted before `minimumPressDuration`.
  case liftedEarly
}

/// UIKit's recognition of a tap on a control and of a long press, for a `PressScript`.
public enum PressRecognizer: Hashable, Sendable {
  /// UIControl's `.touchUpInside`: the finger lifts within the target's bounds grown by
  /// `margin` on every side (UIKit's touch-outside margin, 70 pt). While the finger is outside
  /// that rect the control is not highlighted (touchDragExit). `target` nil: a point with no
  /// view, always inside.
  case tap(target: Rect?, margin: Double = PressRecognizer.touchOutsideMargin)
  /// UILongPressGestureRecognizer: recognised `minimumDuration` seconds after the touch down if
  /// the finger is still down and has not moved more than `allowableMovement` points.
  case longPress(
    minimumDuration: Double = PressRecognizer.minimumPressDuration,
    allowableMovement: Double = PressRecognizer.allowableMovement)

  /// UIControl's touch-outside margin, points: touchDragExit, touchUpOutside and the highlight
  /// follow the bounds grown by 70 pt on each side (measured; docs/motion.md, "Taps and long presses").
  public static let touchOutsideMargin = 70.0
  /// UILongPressGestureRecognizer's `minimumPressDuration` default, seconds.
  public static let minimumPressDuration = 0.5
  /// UILongPressGestureRecognizer's `allowableMovement` default, points.
  public static let allowableMovement = 10.0

  /// What the recognizer reports for `script`.
  public func recognize(_ script: PressScript) -> PressRecognition {
    var events: [PressEvent] = [.touchDown(time: script.downTime, location: script.point)]
    let up = script.upTime
    switch self {
    case .tap(let target, let margin):
      let exit = target.flatMap { script.exitFraction(from: $0.outsetBy(dx: margin, dy: margin)) }
      let inside = exit == nil
      events.append(.touchUp(time: up, location: script.upLocation, inside: inside))
      if inside {
        events.append(.tap(time: up, location: script.upLocation))
        return PressRecognition(events: events, recognized: up, highlightEnd: up)
      }
      events.append(.failed(time: up, reason: .movedOutside))
      return PressRecognition(events: events, recognized: nil, highlightEnd: script.time(atFraction: exit!))
    case .longPress(let minimum, let allowed):
      let recognition = script.downTime + minimum
      // The finger's distance from the touch down grows linearly along the drift.
      let length = (script.drift.x * script.drift.x + script.drift.y * script.drift.y).squareRoot()
      let tooFar = length > allowed ? script.time(atFraction: allowed / length) : Double.infinity
      if tooFar < min(recognition, up) {
        events.append(.failed(time: tooFar, reason: .movedTooFar))
        events.append(.touchUp(time: up, location: script.upLocation, inside: false))
        return PressRecognition(events: events, recognized: nil, highlightEnd: tooFar)
      }
      if up <= recognition {
        events.append(.failed(time: up, reason: .liftedEarly))
        events.append(.touchUp(time: up, location: script.upLocation, inside: true))
        return PressRecognition(events: events, recognized: nil, highlightEnd: up)
      }
      events.append(.longPressBegan(time: recognition, location: script.location(at: recognition) ?? script.point))
      events.append(.touchUp(time: up, location: script.upLocation, inside: true))
      return PressRecognition(events: events, recognized: recognition, highlightEnd: up)
    }
  }
}

/// A press as the recognizer saw it.
public struct PressRecognition: Hashable, Sendable {
  /// In time order.
  public var events: [PressEvent]
  /// When the gesture was recognised (the transition starts there), seconds; nil if it failed.
  public var recognized: Double?
  /// When the target stops being highlighted, seconds: the lift, or the moment the finger
  /// left the tracking rect (a tap) or the recognizer failed (a long press).
  public var highlightEnd: Double
}
