import Geometry
import Motion
import Scene

/// A transition's trigger simulated: the scripted tap or long press, what UIKit's recognizer
/// makes of it (Motion's `PressRecognizer`), the pressed view's highlight over time and the
/// manifest's events. The transition starts at `recognition.recognized`.
public struct PressSimulation: Sendable {
  public let trigger: TriggerSpec
  public let script: PressScript
  public let recognition: PressRecognition
  /// The highlight's amount over time; nil without a highlight.
  public let highlight: HighlightCurve?

  /// - Parameter target: the pressed view's frame in canvas points with the transition at
  ///   p = 0 (nil for a trigger with only a point).
  public init(_ trigger: TriggerSpec, target: Rect?) throws(StageError) {
    self.trigger = trigger
    let name = "trigger.\(trigger.gesture.rawValue)"
    let point = trigger.point ?? target?.center ?? .zero
    if let target, !target.contains(point) {
      func f(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
      let frame = [target.minX, target.minY, target.width, target.height].map(f).joined(separator: ", ")
      throw .invalidSetting(
        "\(name): the point [\(f(point.x)), \(f(point.y))] is outside \(trigger.view?.text ?? "the view"), whose frame on the canvas is [\(frame)]: the touch would not reach it"
          + (trigger.location.map { " (\($0))" } ?? ""))
    }
    do {
      script = try PressScript(downTime: trigger.at, upTime: trigger.at + trigger.duration, point: point, drift: trigger.drift)
    } catch {
      throw .invalidSetting("\(name): \(error)")
    }
    let recognizer: PressRecognizer
    switch trigger.gesture {
    case .tap: recognizer = .tap(target: target)
    case .longPress: recognizer = .longPress()
    }
    let recognition = recognizer.recognize(script), down = script.downTime
    self.recognition = recognition
    highlight = try trigger.highlight.map { h throws(StageError) in
      let on: Timing?, off: Timing
      switch h {
      case .dim(_, let spec), .cell(_, let spec): (on, off) = (nil, try spec.resolvedTiming())
      case .press(_, let spec): (on, off) = (try spec.resolvedTiming(), try spec.resolvedTiming())
      }
      return HighlightCurve(down: down, end: recognition.highlightEnd, on: on, off: off)
    }
  }

  /// When the finger has lifted and the highlight is back at rest, seconds.
  public var restTime: Double { max(script.upTime, highlight?.restTime ?? 0) }

  /// The finger at `t`, as a touch indicator draws it (nil while no finger is down).
  public func gesture(at t: Double) -> GestureSample? {
    script.location(at: t).map {
      GestureSample(location: $0, translation: $0 - script.point, velocity: script.drift * (1 / trigger.duration))
    }
  }

  /// The pressed view's highlight at `t`; nil without one or before the touch down.
  public func highlightState(at t: Double) -> HighlightState? {
    guard let curve = highlight, let spec = trigger.highlight, let view = trigger.view, t >= curve.down else { return nil }
    return HighlightState(view: view, style: spec, amount: curve.amount(at: t))
  }

  /// The manifest's events: touchDown, touchUp (with `inside`), tap or longPress (the
  /// recognition), pressFailed (with its reason).
  public var events: [SimulationEvent] {
    recognition.events.map { e in
      switch e {
      case .touchDown(let t, let p): return SimulationEvent(.touchDown(p), time: t)
      case .touchUp(let t, let p, let inside): return SimulationEvent(.pressLift(p, inside: inside), time: t)
      case .tap(let t, let p): return SimulationEvent(.tap(p), time: t)
      case .longPressBegan(let t, let p): return SimulationEvent(.longPress(p), time: t)
      case .failed(let t, let reason): return SimulationEvent(.pressFailed(reason), time: t)
      }
    }
  }
}

/// A pressed view's highlight at one moment.
public struct HighlightState: Hashable, Sendable {
  public var view: ViewPath
  public var style: HighlightSpec
  /// 0 at rest, 1 fully highlighted (a spring may pass either).
  public var amount: Double

  public init(view: ViewPath, style: HighlightSpec, amount: Double) {
    self.view = view; self.style = style; self.amount = amount
  }
}
