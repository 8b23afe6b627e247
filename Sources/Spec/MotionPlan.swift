import Foundation
import Geometry
import Motion
import Scene
import Stage

/// A scene's motion, gathered for the code generators: which animations run, with which
/// timings and tracks, and for an interactive transition the gesture's mapping, the release
/// rule, the settles and what the scripted gesture did when it let go (from Stage's
/// `Simulation`, the same simulation the frames are drawn from).
public struct MotionPlan: Sendable {
  /// One animation: a timing and the tracks it drives.
  public struct Animation: Sendable {
    /// What the code calls it: `transition`, `complete`, `cancel`, `background`, `track3`...
    public var name: String
    /// The timing as the scene wrote it.
    public var spec: TimingSpec
    /// Motion's timing (the written initial velocity, the written delay).
    public var timing: Timing
    /// The spring's forms, for a spring.
    public var spring: PlatformSpring?
    public var tracks: [Track]
    /// Points the animation moves (for settling to 0.1 pt), nil when nothing it moves is a length.
    public var distance: Double?

    init(name: String, spec: TimingSpec, tracks: [Track], distance: Double?) throws(SpecError) {
      self.name = name
      self.spec = spec
      do {
        timing = try spec.motionTiming()
        if case .spring(let s) = spec.kind { spring = try PlatformSpring(s) }
      } catch let e as SceneDiagnostic {
        throw .motion("\(name): \(e)")
      } catch {
        throw .motion("\(name): \(error)")
      }
      self.tracks = tracks
      self.distance = distance
    }
  }

  /// A settle after the release: a timing (with how the finger's velocity is handed over), or
  /// the transition's own timing run on from where the finger left it.
  public enum Settle: Sendable {
    case timing(Animation, handOff: VelocityHandOff)
    case remaining
  }

  /// What the scripted gesture did when the finger lifted.
  public struct Release: Sendable {
    /// Seconds from the clip's start.
    public var time: Double
    /// The recognizer's velocity, points per second.
    public var velocity: Point
    /// The velocity along the progress direction, points per second.
    public var axisVelocity: Double
    public var progress: Double
    public var completes: Bool
    /// The settle spring's initial velocity, fractions of the distance left per second.
    public var initialVelocity: Double
    /// Seconds from the release to rest.
    public var settleDuration: Double
    /// The settle animation's timing as it ran (the handed-off velocity included), when it is
    /// one timing (not a resumed curve).
    public var settleTiming: Timing?
  }

  public struct Interactive: Sendable {
    public var progress: ProgressSpec
    public var release: ReleaseSpec
    public var complete: Settle
    public var cancel: Settle
    public var follow: [Follow]
    public var background: Animation?
    public var backgroundContinuation: BackgroundAnimator.Continuation?
    /// Every release of the scripted gesture, in order.
    public var releases: [Release]
  }

  /// A tap or long press that starts the transition, and its highlight's animation (the
  /// press spring, or the dim's or cell's fade back).
  public struct Trigger: Sendable {
    public var spec: TriggerSpec
    public var highlight: Animation?
  }

  public var title: String
  public var variant: String?
  public var kind: Transition.Kind
  public var from: String
  public var to: String
  /// The transition's own timing and the tracks that follow its progress p.
  public var transition: Animation
  /// Tracks with a timing of their own (one animation per distinct timing).
  public var ownTimings: [Animation]
  public var matched: [MatchedView]
  public var interactive: Interactive?
  public var trigger: Trigger?
  /// True when a navigation title's slide is part of the transition but its tracks (which
  /// depend on the title's measured width) are not listed.
  public var omitsTitleSlide: Bool

  public init(document: SceneDocument) throws(SpecError) {
    let t = document.transition
    title = document.title ?? URL(fileURLWithPath: document.file).deletingPathExtension().lastPathComponent
    variant = document.variant
    kind = t.kind
    from = t.from
    to = t.to
    matched = t.matched
    omitsTitleSlide = t.titleSlide != nil
    let driven = t.tracks.filter { $0.timing == nil }
    let interactionDistance = t.interaction?.progress.distance
    transition = try Animation(
      name: "transition", spec: t.timing, tracks: driven, distance: MotionPlan.distance(of: driven) ?? interactionDistance)
    var own: [Animation] = []
    var groups: [(TimingSpec, [Track])] = []
    for track in t.tracks {
      guard let timing = track.timing else { continue }
      if let i = groups.firstIndex(where: { $0.0 == timing }) { groups[i].1.append(track) } else { groups.append((timing, [track])) }
    }
    for (i, g) in groups.enumerated() {
      own.append(try Animation(name: "track\(i + 1)", spec: g.0, tracks: g.1, distance: MotionPlan.distance(of: g.1)))
    }
    ownTimings = own
    if let g = t.trigger {
      var highlight: Animation?
      switch g.highlight {
      case .press(_, let timing)?: highlight = try Animation(name: "highlight", spec: timing, tracks: [], distance: nil)
      case .dim(_, let off)?, .cell(_, let off)?: highlight = try Animation(name: "highlight", spec: off, tracks: [], distance: nil)
      case nil: highlight = nil
      }
      trigger = Trigger(spec: g, highlight: highlight)
    }
    guard let spec = t.interaction else { interactive = nil; return }
    func settle(_ s: Scene.Settle, _ name: String) throws(SpecError) -> Settle {
      switch s {
      case .remaining: return .remaining
      case .timing(let timing, let handOff):
        return .timing(try Animation(name: name, spec: timing, tracks: [], distance: spec.progress.distance), handOff: handOff)
      }
    }
    var background: Animation?
    if let b = spec.background {
      background = try Animation(name: "background", spec: b.timing, tracks: b.tracks, distance: MotionPlan.distance(of: b.tracks))
    }
    interactive = Interactive(
      progress: spec.progress, release: spec.release, complete: try settle(spec.complete, "complete"),
      cancel: try settle(spec.cancel, "cancel"), follow: spec.follow, background: background,
      backgroundContinuation: spec.background?.continuation, releases: try MotionPlan.releases(document))
  }

  /// The releases of the scripted gesture, from Stage's simulation of the transition.
  static func releases(_ document: SceneDocument) throws(SpecError) -> [Release] {
    let t = document.transition
    let scrollOffset = t.interaction?.scrollView.flatMap { document.view(at: $0)?.bounds.origin.y }
    let simulation: Simulation
    do {
      simulation = try Simulation(transition: t, hold: document.hold, scrollOffset: scrollOffset)
    } catch {
      throw .motion("the interactive transition: \(error)")
    }
    var out: [Release] = []
    var pending: (time: Double, velocity: Point, progress: Double)?
    for e in simulation.events {
      if let up = e.kind.release(.touchUp) ?? e.kind.release(.touchCancel) {
        pending = (e.time, up.velocity, up.progress)
      } else if let d = e.kind.decision, let up = pending {
        var timing: Timing?
        switch d.settle.shape {
        case .spring(let spring)?: timing = try? Timing(curve: .spring(spring), duration: d.settle.duration)
        case .curve(let curve)?: timing = try? Timing.cubic(curve, duration: d.settle.duration)
        default: timing = nil
        }
        out.append(Release(
          time: up.time, velocity: up.velocity, axisVelocity: d.velocity, progress: up.progress,
          completes: d.outcome == .complete, initialVelocity: d.initialVelocity,
          settleDuration: d.settle.duration, settleTiming: timing))
        pending = nil
      }
    }
    return out
  }

  /// The largest distance in points any of `tracks` moves a view (translation, position,
  /// frame, size, content offset, mask radius); nil when none is a length.
  static func distance(of tracks: [Track]) -> Double? {
    var best: Double?
    for track in tracks {
      let d: Double?
      switch track.property {
      case .translation, .position, .contentOffset:
        let a = track.from.point ?? .zero, b = track.to.point ?? .zero
        d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      case .translationX, .translationY, .positionX, .positionY, .contentOffsetY, .maskRadius:
        d = abs((track.to.number ?? 0) - (track.from.number ?? 0))
      case .frame:
        let a = track.from.rect ?? .zero, b = track.to.rect ?? .zero
        d = [a.origin.x - b.origin.x, a.origin.y - b.origin.y, a.size.width - b.size.width, a.size.height - b.size.height]
          .map(abs).max()
      case .size:
        let a = track.from.size ?? Size(0, 0), b = track.to.size ?? Size(0, 0)
        d = max(abs(a.width - b.width), abs(a.height - b.height))
      default: d = nil
      }
      if let d, d > 0 { best = max(best ?? 0, d) }
    }
    return best
  }
}

/// Why a spec could not be made.
public enum SpecError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A timing Motion rejects, or a simulation that fails.
  case motion(String)
  public var description: String {
    switch self {
    case .motion(let s): return s
    }
  }
}
