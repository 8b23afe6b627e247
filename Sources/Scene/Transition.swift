import Geometry

/// The transition between two screens: which screens, which is drawn above, how its
/// progress `p` moves from 0 to 1 (non-interactive: `timing`, starting at `hold.before`;
/// interactive: the gesture, then a settle animation), and what `p` animates.
///
/// Both screens are drawn for the whole clip, the `below` one first, each with its tracks
/// evaluated at the current `p` (so at `p = 0` the new screen is typically off screen or
/// transparent because its tracks say so).
public struct Transition: Sendable {
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case push, pop, present, dismiss, tabSwitch, custom

    /// Push, present, tab switch and custom put the new screen above; pop and dismiss keep
    /// the leaving screen above.
    public var newScreenIsAbove: Bool { self != .pop && self != .dismiss }
  }

  public var kind: Kind
  /// The screen shown before (the one leaving).
  public var from: String
  /// The screen shown after.
  public var to: String
  /// The screen drawn on top (`from` or `to`).
  public var above: String
  /// How `p` runs 0 -> 1 when nothing interacts, and what `remaining` settles continue.
  public var timing: TimingSpec
  /// Tracks from the preset first, then the scene's own.
  public var tracks: [Track]
  public var matched: [MatchedView]
  /// The preset the tracks came from, if any.
  public var preset: Preset?
  public var interaction: InteractionSpec?
  public var location: SourceLocation?
  /// A push or pop between two small navigation titles: the title's slide onto the back
  /// button, whose distance depends on the title's measured width. Stage adds its tracks
  /// (`NavigationTitleSlide.tracks(titleWidth:)`) to `tracks` when it builds the clip.
  public var titleSlide: NavigationTitleSlide?
  /// Named progress values p can rest at (`restingPoints`); nil: p rests at 0 or 1.
  public var restingPoints: RestingPointsSpec?
  /// A sheet with detents (`sheetPresentation`): its detents made the resting points and tracks.
  public var sheetPresentation: SheetPresentation?
  /// A tap or long press that starts the (non-interactive) transition; nil: it starts at
  /// `hold.before`.
  public var trigger: TriggerSpec?

  public init(
    kind: Kind, from: String, to: String, above: String, timing: TimingSpec, tracks: [Track],
    matched: [MatchedView], preset: Preset?, interaction: InteractionSpec?, location: SourceLocation?
  ) {
    self.kind = kind; self.from = from; self.to = to; self.above = above; self.timing = timing
    self.tracks = tracks; self.matched = matched; self.preset = preset; self.interaction = interaction
    self.location = location
  }

  /// The screen drawn first.
  public var below: String { above == to ? from : to }
}

/// A built-in set of tracks and timing for a system transition. The direction comes from
/// the transition's kind (push/present/tabSwitch/custom forward, pop/dismiss reversed).
/// See docs/scene-format.md for the exact numbers.
public enum Preset: String, Hashable, Sendable, CaseIterable {
  /// UINavigationController's slide: the new screen slides in from the right over the old,
  /// which moves left by 30% of the width and dims to 0.1.
  case navigation
  /// The iOS 13+ card sheet: the sheet slides up to 10 pt below the status bar with
  /// rounded top corners; the presenting screen shrinks, moves down and rounds its corners.
  case sheet
  /// A full-screen cover sliding up from the bottom.
  case cover
  /// A crossfade (UIView.transition with .transitionCrossDissolve).
  case crossfade
}

/// One animated property of one view. Its value is a function of a driver fraction: the
/// transition's progress `p`, or, for a track with its own `timing`, that timing's
/// progress from the moment the transition starts (plus its delay).
public struct Track: Hashable, Sendable {
  public var target: ViewPath
  public var property: AnimatedProperty
  /// At least two, sorted by `at`, the first at 0 and the last at 1 (from/to become two).
  public var keyframes: [Keyframe]
  /// `nil`: driven by the transition's progress.
  public var timing: TimingSpec?
  /// Which of the interaction's phases drives the track (without `timing`).
  public var phase: TrackPhase = .progress
  public var location: SourceLocation?
  /// True for the window's own status bar crossfade (`StatusBarTransition`, not a scene's
  /// track): in an interactive transition it follows UIKit's status bar rule in time
  /// (Stage's `StatusBarClock`) instead of the finger's p.
  public var windowStatusBar = false

  public init(target: ViewPath, property: AnimatedProperty, keyframes: [Keyframe], timing: TimingSpec? = nil, location: SourceLocation? = nil) {
    self.target = target; self.property = property; self.keyframes = keyframes; self.timing = timing; self.location = location
  }

  public var from: PropertyValue { keyframes[0].value }
  public var to: PropertyValue { keyframes[keyframes.count - 1].value }

  /// The value at driver fraction `f`: piecewise linear between keyframes; beyond 0 or 1
  /// (a spring's overshoot) it extends the first or last segment linearly, as Core
  /// Animation extrapolates a spring-timed property.
  public func value(at f: Double) -> PropertyValue {
    let k = keyframes
    var i = 0
    if f <= k[0].at {
      i = 0
    } else if f >= k[k.count - 1].at {
      i = k.count - 2
    } else {
      while i < k.count - 2 && f > k[i + 1].at { i += 1 }
    }
    let a = k[i], b = k[i + 1]
    let span = b.at - a.at
    let t = span > 0 ? (f - a.at) / span : (f < a.at ? 0 : 1)
    return PropertyValue.lerp(a.value, b.value, t)
  }

  /// The same track played backwards: `to` becomes `from`.
  public var reversed: Track {
    var copy = self
    copy.keyframes = keyframes.reversed().map { Keyframe(at: 1 - $0.at, value: $0.value) }
    return copy
  }
}

/// What drives a track: the transition's p, or one phase of an interaction
/// (docs/scene-format.md, "Tracks").
public enum TrackPhase: String, Hashable, Sendable, CaseIterable {
  /// p itself.
  case progress
  /// p while the finger drives it; after a completing release (or one that goes to a resting
  /// point) it holds the release's p; after a cancelling one it follows p back. 0 without a finger.
  case drag
  /// 0 until a completing release, then the settle's fraction: 0 at the release, 1 at rest
  /// (a spring may pass 1); 0 again while a finger drives p and after a cancel. p without a finger.
  case settle
}

/// A value at a point of a track's driver fraction (0...1).
public struct Keyframe: Hashable, Sendable {
  public var at: Double
  public var value: PropertyValue
  public init(at: Double, value: PropertyValue) { self.at = at; self.value = value }
}

/// The animatable properties, named as in the scene file.
public enum AnimatedProperty: String, Hashable, Sendable, CaseIterable {
  case opacity
  /// The background colour.
  case backgroundColor
  /// Multiplies the background colour's alpha (0...1), leaving subviews alone.
  case backgroundOpacity
  case translation, translationX = "translation.x", translationY = "translation.y"
  /// Uniform scale.
  case scale, scaleX = "scale.x", scaleY = "scale.y"
  /// Degrees.
  case rotation
  case position, positionX = "position.x", positionY = "position.y"
  /// The frame (moves position, resizes bounds).
  case frame
  /// The bounds' size.
  case size
  case cornerRadius
  case borderWidth
  case shadowOpacity
  case shadowRadius
  /// CALayer.shadowOffset in points, or one of its components.
  case shadowOffset, shadowOffsetX = "shadowOffset.x", shadowOffsetY = "shadowOffset.y"
  /// The blur σ in points of the view's material (its backdrop blur, as an animated
  /// UIVisualEffectView's effect grows from none to the material).
  case blurRadius
  /// The radius of a circle mask.
  case maskRadius
  /// The bounds' origin (a scroll view's offset).
  case contentOffset, contentOffsetY = "contentOffset.y"
  /// The black overlay's alpha.
  case dimming

  public enum ValueKind: Hashable, Sendable { case number, point, size, rect, color }

  public var valueKind: ValueKind {
    switch self {
    case .translation, .position, .contentOffset, .shadowOffset: .point
    case .frame: .rect
    case .size: .size
    case .backgroundColor: .color
    default: .number
    }
  }

  /// The property's value in a view as declared (before any animation).
  public func value(in view: SceneView) -> PropertyValue {
    switch self {
    case .opacity: .number(view.opacity)
    case .backgroundColor: .color(view.backgroundColor ?? .clear)
    case .backgroundOpacity: .number(1)
    case .translation: .point(view.transform.translation)
    case .translationX: .number(view.transform.translation.x)
    case .translationY: .number(view.transform.translation.y)
    case .scale, .scaleX: .number(view.transform.scale.x)
    case .scaleY: .number(view.transform.scale.y)
    case .rotation: .number(view.transform.rotation)
    case .position: .point(view.position)
    case .positionX: .number(view.position.x)
    case .positionY: .number(view.position.y)
    case .frame: .rect(view.frame)
    case .size: .size(view.bounds.size)
    case .cornerRadius: .number(view.cornerRadius)
    case .borderWidth: .number(view.border?.width ?? 0)
    case .shadowOpacity: .number(view.shadow?.opacity ?? 0)
    case .shadowRadius: .number(view.shadow?.radius ?? 3)
    case .shadowOffset: .point(view.shadow?.offset ?? SceneView.Shadow().offset)
    case .shadowOffsetX: .number(view.shadow?.offset.x ?? SceneView.Shadow().offset.x)
    case .shadowOffsetY: .number(view.shadow?.offset.y ?? SceneView.Shadow().offset.y)
    case .blurRadius: .number(view.blurRadius ?? SceneView.Material.blurRadius)
    case .maskRadius:
      if case .circle(_, let r) = view.mask { .number(r) } else { .number(0) }
    case .contentOffset: .point(view.bounds.origin)
    case .contentOffsetY: .number(view.bounds.origin.y)
    case .dimming: .number(view.dimming)
    }
  }
}

/// A track's value.
public enum PropertyValue: Hashable, Sendable {
  case number(Double)
  case point(Point)
  case size(Size)
  case rect(Rect)
  case color(Color)

  public var number: Double? { if case .number(let v) = self { v } else { nil } }
  public var point: Point? { if case .point(let v) = self { v } else { nil } }
  public var size: Size? { if case .size(let v) = self { v } else { nil } }
  public var rect: Rect? { if case .rect(let v) = self { v } else { nil } }
  public var color: Color? { if case .color(let v) = self { v } else { nil } }

  /// Linear interpolation, unclamped (`t` outside 0...1 extrapolates; colours too, which
  /// the renderer clamps). Values of different kinds never meet in one track.
  public static func lerp(_ a: PropertyValue, _ b: PropertyValue, _ t: Double) -> PropertyValue {
    switch (a, b) {
    case (.number(let x), .number(let y)): .number(x + (y - x) * t)
    case (.point(let x), .point(let y)): .point(Point.lerp(x, y, t))
    case (.size(let x), .size(let y)): .size(Size(x.width + (y.width - x.width) * t, x.height + (y.height - x.height) * t))
    case (.rect(let x), .rect(let y)): .rect(Rect.lerp(x, y, t))
    case (.color(let x), .color(let y)): .color(Color.lerp(x, y, t))
    default: t < 0.5 ? a : b
    }
  }
}

/// A view that flies between two screens (UIKit's "transition image view"): a copy of
/// `source`'s content is lifted into the container at the source's frame (in canvas
/// space, p = 0) and moves to `destination`'s frame (p = 1), its content mode, corner
/// radius and clipping morphing from the source's to the destination's. The destination
/// is hidden while it flies, from the transition's start until it settles; so is the
/// source unless `hidesSource` is false.
public struct MatchedView: Hashable, Sendable {
  /// How the flying view's subviews move (docs/scene-format.md, "Matched views").
  public enum Subviews: String, Hashable, Sendable, CaseIterable {
    /// The source's subviews ride along at their own layout, as in a snapshot.
    case snapshot
    /// Subviews of `source` and `destination` paired by id move between their two layouts
    /// (see `SubviewPairing`); unpaired ones fade out (the source's) or in (the destination's).
    case relayout
  }

  public var source: ViewPath
  public var destination: ViewPath
  /// `nil`: follows the transition's progress.
  public var timing: TimingSpec?
  public var subviews: Subviews
  /// Whether the source is hidden while its double flies (the destination always is).
  public var hidesSource: Bool
  public var location: SourceLocation?

  public init(
    source: ViewPath, destination: ViewPath, timing: TimingSpec? = nil, subviews: Subviews = .snapshot,
    hidesSource: Bool = true, location: SourceLocation? = nil
  ) {
    self.source = source; self.destination = destination; self.timing = timing
    self.subviews = subviews; self.hidesSource = hidesSource; self.location = location
  }

  /// The same flight played backwards: source and destination swapped.
  public var reversed: MatchedView {
    MatchedView(source: destination, destination: source, timing: timing, subviews: subviews, hidesSource: hidesSource, location: location)
  }
}
