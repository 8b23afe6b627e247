import Geometry

/// What starts a non-interactive transition (`transition.trigger`): a scripted tap or long
/// press on a view, which highlights while pressed. Without a trigger the transition starts
/// at `hold.before`.
public struct TriggerSpec: Sendable {
  public enum Gesture: String, Hashable, Sendable, CaseIterable {
    /// UIControl's `.touchUpInside`: the transition starts when the finger lifts inside.
    case tap
    /// UILongPressGestureRecognizer: the transition starts when the press is recognised.
    case longPress
  }

  public var gesture: Gesture
  /// The touch down, seconds from the clip's start.
  public var at: Double
  /// How long the finger stays down, seconds (> 0).
  public var duration: Double
  /// The pressed view: its bounds decide whether the finger is inside, and it highlights.
  public var view: ViewPath?
  /// Where the finger touches down, canvas points; nil: the view's centre.
  public var point: Point?
  /// How far the finger moves (at constant speed) before it lifts, points.
  public var drift: Point
  public var highlight: HighlightSpec?
  public var location: SourceLocation?

  /// A tap's finger stays down 0.1 s unless told (a quick tap).
  public static let defaultTapDuration = 0.1
  /// A long press's finger stays down 0.8 s unless told (past the 0.5 s recognition).
  public static let defaultLongPressDuration = 0.8

  public init(
    gesture: Gesture, at: Double, duration: Double, view: ViewPath?, point: Point?, drift: Point = .zero,
    highlight: HighlightSpec? = nil, location: SourceLocation? = nil
  ) {
    self.gesture = gesture; self.at = at; self.duration = duration; self.view = view; self.point = point
    self.drift = drift; self.highlight = highlight; self.location = location
  }
}

/// How the pressed view shows that it is pressed (docs/scene-format.md, "Trigger").
public enum HighlightSpec: Hashable, Sendable {
  /// A system button's title: the view's opacity is multiplied by `opacity` at once at the touch
  /// down and fades back along `off` after it.
  case dim(opacity: Double, off: TimingSpec)
  /// A table cell: `color` covers the view's background at once at the touch down (a selected
  /// background view) and fades out along `off` after it.
  case cell(color: Color, off: TimingSpec)
  /// A card: the view's scale is multiplied by a value going from 1 to `scale` along `timing`
  /// at the touch down and back along the same timing at the lift.
  case press(scale: Double, timing: TimingSpec)

  public enum Style: String, Hashable, Sendable, CaseIterable { case dim, cell, press }

  /// UIButton (system type): the highlighted title at 20 % opacity.
  public static let dimOpacity = 0.2
  /// The dimmed title's fade back: 0.2 s ease out (chosen: docs/scene-format.md).
  public static let dimOff = TimingSpec.curve(.easeOut, duration: 0.2)
  /// UITableViewCell's selection colour, UIColor.systemGray4 (light): #D1D1D6.
  public static let cellColor = Color(red: 209 / 255.0, green: 209 / 255.0, blue: 214 / 255.0)
  /// The cell's highlight fading out: 0.3 s ease in-out (chosen: docs/scene-format.md).
  public static let cellOff = TimingSpec.curve(.easeInEaseOut, duration: 0.3)
  /// A pressed card's scale (chosen: docs/scene-format.md).
  public static let pressScale = 0.96
  /// A pressed card's spring, both ways (chosen: docs/scene-format.md).
  public static let pressTiming = TimingSpec.spring(duration: 0.3, dampingRatio: 0.8)

  /// The style with its defaults.
  public static func standard(_ style: Style) -> HighlightSpec {
    switch style {
    case .dim: .dim(opacity: dimOpacity, off: dimOff)
    case .cell: .cell(color: cellColor, off: cellOff)
    case .press: .press(scale: pressScale, timing: pressTiming)
    }
  }
}
