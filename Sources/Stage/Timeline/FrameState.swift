import Geometry
import Scene

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
  /// The translation that drives progress (points): the recognizer's latest, location minus
  /// the location at touch down (moved by resets), less what a scroll view took first.
  public var translation: Point
  /// UIKit's blended velocity (0.2 of the last move interval, 0.8 of the one before).
  public var velocity: Point

  public init(location: Point, translation: Point, velocity: Point) {
    self.location = location; self.translation = translation; self.velocity = velocity
  }
}

/// A lifted (matched) view at a moment: its frame in the canvas (points), its transform
/// about its centre, and its corner radius (morphing from the source's to the destination's).
public struct MatchedState: Hashable, Sendable {
  public var frame: Rect
  public var transform: AffineTransform
  public var cornerRadius: Double

  public init(frame: Rect, transform: AffineTransform = .identity, cornerRadius: Double = 0) {
    self.frame = frame
    self.transform = transform
    self.cornerRadius = cornerRadius
  }
}

/// One animated property of one view.
public struct TrackKey: Hashable, Sendable, CustomStringConvertible {
  public var target: ViewPath
  public var property: AnimatedProperty

  public init(_ target: ViewPath, _ property: AnimatedProperty) {
    self.target = target
    self.property = property
  }

  public var description: String { "\(target.text).\(property.rawValue)" }
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
  /// The background animator's progress (p when there is none).
  public var background: Double
  /// Every animated property's value at this time (tracks, and views following the finger).
  public var values: [TrackKey: PropertyValue]
  /// The matched views (one per `transition.matched`), while they are lifted.
  public var matched: [MatchedState]?
  /// Once the transition is over: whether it completed (nil before).
  public var completed: Bool?
  /// The view a trigger pressed and how highlighted it is.
  public var highlight: HighlightState? = nil

  public init(
    time: Double, phase: InteractionPhase, progress: Double, background: Double, gesture: GestureSample? = nil,
    values: [TrackKey: PropertyValue] = [:], matched: [MatchedState]? = nil, completed: Bool? = nil
  ) {
    self.completed = completed
    self.time = time; self.phase = phase; self.progress = progress; self.background = background
    self.gesture = gesture; self.values = values; self.matched = matched
  }
}
