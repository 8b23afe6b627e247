import Scene

/// Something in a clip's motion that is valid but probably not what the designer meant,
/// found by `MotionCheck` and printed like an error, as `file:line:column: warning: ...`
/// (docs/motion.md, "Warnings").
public struct MotionWarning: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// An animation (a spring cut at its duration) that ends away from its target, so the
    /// views it moves jump the rest of the way in one frame.
    case unsettled
    /// A view that jumps between two consecutive frames with no animation ending there.
    case jump
    /// A view with `clipsToBounds` and a shadow, which the clip removes (`ClippedShadow`).
    case clippedShadow
    /// A label whose text does not fit its frame (`LabelFitCheck`).
    case clippedText
  }

  public var kind: Kind
  /// Where to look: the timing's line, or the view's.
  public var location: SourceLocation?
  /// The one-line message after `warning: `.
  public var message: String
  /// Lines printed after the source line, each as `note: ...`.
  public var notes: [String]
  /// Clip seconds of the jump.
  public var time: Double
  /// How far the view jumped (points: its farthest-moving corner).
  public var jump: Double

  /// As `check` prints it: `file:line:column: warning: ...`, the source line with a caret,
  /// and the notes.
  public var rendered: String { SourceSnippet.render(severity: "warning", message: message, notes: notes, at: location) }

  /// `location: warning: message`, without the source line or notes.
  public var description: String { (location.map { "\($0): " } ?? "") + "warning: " + message }
}
