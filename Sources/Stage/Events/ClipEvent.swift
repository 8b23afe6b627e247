import Geometry
import Motion

/// Something that happened during a clip: what (`kind`, with its facts), when, and on which
/// frame. Typed from the simulation to the manifest, the review page and the metrics; it
/// becomes JSON only where those are written (ClipEvent+JSON.swift).
public struct ClipEvent: Hashable, Sendable {
  public var kind: Kind
  /// Seconds from the start of the clip.
  public var time: Double
  /// The first frame whose time is `>= time`.
  public var frame: Int

  public init(_ kind: Kind, time: Double, frame: Int) {
    self.kind = kind; self.time = time; self.frame = frame
  }

  /// What happened. Points are canvas points; velocities points per second.
  public enum Kind: Hashable, Sendable {
    /// A transition without a gesture starts (`hold.before`).
    case transitionStart
    /// A finger touches down at a point.
    case touchDown(Point)
    /// A new touch took hold of a settling transition at this progress.
    case caught(progress: Double)
    /// The finger lifted, the touch was cancelled, or the transition was committed while the
    /// finger was still down.
    case release(Release)
    /// The decision taken at a release, and the settle it starts.
    case decision(Decision)
    /// Everything driven by the transition's progress is at rest.
    case settle(Settle)
    /// A tap's or long press's finger lifted; `inside`: within the control's tracking rect
    /// (the view's bounds grown by UIControl's touch-outside margin).
    case pressLift(Point, inside: Bool)
    /// A tap was recognised (UIControl's `.touchUpInside`): the transition starts.
    case tap(Point)
    /// A long press was recognised (UILongPressGestureRecognizer's `.began`): the transition starts.
    case longPress(Point)
    /// A tap or long press failed, and the transition does not start.
    case pressFailed(PressFailure)
    /// A sheet starts sliding up from below the screen (`sheetPresentation.presents`).
    case presentationStart(Presentation)
    /// The presented sheet is at rest at its detent (not when a touch took hold of it first).
    case presented(detent: String, progress: Double)
  }

  /// The facts of a sheet's presentation.
  public struct Presentation: Hashable, Sendable {
    /// The detent it is presented to (`selectedDetent`).
    public var detent: String
    /// Progress where it starts (its top at the screen's bottom, below 0) and where it rests.
    public var progress: Double
    public var target: Double
    /// The presentation's animation.
    public var motion: SettleMotion

    public init(detent: String, progress: Double, target: Double, motion: SettleMotion) {
      self.detent = detent; self.progress = progress; self.target = target; self.motion = motion
    }
  }

  /// How a release came about.
  public enum ReleaseCause: String, Hashable, Sendable {
    /// The finger lifted (UIKit's touchesEnded).
    case touchUp
    /// The system cancelled the touch (always cancels the transition).
    case touchCancel
    /// `interactive.commit` held while the finger was down.
    case commit
  }

  /// The facts of a release.
  public struct Release: Hashable, Sendable {
    public var cause: ReleaseCause
    /// Where the finger was.
    public var location: Point
    /// The pan's velocity, points per second.
    public var velocity: Point
    /// The translation that drives progress, points.
    public var translation: Point
    /// Progress at the release.
    public var progress: Double

    public init(cause: ReleaseCause, location: Point, velocity: Point, translation: Point, progress: Double) {
      self.cause = cause; self.location = location; self.velocity = velocity
      self.translation = translation; self.progress = progress
    }
  }

  /// The facts of a release's decision.
  public struct Decision: Hashable, Sendable {
    public var outcome: InteractionOutcome
    /// Progress at the release.
    public var progress: Double
    /// The finger's velocity along the progress axis, points per second.
    public var velocity: Double
    /// The velocity handed to the settle, in remaining distances per second.
    public var initialVelocity: Double
    public var settle: SettleMotion
    /// With resting points: the chosen point's name, its progress, and the projected progress.
    public var restingPoint: String?
    public var target: Double?
    public var projectedProgress: Double?

    public init(
      outcome: InteractionOutcome, progress: Double, velocity: Double, initialVelocity: Double, settle: SettleMotion,
      restingPoint: String? = nil, target: Double? = nil, projectedProgress: Double? = nil
    ) {
      self.outcome = outcome; self.progress = progress; self.velocity = velocity; self.initialVelocity = initialVelocity
      self.settle = settle; self.restingPoint = restingPoint; self.target = target; self.projectedProgress = projectedProgress
    }
  }

  /// The animation a decision starts.
  public struct SettleMotion: Hashable, Sendable {
    public enum Shape: Hashable, Sendable {
      /// A spring with its initial velocity already set.
      case spring(Spring)
      /// A cubic curve from its start.
      case curve(CubicBezier)
      /// A cubic curve resumed where the transition's own curve was.
      case resumedCurve(CubicBezier)
      /// UIPercentDrivenInteractiveTransition's completion.
      case percentDriven
    }
    /// nil when the settle's timing could not be described.
    public var shape: Shape?
    /// Seconds.
    public var duration: Double

    public init(shape: Shape?, duration: Double) { self.shape = shape; self.duration = duration }
  }

  /// The facts of a settle.
  public struct Settle: Hashable, Sendable {
    public var outcome: InteractionOutcome
    /// With resting points: the point the transition rests at, and (without a gesture) its progress.
    public var restingPoint: String?
    public var target: Double?

    public init(outcome: InteractionOutcome, restingPoint: String? = nil, target: Double? = nil) {
      self.outcome = outcome; self.restingPoint = restingPoint; self.target = target
    }
  }
}

extension ClipEvent.Kind {
  /// The name the manifest and the page give this kind (`touchDown`, `touchUp`, `decision`, ...).
  public var name: String {
    switch self {
    case .transitionStart: return "transitionStart"
    case .touchDown: return "touchDown"
    case .caught: return "catch"
    case .release(let r): return r.cause.rawValue
    case .decision: return "decision"
    case .settle: return "settle"
    case .pressLift: return "touchUp"
    case .tap: return "tap"
    case .longPress: return "longPress"
    case .pressFailed: return "pressFailed"
    case .presentationStart: return "presentationStart"
    case .presented: return "presented"
    }
  }

  /// True for a finger lifting: a pan's touch-up or a press's lift (not a cancel, not a commit).
  public var isTouchUp: Bool {
    switch self {
    case .release(let r): return r.cause == .touchUp
    case .pressLift: return true
    default: return false
    }
  }

  /// The release's facts when this is a release for `cause`.
  public func release(_ cause: ClipEvent.ReleaseCause) -> ClipEvent.Release? {
    if case .release(let r) = self, r.cause == cause { return r }
    return nil
  }

  public var decision: ClipEvent.Decision? {
    if case .decision(let d) = self { return d }
    return nil
  }

  public var settle: ClipEvent.Settle? {
    if case .settle(let s) = self { return s }
    return nil
  }
}
