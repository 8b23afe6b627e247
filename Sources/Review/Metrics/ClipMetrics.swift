import Geometry
import JSONText
import Motion
import Stage

/// The numbers a reviewer asks about one clip: when and how fast the finger let go, what
/// the transition decided, when it came to rest, and how far it overshot.
public struct ClipMetrics: Hashable, Sendable {
  /// When the finger lifted, seconds from the clip's start.
  public var releaseTime: Double?
  /// The finger's velocity at release as UIKit reports it, points per second.
  public var releaseVelocity: Point?
  /// Progress p at release.
  public var releaseProgress: Double?
  /// Whether the transition completed or cancelled.
  public var decision: InteractionOutcome?
  /// With resting points: the name of the point the release chose (or a non-interactive
  /// transition ran to), and its progress.
  public var restingPoint: String?
  public var target: Double?
  /// True when a commit rule released the transition with the finger still down (the release
  /// numbers are then the commit's).
  public var committed: Bool
  /// When the motion came to rest, seconds from the clip's start.
  public var settleTime: Double?
  /// Seconds from release (or the transition's start) to rest.
  public var settleDuration: Double?
  /// How far progress went past its target, as a fraction of the transition's distance
  /// (0 when it never passed it), sampled every millisecond from release to rest.
  public var overshoot: Double
  /// Progress at its furthest past the target (the peak), seconds from the clip's start.
  public var overshootTime: Double?
  public var fps: Double
  public var frameCount: Int
  /// Seconds from the first to the last frame.
  public var duration: Double

  public init(_ clip: any Reviewable) {
    let commit = clip.firstEvent { $0.release(.commit) }
    let touchUp = clip.firstEvent { $0.release(.touchUp) }
    let up = touchUp.map { u in commit.map { $0.time < u.time ? $0 : u } ?? u } ?? commit
    let decision = clip.firstEvent(\.decision), settle = clip.firstEvent(\.settle)
    let start = clip.firstEvent { kind -> Void? in if case .transitionStart = kind { return () } else { return nil } }
    releaseTime = up?.time
    releaseVelocity = up?.facts.velocity
    releaseProgress = up?.facts.progress
    self.decision = decision?.facts.outcome ?? settle?.facts.outcome
    restingPoint = decision?.facts.restingPoint ?? settle?.facts.restingPoint
    target = decision?.facts.target ?? settle?.facts.target
    committed = up?.facts.cause == .commit
    settleTime = settle?.time
    let from = up?.time ?? start?.time ?? 0
    settleDuration = settle.map { $0.time - from }
    fps = clip.fps
    frameCount = clip.frameCount
    duration = clip.lastFrameTime
    let target = self.target ?? (self.decision == .cancel ? 0.0 : 1.0)
    let end = min(clip.lastFrameTime, settle?.time ?? clip.lastFrameTime)
    var worst = 0.0, when: Double?
    var t = from
    while t <= end + 1e-12 {
      let p = clip.progress(at: t)
      // Past the target in the direction the motion came from (a spring overshooting it).
      let past = self.target == nil ? (target == 1 ? p - 1 : -p) : (releaseProgress.map { $0 <= target ? p - target : target - p } ?? 0)
      if past > worst + 1e-12 { worst = past; when = t }
      t += 0.001
    }
    overshoot = worst
    overshootTime = when
  }

  /// The metrics as JSON (times in seconds, velocity in points per second).
  public var json: JSONValue { .object(jsonFields) }

  /// `json`'s fields, for JSON that adds to them (`ReviewMetrics`).
  public var jsonFields: JSONObject {
    func num(_ v: Double?) -> JSONValue { v.map { .number(($0 * 1e6).rounded() / 1e6) } ?? .null }
    var fields: JSONObject = [
      "releaseTime": num(releaseTime),
      "releaseVelocity": releaseVelocity.map { .object(["x": num($0.x), "y": num($0.y)]) } ?? .null,
      "releaseProgress": num(releaseProgress),
      "decision": decision.map { .string($0.rawValue) } ?? .null,
      "settleTime": num(settleTime),
      "settleDuration": num(settleDuration),
      "overshoot": num(overshoot),
      "overshootTime": num(overshootTime),
      "fps": .number(fps),
      "frameCount": .int(frameCount),
      "duration": num(duration),
    ]
    // Only clips that have them: resting points and a commit mid-drag.
    if let restingPoint { fields["restingPoint"] = .string(restingPoint); fields["target"] = num(target) }
    if committed { fields["committed"] = .bool(true) }
    return fields
  }
}
