/// The transition's tables: tracks, matched views, timings and the scripted interaction.
extension SceneFormat {
  static let transition = FormatTable("transition", "The transition: p runs from 0 to 1 and drives the tracks.", [
    FormatKey("kind", words(Transition.Kind.self), required: true, "What UIKit transition this is."),
    FormatKey("from", .text, required: true, "The screen shown before."),
    FormatKey("to", .text, required: true, "The screen shown after."),
    FormatKey("above", .text, "Which screen is drawn on top: `from`, `to` or a screen's name (`to` for push, present, tabSwitch, custom; `from` for pop and dismiss)."),
    FormatKey("preset", .word(["system"] + Preset.allCases.map(\.rawValue)), "Built-in tracks and timing; `system` picks by kind."),
    FormatKey("timing", .reference("timing"), "How p runs from 0 to 1: the preset's by default, required without a preset."),
    FormatKey("reverse", .bool, default: false, "Plays `tracks` and `matched` backwards."),
    FormatKey("tracks", .list(.table(track)), "What p animates."),
    FormatKey("matched", .either([.table(matched), .list(.table(matched))]), "Views that fly between the screens."),
    FormatKey("interactive", .table(interaction), "A scripted finger drives p."),
    FormatKey("trigger", .table(trigger), "A tap or a long press on a view that starts the transition (not with `interactive`)."),
    FormatKey("restingPoints", .table(restingPoints), "Named progress values p can rest at (a sheet's detents): a release settles at the one nearest its projected position."),
    FormatKey("sheetPresentation", .table(sheetPresentation), "UISheetPresentationController with detents: the sheet rests at them, dims above `largestUndimmedDetent` and makes the presenting screen recede at `large` (not with `preset` or `restingPoints`)."),
  ], allowsNull: false)

  static let sheetPresentation = FormatTable("sheetPresentation", "A sheet with detents (UISheetPresentationController); p = 0 at the smallest detent, 1 at the largest.", [
    FormatKey("detents", .dictionary(.either([.word(["medium", "large"]), .number(.length, unit: "pt")])), required: true,
      "Names to `medium` (half of `large`), `large` (the safe area's height less 10 pt) or a height in points above the bottom safe area (layout expressions allowed), smallest first, at least two."),
    FormatKey("selectedDetent", .text, "The detent the sheet rests at before anything moves (default: the first)."),
    FormatKey("largestUndimmedDetent", .text, "The largest detent that leaves the presenting screen undimmed (default: none, every detent dims)."),
    FormatKey("prefersGrabberVisible", .bool, default: false, "Draws the grabber: 36 x 5 pt, 5 pt below the sheet's top."),
    FormatKey("preferredCornerRadius", .number(.length, unit: "pt"), default: .number(10), "The sheet's top corners."),
    FormatKey("presents", .bool, default: false,
      "The clip shows the presentation: the sheet slides up from below the screen to `selectedDetent` on `timing` (default UIKit's system spring, mass 3, stiffness 1000, damping 500), from `hold.before`; a gesture then drags it."),
  ], allowsNull: false)

  static let restingPoints = FormatTable("restingPoints", "Named points p can rest at; give `progress` or `positions`.", [
    FormatKey("progress", .dictionary(.number(.progress, unit: "")), "Names to progress values, in increasing order: {small: 0, medium: 0.55, large: 1}."),
    FormatKey("positions", .dictionary(.number(.coordinate, unit: "pt")),
      "Names to coordinates on the gesture's axis (layout expressions allowed), in order along it: p = 0 at the first, 1 at the last."),
    FormatKey("start", .text, "The point p starts at (default: the first)."),
    FormatKey("end", .text, "Without `interactive`: the point the timing carries p to (default: the last)."),
    FormatKey("decelerationRate", .number(.halfOpen(lower: 0, upper: 0.9999), unit: "per ms"), default: .number(0.998),
      "UIScrollView's deceleration rate for the projection (0.998 normal, 0.99 fast)."),
  ], allowsNull: false, alternatives: [["progress"], ["positions"]])

  static let track = FormatTable("track", "One property of one view, piecewise linear in p (or in its own timing).", [
    FormatKey("view", .text, required: true, "A view path: screen, then ids with dots, then [n] for the n-th subview."),
    FormatKey("property", words(AnimatedProperty.self), required: true, "The animated property."),
    FormatKey("from", .propertyValue, "The value at p = 0 (default: the view's own); of the property's type."),
    FormatKey("to", .propertyValue, "The value at p = 1 (default: the view's own); of the property's type."),
    FormatKey("keyframes", .list(.table(keyframe)), "Instead of from/to: {at, value} with `at` in 0...1 not decreasing."),
    FormatKey("timing", .reference("timing"), "The track's own clock from the transition's start (none: driven by p)."),
    FormatKey("phase", words(TrackPhase.self), default: "progress", "What drives it: p, the drag phase's progress (p until a completing release, then held) or the settle phase's (0 until a completing release, then 0 to 1 as it settles)."),
  ], allowsNull: false, alternatives: [["from"], ["to"], ["keyframes"]])

  static let keyframe = FormatTable("keyframe", "A value at a fraction of the track.", [
    FormatKey("at", .number(.fraction, unit: ""), required: true, "0...1, not decreasing."),
    FormatKey("value", .propertyValue, required: true, "A value of the property's type."),
  ], allowsNull: false)

  static let matched = FormatTable("matched view", "A copy of `from`'s content flies from its frame (p = 0) to `to`'s (p = 1).", [
    FormatKey("from", .text, required: true, "A view path on one screen."),
    FormatKey("to", .text, required: true, "A view path on the other screen."),
    FormatKey("timing", .reference("timing"), "Its own timing (none: follows p)."),
    FormatKey("subviews", .word(MatchedView.Subviews.allCases.map(\.rawValue)), default: "snapshot",
      "`snapshot`: the source's subviews ride at their own layout; `relayout`: subviews of `from` and `to` with the same id move between their two layouts, the others fade."),
    FormatKey("hidesSource", .bool, default: true, "Whether `from` is hidden while its double flies (`to` always is)."),
  ], allowsNull: false)

  // MARK: Timings

  static let timing = FormatTable("timing", "A spring or a curve, and an optional delay.", [
    FormatKey("spring", .table(spring), "A spring: {duration, dampingRatio}, {mass, stiffness, damping}, {response, dampingFraction} or {duration, bounce}."),
    FormatKey("curve", .either([.word(TimingSpec.Curve.names.keys.sorted()), .numbers(curvePoints, unit: "")]),
      "A named curve or Core Animation's control points [x1, y1, x2, y2]; with `duration`."),
    FormatKey("duration", .number(.duration, unit: "s"), "A curve's duration in seconds (a spring's goes inside `spring`)."),
    FormatKey("delay", .number(.time, unit: "s"), default: 0, "Seconds before it starts."),
  ], allowsNull: false, alternatives: [["spring"], ["curve", "duration"]])
  static let curvePoints: [(name: String, requirement: Requirement)] = [("x1", .fraction), ("y1", .progress), ("x2", .fraction), ("y2", .progress)]

  static let spring = FormatTable("spring", "One of UIKit's, Core Animation's or SwiftUI's spring forms (not mixed).", [
    FormatKey("duration", .number(.duration, unit: "s"), "Seconds (with dampingRatio or bounce)."),
    FormatKey("dampingRatio", .number(.range(SceneLimits.dampingRatioRange), unit: ""), "1 is critically damped, below 1 overshoots (UIViewPropertyAnimator)."),
    FormatKey("initialVelocity", .number(.symmetric(SceneLimits.maxInitialVelocity), unit: "1/s"), default: 0,
      "Fractions of the distance per second (600 pt/s with 300 pt to go is 2)."),
    FormatKey("mass", .number(.range(SceneLimits.massRange), unit: ""), "CASpringAnimation's mass."),
    FormatKey("stiffness", .number(.range(SceneLimits.stiffnessRange), unit: ""), "CASpringAnimation's stiffness."),
    FormatKey("damping", .number(.halfOpen(lower: 0, upper: SceneLimits.maxDamping), unit: ""), "CASpringAnimation's damping (above 0: an undamped spring never settles)."),
    FormatKey("response", .number(.duration, unit: "s"), "SwiftUI's response in seconds."),
    FormatKey("dampingFraction", .number(.range(SceneLimits.dampingRatioRange), unit: ""), "SwiftUI's damping fraction."),
    FormatKey("bounce", .number(.open(lower: -1, upper: 1), unit: ""), "SwiftUI's bounce (1 would never settle)."),
  ], allowsNull: false)

  /// A settle's timing: a timing and whether it starts at the finger's velocity.
  static let settleTiming = timing.adding("settle timing", "A timing for the settle after the release.", [
    FormatKey("handOffVelocity", .either([.bool, .word(["perAxis"])]), default: false,
      "Start the spring at the finger's velocity along the progress direction over the distance left; `perAxis` also settles each view following the finger on its own springs, one per component, each at that component's velocity."),
  ])
  static let settle = FormatType.either([.word(["remaining"]), .reference("settleTiming")])

  // MARK: Trigger

  static let trigger = FormatTable("trigger", "What starts the transition: a tap or a long press (give one).", [
    FormatKey("tap", .table(press), "A tap: the transition starts when the finger lifts inside the view (UIControl's touchUpInside)."),
    FormatKey("longPress", .table(press), "A long press: the transition starts 0.5 s after the touch down if the finger stays within 10 pt."),
  ], allowsNull: false, alternatives: [["tap"], ["longPress"]])

  static let press = FormatTable("press", "One finger that touches down, may drift, and lifts.", [
    FormatKey("at", .number(.time, unit: "s"), required: true, "The touch down, seconds from the clip's first frame."),
    FormatKey("duration", .number(.duration, unit: "s"),
      "Seconds the finger stays down (default 0.1 for a tap, 0.8 for a long press)."),
    FormatKey("view", .text, "A view path: the pressed view (its bounds decide inside, and it highlights)."),
    FormatKey("point", point(), "[x, y] in canvas points where the finger touches down (default: the view's centre)."),
    FormatKey("drift", point(), default: [0, 0], "[dx, dy] points the finger moves, at constant speed, before it lifts."),
    FormatKey("highlight", .either([.word(["none"] + HighlightSpec.Style.allCases.map(\.rawValue)), .table(highlight)]), default: "none",
      "How the view shows it is pressed: `dim` (a system button), `cell` (a table cell), `press` (a card), or one of them with parameters."),
  ], allowsNull: false, alternatives: [["view"], ["point"]])

  static let highlight = FormatTable("highlight", "One highlight style with its parameters (give one).", [
    FormatKey("dim", .table(dimHighlight), "A system button's title dims at the touch down and fades back after the lift."),
    FormatKey("cell", .table(cellHighlight), "A table cell's background turns grey at the touch down and fades back after the lift."),
    FormatKey("press", .table(pressHighlight), "A card scales down on a spring at the touch down and springs back at the lift."),
  ], allowsNull: false, alternatives: [["dim"], ["cell"], ["press"]])

  static let dimHighlight = FormatTable("dim", "A system button's highlight.", [
    FormatKey("opacity", .number(.fraction, unit: ""), default: .number(HighlightSpec.dimOpacity), "The view's opacity is multiplied by this while highlighted (UIButton's 0.2)."),
    FormatKey("timing", .reference("timing"), "The fade back after the lift (default 0.2 s easeOut)."),
  ])

  static let cellHighlight = FormatTable("cell", "A table cell's highlight.", [
    FormatKey("color", .color, default: "#D1D1D6", "Covers the background while highlighted (UIColor.systemGray4, light)."),
    FormatKey("timing", .reference("timing"), "The fade back after the lift (default 0.3 s easeInEaseOut)."),
  ])

  static let pressHighlight = FormatTable("press", "A card's press.", [
    FormatKey("scale", .number(.followScale, unit: ""), default: .number(HighlightSpec.pressScale), "The view's scale is multiplied by this while pressed."),
    FormatKey("timing", .reference("timing"), "Both ways: down at the touch down, back at the lift (default spring duration 0.3, dampingRatio 0.8)."),
  ])

  // MARK: Interaction

  static let interaction = FormatTable("interactive", "A scripted finger drives p.", [
    FormatKey("gesture", .list(.table(gesturePoint), max: SceneLimits.maxGesturePoints), required: true,
      "The script: points in clip time, the first `down`, the last `up` (or `cancel`)."),
    FormatKey("progress", .table(progress), "How the translation becomes p (required, except with `sheetPresentation`: up over the detents' span)."),
    FormatKey("follow", .either([.table(follow), .list(.table(follow))]), "Views that track the finger directly."),
    FormatKey("release", .table(release), "The decision on release (default: complete if progress > 0.5)."),
    FormatKey("complete", settle, default: "remaining", "The animation after a completing release (with resting points: toward the chosen point; a timing)."),
    FormatKey("cancel", settle, default: "remaining", "The animation after a cancelling release (with resting points: a system cancel; `remaining` then takes `complete`'s)."),
    FormatKey("background", .table(background), "A second animator scrubbed by p."),
    FormatKey("scrollView", .text, "A view path: a scroll view that takes the pan first."),
    FormatKey("slop", .number(.length, unit: "pt"), default: .number(InteractionSpec.defaultSlop),
      "Points the touch moves before the pan begins (UIKit's hysteresis)."),
    FormatKey("commit", .either([.table(commitConditions), .list(.table(commitConditions))]),
      "Conditions checked at every touch while the finger is down: when they hold the transition completes there and the finger stops driving it."),
  ], allowsNull: false)

  static let gesturePoint = FormatTable("gesture point", "One touch of the scripted finger.", [
    FormatKey("at", .number(.time, unit: "s"), required: true, "Seconds from the clip's first frame; strictly increasing."),
    FormatKey("touch", words(GestureEvent.Phase.self), default: "move", "The touch's phase."),
    FormatKey("point", point(), required: true, "[x, y] in canvas points."),
  ], allowsNull: false)

  static let extent = FormatType.either([.number(.distance, unit: "pt"), .word(["width", "height"])])
  static let progress = FormatTable("progress", "p = clamp(component / distance, lower, upper).", [
    FormatKey("direction", words(ProgressSpec.Direction.self), required: true, "The translation along it (horizontal and vertical: its absolute value)."),
    FormatKey("distance", extent, required: true, "Points, or the canvas's `width` or `height`."),
    FormatKey("clamp", .numbers([("lower", .progress), ("upper", .progress)], unit: ""), default: [0, 1], "[lower, upper], lower <= upper."),
    FormatKey("negative", words(ProgressSpec.Negative.self), default: "clamp", "What a translation against the direction does."),
    FormatKey("rubberBand", extent, "UIScrollView's rubber band past the clamp ends: points, or `width` / `height`."),
  ], allowsNull: false)

  static let follow = FormatTable("follow", "A view that moves with the finger while it is down.", [
    FormatKey("view", .text, required: true, "`matched`, `matched[n]` or a view path."),
    FormatKey("axes", words(Follow.Axes.self), default: "xy", "Which axes follow."),
    FormatKey("scale", .table(followScale), "Scales linearly with p."),
    FormatKey("translation", words(Follow.TranslationSpace.self), default: "parent", "`scaled` moves by s times the translation."),
  ], allowsNull: false)

  static let followScale = FormatTable("follow scale", "The scale at p = 0 and p = 1.", [
    FormatKey("from", .number(.followScale, unit: ""), default: 1, "Scale at p = 0."),
    FormatKey("to", .number(.followScale, unit: ""), default: 1, "Scale at p = 1."),
  ])

  static let release = FormatTable("release", "The decision on release.", [
    FormatKey("completeIf", .either([.table(conditions), .list(.table(conditions))]), default: ["progress": "> 0.5"],
      "A mapping of conditions (all must hold), or a list of them (any one)."),
    FormatKey("decelerationRate", .number(.halfOpen(lower: 0, upper: 0.9999), unit: "per ms"), default: .number(ReleaseSpec(anyOf: []).decelerationRate),
      "UIScrollView's deceleration rate, for projectedProgress."),
  ])

  static let conditions = FormatTable("completeIf", "Conditions on the release: `quantity: \"OP value\"`, OP one of >, >=, <, <=.",
    ReleaseSpec.Condition.Quantity.allCases.map { FormatKey($0.rawValue, .comparison($0.requirement), $0.doc) }, allowsNull: false)

  static let commitConditions = FormatTable("commit", "Conditions while the finger is down: `quantity: \"OP value\"`, OP one of >, >=, <, <=.",
    ReleaseSpec.Condition.Quantity.allCases.map { FormatKey($0.rawValue, .comparison($0.requirement), $0.doc) }, allowsNull: false)

  static let background = FormatTable("background", "A second animator scrubbed by p while the finger is down.", [
    FormatKey("timing", .reference("timing"), required: true, "Its own timing."),
    FormatKey("tracks", .list(.table(track)), required: true, "What it animates."),
    FormatKey("continue", words(BackgroundAnimator.Continuation.self), default: "matchForeground", "How it continues after the release."),
  ], allowsNull: false)
}

extension ReleaseSpec.Condition.Quantity {
  var doc: String {
    switch self {
    case .progress: "p at the release."
    case .projectedProgress: "p after the velocity decays at decelerationRate."
    case .velocityX, .velocityY: "The finger's velocity in points per second."
    case .translationX, .translationY: "The translation in points."
    }
  }
}
