import Geometry

/// A transition driven by a scripted finger, as a UIPercentDrivenInteractiveTransition or a
/// scrubbed UIViewPropertyAnimator is: the pan's translation maps to progress, some views
/// follow the finger directly, and on release a rule decides whether to complete or cancel,
/// after which a settle animation runs. A touch down during the settle grabs the transition
/// again where it is (the same transition continues).
public struct InteractionSpec: Sendable {
  /// Times strictly increasing, from the clip's start.
  public var gesture: [GestureEvent]
  public var progress: ProgressSpec
  public var follow: [Follow]
  public var release: ReleaseSpec
  public var complete: Settle
  public var cancel: Settle
  /// A second animator scrubbed alongside (T2's background fade).
  public var background: BackgroundAnimator?
  /// A scroll view that takes the pan first: while its content offset (`bounds.origin.y`)
  /// is above 0 a downward pan scrolls it; the transition starts once it is at the top.
  public var scrollView: ViewPath?
  /// The pan recognizer's slop (hysteresis), points: the touch moves this far before the pan
  /// begins, and translation counts from there. UIKit's is 10 (docs/motion.md, "Gestures").
  public var slop: Double
  /// Conditions checked at every report while the finger is down (`commit`): the first time
  /// any group holds, the transition is released there with the `complete` settle and the
  /// rest of that stroke no longer drives it. nil: only a lift releases.
  public var commit: [[ReleaseSpec.Condition]]?
  public var location: SourceLocation?

  /// UIKit's pan slop, points (`_defaultHysteresis`, motion-model §7).
  public static let defaultSlop = 10.0

  public init(
    gesture: [GestureEvent], progress: ProgressSpec, follow: [Follow], release: ReleaseSpec,
    complete: Settle, cancel: Settle, background: BackgroundAnimator?, scrollView: ViewPath?,
    slop: Double = InteractionSpec.defaultSlop, location: SourceLocation?
  ) {
    self.gesture = gesture; self.progress = progress; self.follow = follow; self.release = release
    self.complete = complete; self.cancel = cancel; self.background = background
    self.scrollView = scrollView; self.slop = slop; self.location = location
  }
}

/// One sample of the scripted touch.
public struct GestureEvent: Hashable, Sendable {
  public enum Phase: String, Hashable, Sendable, CaseIterable {
    /// A finger touches down (a pan begins; during a settle it grabs the transition).
    case down
    case move
    /// The finger lifts: the release rule decides.
    case up
    /// The system cancels the gesture (UIGestureRecognizer.State.cancelled): always cancels.
    case cancel
  }
  /// Seconds from the clip's start.
  public var time: Double
  public var phase: Phase
  /// Canvas points.
  public var point: Point
  public var location: SourceLocation?

  public init(time: Double, phase: Phase, point: Point, location: SourceLocation? = nil) {
    self.time = time; self.phase = phase; self.point = point; self.location = location
  }
}

/// How the pan's translation becomes progress:
/// `p = clamp(component / distance, clamp.lowerBound, clamp.upperBound)`.
public struct ProgressSpec: Hashable, Sendable {
  public enum Direction: String, Hashable, Sendable, CaseIterable {
    /// component = translation.y (downward positive), and so on.
    case down, up, right, left
    /// component = |translation.x| (T4).
    case horizontal
    /// component = |translation.y|.
    case vertical
  }

  public enum Negative: String, Hashable, Sendable, CaseIterable {
    /// A translation against the direction just clamps (p stays at the lower bound).
    case clamp
    /// A translation against the direction resets the recognizer's translation to zero
    /// (setTranslation(.zero)), so the finger's later movement counts from there.
    case reset
  }

  public var direction: Direction
  /// Points of travel for p = 1 (> 0).
  public var distance: Double
  public var clamp: ClosedRange<Double>
  public var negative: Negative
  /// Rubber banding past the ends of `clamp` instead of stopping there: the dimension d
  /// (points) of UIScrollView's `b(x) = (1 − 1/(x·0.55/d + 1))·d`; nil clamps.
  public var rubberBand: Double?

  public init(
    direction: Direction, distance: Double, clamp: ClosedRange<Double> = 0...1, negative: Negative = .clamp,
    rubberBand: Double? = nil
  ) {
    self.direction = direction; self.distance = distance; self.clamp = clamp; self.negative = negative
    self.rubberBand = rubberBand
  }
}

/// A view that follows the finger directly while it is down (not through a track).
public struct Follow: Hashable, Sendable {
  public enum Target: Hashable, Sendable {
    /// The n-th matched view (its flying copy).
    case matched(Int)
    case view(ViewPath)
  }
  public enum Axes: String, Hashable, Sendable, CaseIterable { case x, y, xy }
  /// Where the translation applies.
  public enum TranslationSpace: String, Hashable, Sendable, CaseIterable {
    /// `identity.translatedBy(tx, ty).scaledBy(s, s)`: moves exactly with the finger.
    case parent
    /// `identity.scaledBy(s, s).translatedBy(tx, ty)`: moves by s x translation (T2).
    case scaled
  }

  public var target: Target
  public var axes: Axes
  /// Scale at p = 0 and p = 1 (linear in p between); 1 and 1 for none.
  public var scaleFrom: Double
  public var scaleTo: Double
  public var translationSpace: TranslationSpace

  public init(target: Target, axes: Axes = .xy, scaleFrom: Double = 1, scaleTo: Double = 1, translationSpace: TranslationSpace = .parent) {
    self.target = target; self.axes = axes; self.scaleFrom = scaleFrom; self.scaleTo = scaleTo
    self.translationSpace = translationSpace
  }

  /// The scale at progress p (linear, unclamped).
  public func scale(at p: Double) -> Double { scaleFrom + (scaleTo - scaleFrom) * p }
}

/// Whether a release completes: it does when any of `anyOf` holds, each being a list of
/// conditions that must all hold. An empty `anyOf` never completes.
public struct ReleaseSpec: Hashable, Sendable {
  public var anyOf: [[Condition]]
  /// For `projectedProgress`: UIScrollView's deceleration rate per millisecond (0.998
  /// normal, 0.99 fast). The projected distance is v / 1000 * r / (1 - r).
  public var decelerationRate: Double

  public init(anyOf: [[Condition]], decelerationRate: Double = 0.998) {
    self.anyOf = anyOf; self.decelerationRate = decelerationRate
  }

  public struct Condition: Hashable, Sendable {
    public enum Quantity: String, Hashable, Sendable, CaseIterable {
      /// p at release.
      case progress
      /// p the gesture would reach if the finger's velocity decayed at `decelerationRate`.
      case projectedProgress
      /// Points per second, as UIPanGestureRecognizer.velocity(in:).
      case velocityX = "velocity.x", velocityY = "velocity.y"
      /// Points, as translation(in:).
      case translationX = "translation.x", translationY = "translation.y"
    }
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
      case greater = ">", greaterOrEqual = ">=", less = "<", lessOrEqual = "<="
    }
    public var quantity: Quantity
    public var comparison: Comparison
    public var value: Double

    public init(_ quantity: Quantity, _ comparison: Comparison, _ value: Double) {
      self.quantity = quantity; self.comparison = comparison; self.value = value
    }

    public func holds(for x: Double) -> Bool {
      switch comparison {
      case .greater: x > value
      case .greaterOrEqual: x >= value
      case .less: x < value
      case .lessOrEqual: x <= value
      }
    }
  }

  /// Whether the release completes, given each quantity's value.
  public func completes(_ value: (Condition.Quantity) -> Double) -> Bool {
    anyOf.contains { all in all.allSatisfy { $0.holds(for: value($0.quantity)) } }
  }
}

/// What happens after a release (or a cancel).
public enum Settle: Hashable, Sendable {
  /// A new animation of p from where it is to 1 (complete) or 0 (cancel), taking the
  /// finger's velocity as `handOffVelocity` says.
  case timing(TimingSpec, handOffVelocity: VelocityHandOff)
  /// The transition's own timing runs on from the current point at normal speed (forward
  /// to complete, backward to cancel), as UIPercentDrivenInteractiveTransition.finish()
  /// and cancel() or a frozen layer animation resumed.
  case remaining
}

/// How a settle spring takes over the finger's velocity at the release.
public enum VelocityHandOff: String, Hashable, Sendable, CaseIterable {
  /// The spring starts at rest (`handOffVelocity: false`, UIViewPropertyAnimator(duration:dampingRatio:)).
  case none
  /// p's spring starts at the finger's velocity along the progress direction, in units of the
  /// distance left per second (v / distanceLeft; 0 when no distance is left), as UIKit's
  /// initialVelocity (`handOffVelocity: true`).
  case progress
  /// As `progress`, and every view following the finger (`follow`) settles with one spring per
  /// component, each started at that component's own velocity at the release over its own
  /// distance left: a matched view's centre x, centre y, width and height, another view's
  /// offset x, offset y and scale (`handOffVelocity: perAxis`; UISpringTimingParameters'
  /// CGVector initialVelocity gives position its x and y; the size gets its own springs).
  case perAxis
}

/// A second property animator with its own timing and tracks, scrubbed by
/// fractionComplete = p while the finger is down, then continued when the foreground
/// settles (T2's background fade).
public struct BackgroundAnimator: Hashable, Sendable {
  public enum Continuation: String, Hashable, Sendable, CaseIterable {
    /// continueAnimation(withTimingParameters: nil, durationFactor: foreground settle
    /// duration / this animator's duration): it finishes together with the foreground.
    case matchForeground
    /// Runs on with its own timing and remaining duration.
    case ownTiming
  }
  public var timing: TimingSpec
  public var tracks: [Track]
  public var continuation: Continuation

  public init(timing: TimingSpec, tracks: [Track], continuation: Continuation) {
    self.timing = timing; self.tracks = tracks; self.continuation = continuation
  }
}
