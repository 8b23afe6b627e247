import Foundation
import Geometry
import Motion
import Raster
import Scene

/// Looks for motion that jumps (docs/motion.md, "Warnings"): every frame's layer tree is
/// compared with the next one's; a layer that moved more than `jumpThreshold` points is
/// followed into the interval by bisection, and a move that stays that large over an
/// interval of `resolution` seconds is a jump (continuous motion would need more than
/// 3,000,000 pt/s). A jump at the end of an animation (a spring cut at its duration) is
/// reported at that timing, with what would settle; any other jump at the view.
public enum MotionCheck {
  /// The smallest jump reported (points): "a few points", more than a frame's motion blur
  /// hides and more than the 1 pt a catalog spring's ε = 0.001 leaves over its distance.
  public static let jumpThreshold = 3.0
  /// The jump a suggested duration or damping ratio leaves at most (points).
  public static let settledJump = 0.5
  /// A suggested fix must settle for initial velocities this share above or below the one
  /// that ran (a slightly different flick).
  public static let velocitySpread = 0.2
  /// Bisection stops at intervals this short (seconds).
  public static let resolution = 1e-6

  /// The warnings for `clip`: labels that do not fit their frames (`LabelFitCheck`), then the
  /// motion's, in time order.
  public static func warnings(_ clip: Clip) -> [MotionWarning] {
    LabelFitCheck.warnings(clip.document) + warnings(timeline: clip.timeline, stager: clip.stager, document: clip.document)
  }

  /// The warnings for a scene without decoding its assets (images do not move anything).
  public static func warnings(document: SceneDocument) throws(StageError) -> [MotionWarning] {
    let (doc, stager, timeline) = try Clip.motion(of: document, images: [:])
    return LabelFitCheck.warnings(doc) + warnings(timeline: timeline, stager: stager, document: doc)
  }

  /// The same, from the parts.
  static func warnings(timeline: Timeline, stager: Stager, document: SceneDocument) -> [MotionWarning] {
    let canvas = stager.canvas.bounds
    func outlines(_ t: Double) -> LayerOutlines {
      let state = timeline.state(at: t)
      var o = LayerOutlines(stager.contentTree(for: state), canvas: canvas)
      // Each matched view's source, then its copy, as one outline (a jump at the lift).
      let beforeFlight = state.matched == nil && state.completed == nil
      for (i, m) in stager.matched.enumerated() {
        o.addHandOff(
          i, copy: "matched:\(m.source.text)", source: beforeFlight ? stager.matchedSourceCorners(i, state) : nil,
          screen: m.source.screen, indices: m.source.indices, canvas: canvas)
      }
      return o
    }
    let ends = AnimationEnd.all(in: timeline)
    var unsettled: [Int: (jump: Double, time: Double)] = [:]
    var jumps: [(key: String, jump: Double, frame: Int, time: Double, outline: LayerOutlines.Outline)] = []
    var previous = outlines(timeline.time(ofFrame: 0))
    var previousState = timeline.state(frame: 0)
    for n in 1..<max(timeline.frameCount, 1) {
      let t0 = timeline.time(ofFrame: n - 1), t1 = timeline.time(ofFrame: n)
      // A frame in the same state as the one before (a hold) draws the same tree.
      var state = timeline.state(at: t1)
      state.time = previousState.time
      if state == previousState { continue }
      state.time = t1
      previousState = state
      let next = outlines(t1)
      var moved = previous.moves(to: next, over: jumpThreshold)
      // Each jump explains every layer that moved with it (a screen and its subviews); a
      // few bisections per frame at most. Every bisection starts at the frame's midpoint, so
      // the trees it builds are kept for the frame's other tries (one tree per moment: a
      // frame whose layers all move smoothly builds two trees, not five).
      var built: [Double: LayerOutlines] = [:]
      func outlinesOnce(_ t: Double) -> LayerOutlines {
        if let o = built[t] { return o }
        let o = outlines(t)
        built[t] = o
        return o
      }
      var tries = 0
      while let first = moved.first, tries < 4 {
        tries += 1
        guard let found = jump(of: first.key, from: (t0, previous), to: (t1, next), outlines: outlinesOnce) else {
          moved.removeFirst()
          continue
        }
        let explained = Set(found.before.moves(to: found.after, over: jumpThreshold).map(\.key))
        moved.removeAll { explained.contains($0.key) || $0.key == first.key }
        // While a finger drives the transition, what follows it moves at each touch (UIKit
        // reports touches at 120 Hz): steps, not jumps.
        if timeline.state(at: found.lo).phase == .tracking || timeline.state(at: found.hi).phase == .tracking { continue }
        if let i = ends.indices.first(where: { ends[$0].time >= found.lo - resolution && ends[$0].time <= found.hi + resolution }) {
          if found.distance > (unsettled[i]?.jump ?? 0) { unsettled[i] = (found.distance, ends[i].time) }
        } else {
          // Named by the outermost view that jumped as far (a screen, a sheet), not its subviews.
          let top = explained.filter { k in
            (first.key.hasPrefix(k + "/") || k == first.key) && (found.before.move(of: k, to: found.after) ?? 0) >= 0.9 * found.distance
          }.min { ($0.count, $0) < ($1.count, $1) } ?? first.key
          if let outline = found.after.outlines[top] ?? found.before.outlines[top] {
            jumps.append((top, found.distance, n, found.hi, outline))
          }
        }
      }
      previous = next
    }
    var out: [(time: Double, warning: MotionWarning)] = []
    for (i, j) in unsettled { out.append((j.time, unsettledWarning(ends[i], jump: j.jump))) }
    // One warning per view and frame; a view's subviews that jumped with it are not repeated.
    var reported: [Int: [String]] = [:]
    for j in jumps.sorted(by: { ($0.frame, $0.key.count, $0.key) < ($1.frame, $1.key.count, $1.key) }) {
      if reported[j.frame, default: []].contains(where: { j.key == $0 || j.key.hasPrefix($0 + "/") }) { continue }
      reported[j.frame, default: []].append(j.key)
      out.append((j.time, jumpWarning(j.key, j.outline, jump: j.jump, frame: j.frame, timeline: timeline, document: document)))
    }
    return ClippedShadow.warnings(document) + out.sorted { $0.time < $1.time }.map(\.warning)
  }

  /// Bisects [t0, t1] after the layer `key`: the half it moved more in, while that half holds
  /// most of the move (continuous motion splits about evenly). A jump when the move is still
  /// over the threshold in an interval of `resolution` seconds.
  static func jump(
    of key: String, from a: (t: Double, outlines: LayerOutlines), to b: (t: Double, outlines: LayerOutlines),
    outlines: (Double) -> LayerOutlines
  ) -> (lo: Double, hi: Double, distance: Double, before: LayerOutlines, after: LayerOutlines)? {
    var (lo, before) = a, (hi, after) = b
    guard var d = before.move(of: key, to: after) else { return nil }
    while hi - lo > resolution {
      let mid = (lo + hi) / 2
      let m = outlines(mid)
      guard let d1 = before.move(of: key, to: m), let d2 = m.move(of: key, to: after) else { return nil }
      if max(d1, d2) < 0.75 * d { return nil }
      if d1 >= d2 { (hi, after, d) = (mid, m, d1) } else { (lo, before, d) = (mid, m, d2) }
      if d <= jumpThreshold { return nil }
    }
    return (lo, hi, d, before, after)
  }

  // MARK: messages

  static func unsettledWarning(_ end: AnimationEnd, jump: Double) -> MotionWarning {
    let r = end.residual
    let share = String(format: "%.0f%%", abs(r) * 100)
    var message = "\(end.what) does not settle within its \(seconds(end.duration))"
    if r != 0 {
      message += ": it ends \(share) of the way \(r < 0 ? "past" : "short of") its target"
    }
    message += ", and the view it moves jumps \(points(jump)) in one frame at \(seconds(end.time))"
    var notes: [String] = []
    if let s = end.spring {
      let v = s.initialVelocity
      let velocity = end.handedOver ? "the finger's velocity handed over, initialVelocity \(number(v))" : "initialVelocity \(number(v))"
      var note = "with \(velocity), the spring has ω = \(number(s.naturalFrequency)) rad/s and damping ratio \(number(s.effectiveDampingRatio))"
      if let settle = try? s.uikitSettlingDuration() { note += ": it settles after \(seconds(settle))" }
      notes.append(note)
    }
    if case .uikit(let d, let z)? = end.parameters, let s = end.spring, r != 0 {
      let v = s.initialVelocity
      if v * d > 1 {
        notes.append("UIKit fits ω so that the spring settles at its duration, but with initialVelocity × duration this large its fit (12 Newton steps) can land on another root (docs/motion.md, \"Warnings\")")
      }
      // What leaves at most `settledJump` points (the jump scales with the residual), for
      // every initial velocity within `velocitySpread` of this one: a slightly different flick
      // must settle too, and the fit's roots change abruptly with the velocity.
      let allowed = abs(r) * settledJump / max(jump, settledJump)
      func settles(_ p: SpringParameters) -> Bool {
        (-4...4).allSatisfy { k in residual(p, v * (1 + velocitySpread * Double(k) / 4)) <= allowed }
      }
      var fixes: [String] = []
      if z < 1, let damper = shortest(from: z, to: 1, step: 0.01, { settles(.uikit(duration: d, dampingRatio: $0)) }) {
        fixes.append("dampingRatio: \(number(damper))")
      }
      if let longer = shortest(from: d, to: 10, step: 0.01, { settles(.uikit(duration: $0, dampingRatio: z)) }) {
        fixes.append("duration: \(number(longer))")
      }
      if !fixes.isEmpty {
        notes.append("it settles (a jump under \(points(settledJump)) for any initialVelocity within \(Int(velocitySpread * 100))% of this one) with " + fixes.joined(separator: ", or "))
      }
      notes.append("flipbook curves 'spring: {duration: \(number(d)), dampingRatio: \(number(z)), initialVelocity: \(number(v))}' shows the curve")
    }
    return MotionWarning(kind: .unsettled, location: end.location, message: message, notes: notes, time: end.time, jump: jump)
  }

  static func jumpWarning(
    _ key: String, _ outline: LayerOutlines.Outline, jump: Double, frame n: Int, timeline: Timeline, document: SceneDocument
  ) -> MotionWarning {
    var name = outline.name
    var location: SourceLocation?
    if let screen = document.screen(named: outline.name) {
      var v = screen.view
      location = v.location ?? screen.location
      for i in outline.indices {
        guard v.subviews.indices.contains(i) else { name += "[\(i)]"; continue }
        v = v.subviews[i]
        name += v.id.map { ".\($0)" } ?? "[\(i)]"
        if let l = v.location { location = l }
      }
    }
    let message = "view '\(name)' jumps \(points(jump)) between frames \(n - 1) and \(n) (\(seconds(timeline.time(ofFrame: n - 1))) and \(seconds(timeline.time(ofFrame: n)))) with nothing animating it"
    let note = "a view moves continuously while an animation or the finger drives it; this one moves in one step (keyframes at the same time, a layout that changes when the transition ends, or a view that changes place when its screen is swapped)"
    return MotionWarning(kind: .jump, location: location, message: message, notes: [note], time: timeline.time(ofFrame: n), jump: jump)
  }

  /// |1 − x(D)| for a spring with initial velocity `v` (∞ when it does not resolve).
  static func residual(_ p: SpringParameters, _ v: Double) -> Double {
    guard let s = try? p.spring(initialVelocity: v), let d = try? p.duration(initialVelocity: v) else { return .infinity }
    return abs(1 - s.value(at: d))
  }

  /// The first value from `a` up to `b` in steps of `step` for which `ok` holds.
  static func shortest(from a: Double, to b: Double, step: Double, _ ok: (Double) -> Bool) -> Double? {
    var k = 1
    while a + Double(k) * step <= b + 1e-9 {
      let x = ((a + Double(k) * step) / step).rounded() * step
      if ok(x) { return x }
      k += 1
    }
    return nil
  }

  static func number(_ x: Double) -> String {
    let s = String(format: "%.2f", x)
    return s.hasSuffix(".00") ? String(s.dropLast(3)) : s.hasSuffix("0") ? String(s.dropLast()) : s
  }
  static func seconds(_ x: Double) -> String { number(x) + " s" }
  static func points(_ x: Double) -> String { x < 10 ? number(x) + " pt" : String(format: "%.0f pt", x) }
}
