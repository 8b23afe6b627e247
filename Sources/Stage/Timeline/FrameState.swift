import Geometry

/// Where an interactive transition is at a moment.
public enum InteractionPhase: String, Hashable, Sendable {
  /// Before the transition starts (the hold before, or before the first touch).
  case idle
  /// A finger is down and drives the progress.
  case tracking
  /// The finger lifted; the release animation carries progress to its end (or back).
  case settling
  /// A non-interactive transition running on its own timing.
  case animating
  /// After the transition ended (the hold after).
  case done
}

/// The finger as a pan gesture recognizer reports it, in points and points per second.
public struct GestureSample: Hashable, Sendable {
  /// The finger's location in the canvas.
  public var location: Point
  /// Location minus the location at touch down.
  public var translation: Point
  /// UIKit's blended velocity (0.2 of the last move interval, 0.8 of the one before).
  public var velocity: Point

  public init(location: Point, translation: Point, velocity: Point) {
    self.location = location; self.translation = translation; self.velocity = velocity
  }
}

/// The lifted image view at a moment: its frame in the container (points) and its
/// transform about its centre.
public struct MatchedState: Hashable, Sendable {
  public var frame: Rect
  public var transform: AffineTransform

  public init(frame: Rect, transform: AffineTransform = .identity) {
    self.frame = frame
    self.transform = transform
  }
}

/// One animated property of one view.
public struct TrackKey: Hashable, Sendable, CustomStringConvertible {
  public var target: ViewRef
  public var property: LayerProperty

  public init(_ target: ViewRef, _ property: LayerProperty) {
    self.target = target
    self.property = property
  }

  public var description: String { "\(target).\(property.rawValue)" }
}

/// Everything about one frame that is not pixels: the simulation's output for time `time`.
public struct FrameState: Hashable, Sendable {
  /// Seconds from the start of the clip.
  public var time: Double
  public var phase: InteractionPhase
  /// The transition's progress p (may leave [0, 1] while a spring overshoots).
  public var progress: Double
  /// The finger, while it is down.
  public var gesture: GestureSample?
  /// Every animated property's value at this time.
  public var values: [TrackKey: TrackValue]
  /// The lifted image view, while it is lifted.
  public var matched: MatchedState?

  public init(
    time: Double, phase: InteractionPhase, progress: Double, gesture: GestureSample? = nil,
    values: [TrackKey: TrackValue] = [:], matched: MatchedState? = nil
  ) {
    self.time = time; self.phase = phase; self.progress = progress; self.gesture = gesture
    self.values = values; self.matched = matched
  }
}
