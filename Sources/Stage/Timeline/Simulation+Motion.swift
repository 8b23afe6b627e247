import Geometry
import Motion
import Scene

// The scene's interaction in Motion's terms: the gesture as a `PanGestureScript`, the
// progress mapping, the release rule and the settle animations, so Motion's `Interaction`
// (120 Hz touches along a smooth path, UIKit's velocity blend, grabs during a settle) drives
// the transition.
extension InteractionSpec {
  /// The scripted touches.
  func panGestureScript() throws(StageError) -> PanGestureScript {
    let points = gesture.map { e -> TouchPoint in
      let phase: TouchPoint.Phase
      switch e.phase {
      case .down: phase = .down
      case .move: phase = .move
      case .up: phase = .up
      case .cancel: phase = .cancel
      }
      return TouchPoint(phase, at: e.time, e.point)
    }
    do { return try PanGestureScript(points) } catch {
      throw .invalidSetting("the interactive transition's gesture: \(error)")
    }
  }

  /// How the translation becomes p; `scrollOffset` is the scroll view's content offset at rest.
  func progressMapping(scrollOffset: Double?) throws(StageError) -> Motion.ProgressMapping {
    let m = progress
    let axis: Motion.ProgressMapping.Axis, direction: Double
    switch m.direction {
    case .down, .vertical: (axis, direction) = (.y, 1)
    case .up: (axis, direction) = (.y, -1)
    case .right, .horizontal: (axis, direction) = (.x, 1)
    case .left: (axis, direction) = (.x, -1)
    }
    do {
      return try Motion.ProgressMapping(
        axis: axis, distance: m.distance, range: m.clamp, direction: direction,
        usesMagnitude: m.direction == .horizontal || m.direction == .vertical,
        resetsNegativeTranslation: m.negative == .reset,
        scrollContentOffset: scrollView == nil ? nil : max(0, scrollOffset ?? 0), rubberBandDimension: m.rubberBand)
    } catch {
      throw .invalidSetting("interactive.progress: \(error)")
    }
  }

  /// `completeIf` as Motion's general release rule: any of the groups, each all of its
  /// comparisons.
  var releaseRule: Motion.ReleaseRule {
    .when(Self.predicate(anyOf: release.anyOf, decelerationRate: release.decelerationRate))
  }

  /// `commit` as Motion's predicate, checked while the finger is down; nil without one.
  var commitPredicate: ReleasePredicate? {
    commit.map { Self.predicate(anyOf: $0, decelerationRate: release.decelerationRate) }
  }

  /// Any of the groups, each all of its comparisons.
  static func predicate(anyOf: [[ReleaseSpec.Condition]], decelerationRate rate: Double) -> ReleasePredicate {
    .any(anyOf.map { group in
      .all(group.map { c in
        let q: ReleaseQuantity
        switch c.quantity {
        case .progress: q = .progress
        case .projectedProgress: q = .projectedProgress(decelerationRate: rate)
        case .velocityX: q = .velocityX
        case .velocityY: q = .velocityY
        case .translationX: q = .translationX
        case .translationY: q = .translationY
        }
        let comparison: ReleasePredicate.Comparison
        switch c.comparison {
        case .greater: comparison = .greater
        case .greaterOrEqual: comparison = .greaterOrEqual
        case .less: comparison = .less
        case .lessOrEqual: comparison = .lessOrEqual
        }
        return .compare(q, comparison, c.value)
      })
    })
  }

  /// The complete and cancel animations; `transitionTiming` is the transition's own (for
  /// `settle: remaining`). With resting points a `remaining` cancel (the default) takes the
  /// complete's animation (`remaining` runs only to 0 or 1; the reader refuses it for complete).
  func driver(transitionTiming: Timing, restingPoints: Bool = false) throws(StageError) -> InteractionDriver {
    func completion(_ s: Scene.Settle) throws(StageError) -> Completion {
      switch s {
      case .remaining: return .remaining(transitionTiming)
      case .timing(let spec, let handOff):
        if handOff != .none, case .spring(let spring) = spec.kind { return .spring(spring.parameters, carriesVelocity: true) }
        // As written: its delay, and a spring's own initial velocity.
        return .timing(try spec.resolvedTiming())
      }
    }
    if restingPoints, case .remaining = cancel {
      let c = try completion(complete)
      return .direct(complete: c, cancel: c)
    }
    return .direct(complete: try completion(complete), cancel: try completion(cancel))
  }
}
