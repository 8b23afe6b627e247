import Foundation
import Motion
import Scene

/// The plan as UIKit code: one `UIViewPropertyAnimator` per animation (its timing
/// parameters, the tracks' from values set before and their to values inside the animation
/// block) and, for an interactive transition, the pan handler: the progress mapping, the
/// release rule, the velocity hand-off as `initialVelocity` relative to the distance left,
/// and the settle through `continueAnimation`. It parses with `swiftc -parse`.
enum UIKitCode {
  static func make(_ plan: MotionPlan) -> String {
    var out: [String] = []
    out.append("// \(plan.title)\(plan.variant.map { " (variant \($0))" } ?? ""): \(plan.kind.rawValue) from \(plan.from) to \(plan.to). UIKit.")
    out.append("// Made by `flipbook spec`; the conversions are described in docs/spec.md.")
    out.append("import UIKit")
    out.append("")
    out += animatorFunction(plan.transition, about: "The transition: its progress p runs 0 → 1.")
    for a in plan.ownTimings {
      out.append("")
      out += animatorFunction(a, about: "Tracks with their own timing, started with the transition.")
    }
    if let b = plan.interactive?.background {
      out.append("")
      out += animatorFunction(b, about: "A second animator scrubbed with p while the finger is down, then continued with the settle.")
    }
    if !plan.matched.isEmpty {
      out.append("")
      for (i, m) in plan.matched.enumerated() {
        out.append("// Matched view \(i): a snapshot of \(m.source.text) flies to \(m.destination.text) with \(m.timing == nil ? "the transition's timing" : "its own timing"):")
        out.append("//   matched\(i).frame = \(CodeNames.identifier(m.destination)).convert(\(CodeNames.identifier(m.destination)).bounds, to: container)  (inside the animation block)")
        if m.subviews == .relayout {
          out.append("//   its subviews paired by id (docs/scene-format.md, \"Matched views\") re-lay out: set each pair's frame to the destination's in the same block, labels scaled by the font sizes' ratio")
        }
        if !m.hidesSource { out.append("//   \(m.source.text) stays visible under it (hidesSource: false)") }
      }
    }
    if let trigger = plan.trigger {
      out.append("")
      out += TriggerCode.uikit(trigger)
    }
    if plan.omitsTitleSlide {
      out.append("// The navigation title's slide onto the back button is left out (its distance is the title's measured width).")
    }
    if let i = plan.interactive {
      out.append("")
      out += interactive(i, plan: plan)
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// `UIViewPropertyAnimator(duration:timingParameters:)` for an animation's timing.
  static func animator(_ a: MotionPlan.Animation) -> (lines: [String], expression: String) {
    var lines: [String] = []
    let expression: String
    switch a.spec.kind {
    case .spring:
      let s = a.spring!
      let (code, duration) = s.uikitTimingParameters()
      lines.append("// \(s.summary)")
      if duration == nil {
        lines.append("// UIKit ignores the duration for these parameters and runs \(decimal(a.timing.duration, places: 4)) s (its settling duration).")
      }
      lines.append("let timing = \(code)")
      expression = "UIViewPropertyAnimator(duration: \(decimal(duration ?? a.timing.duration, places: 6)), timingParameters: timing)"
    case .curve(let c, let d):
      lines.append("let timing = \(cubic(c))")
      expression = "UIViewPropertyAnimator(duration: \(decimal(d, places: 6)), timingParameters: timing)"
    }
    return (lines, expression)
  }

  static func cubic(_ c: TimingSpec.Curve) -> String {
    switch c {
    case .linear: return "UICubicTimingParameters(animationCurve: .linear)"
    case .easeIn: return "UICubicTimingParameters(animationCurve: .easeIn)"
    case .easeOut: return "UICubicTimingParameters(animationCurve: .easeOut)"
    case .easeInEaseOut: return "UICubicTimingParameters(animationCurve: .easeInOut)"
    case .default, .controlPoints:
      let p = c.controlPoints
      return "UICubicTimingParameters(controlPoint1: CGPoint(x: \(decimal(p.x1)), y: \(decimal(p.y1))), controlPoint2: CGPoint(x: \(decimal(p.x2)), y: \(decimal(p.y2))))"
    }
  }

  /// The views an animation's tracks name, as `UIView` parameters.
  static func parameters(_ tracks: [Track]) -> String {
    var seen: [String] = []
    for t in tracks where !seen.contains(TrackCode.viewName(t)) { seen.append(TrackCode.viewName(t)) }
    return seen.map { "\($0): UIView" }.joined(separator: ", ")
  }

  static func functionName(_ a: MotionPlan.Animation) -> String {
    "make" + a.name.prefix(1).uppercased() + a.name.dropFirst() + "Animator"
  }

  static func animatorFunction(_ a: MotionPlan.Animation, about: String) -> [String] {
    var out: [String] = ["/// \(about)"]
    out.append("func \(functionName(a))(\(parameters(a.tracks))) -> UIViewPropertyAnimator {")
    let (lines, expression) = animator(a)
    out += lines.map { "  " + $0 }
    out.append("  let animator = \(expression)")
    if !a.tracks.isEmpty {
      out.append("  // Each track's value at p = 0:")
      out += TrackCode.uikit(a.tracks, value: { $0.from }).map { "  " + $0 }
      out.append("  animator.addAnimations {")
      for t in a.tracks { out.append("    // \(CodeNames.label(t)): \(CodeNames.values(t))") }
      let plain = a.tracks.filter { $0.keyframes.count == 2 }
      out += TrackCode.uikit(plain, value: { $0.to }).map { "    " + $0 }
      let keyed = a.tracks.filter { $0.keyframes.count > 2 }
      if !keyed.isEmpty {
        out.append("    UIView.animateKeyframes(withDuration: 0, delay: 0, options: [.calculationModeLinear]) {")
        for t in keyed {
          for (k0, k1) in zip(t.keyframes, t.keyframes.dropFirst()) where k1.at > k0.at {
            out.append("      UIView.addKeyframe(withRelativeStartTime: \(decimal(k0.at, places: 6)), relativeDuration: \(decimal(k1.at - k0.at, places: 6))) {")
            out += TrackCode.uikit([t], value: { _ in k1.value }).map { "        " + $0 }
            out.append("      }")
          }
        }
        out.append("    }")
      }
      out.append("  }")
    }
    if a.timing.delay > 0 {
      out.append("  // Start it with animator.startAnimation(afterDelay: \(decimal(a.timing.delay)))")
    }
    out.append("  return animator")
    out.append("}")
    return out
  }

  static func interactive(_ i: MotionPlan.Interactive, plan: MotionPlan) -> [String] {
    let g = GestureTerms(progress: i.progress, release: i.release)
    let d = decimal(i.progress.distance, places: 6)
    var out: [String] = []
    out.append("/// The interactive transition: a pan drives p, the release rule decides, the settle hands the finger's velocity over.")
    out.append("final class InteractiveTransition: NSObject {")
    out.append("  var animator: UIViewPropertyAnimator?")
    if i.background != nil { out.append("  var background: UIViewPropertyAnimator?") }
    out.append("  /// Points of travel for p = 1.")
    out.append("  let distance: CGFloat = \(d)")
    out.append("  let makeAnimator: () -> UIViewPropertyAnimator")
    if i.background != nil { out.append("  let makeBackground: () -> UIViewPropertyAnimator") }
    out.append("")
    out.append("  init(makeAnimator: @escaping () -> UIViewPropertyAnimator\(i.background != nil ? ", makeBackground: @escaping () -> UIViewPropertyAnimator" : "")) {")
    out.append("    self.makeAnimator = makeAnimator")
    if i.background != nil { out.append("    self.makeBackground = makeBackground") }
    out.append("  }")
    out.append("")
    out.append("  @objc func handlePan(_ pan: UIPanGestureRecognizer) {")
    out.append("    let translation = pan.translation(in: pan.view)")
    out.append("    switch pan.state {")
    out.append("    case .began:")
    out.append("      let animator = makeAnimator()")
    out.append("      animator.pauseAnimation()")
    out.append("      self.animator = animator")
    if let b = i.background {
      out.append("      let background = makeBackground()  // \(b.name): \(describe(b))")
      out.append("      background.pauseAnimation()")
      out.append("      self.background = background")
    }
    out.append("    case .changed:")
    out.append("      // Progress mapping: \(g.mappingText)")
    if i.progress.negative == .reset {
      out.append("      if \(g.component("translation")) < 0 { pan.setTranslation(.zero, in: pan.view); return }")
    }
    out.append("      let p = min(max(\(g.component("translation")) / distance, \(decimal(i.progress.clamp.lowerBound))), \(decimal(i.progress.clamp.upperBound)))")
    if i.progress.rubberBand != nil {
      out.append("      // Past the ends the views move rubber-banded (fractionComplete stops at the ends): move them directly.")
    }
    out.append("      animator?.fractionComplete = p")
    if i.background != nil { out.append("      background?.fractionComplete = p") }
    for (k, f) in i.follow.enumerated() {
      let name: String
      switch f.target {
      case .matched(let m): name = "matched\(m)"
      case .view(let path): name = CodeNames.identifier(path)
      }
      out.append("      // Follows the finger (\(f.axes.rawValue)), scale \(decimal(f.scaleFrom, places: 4)) → \(decimal(f.scaleTo, places: 4)) with p, translation in \(f.translationSpace == .scaled ? "scaled" : "parent") space:")
      out.append("      let s\(k) = \(decimal(f.scaleFrom)) + (\(decimal(f.scaleTo)) - \(decimal(f.scaleFrom))) * p")
      let tx = f.axes == .y ? "0" : "translation.x", ty = f.axes == .x ? "0" : "translation.y"
      if f.translationSpace == .scaled {
        out.append("      // \(name).transform = CGAffineTransform(scaleX: s\(k), y: s\(k)).translatedBy(x: \(tx), y: \(ty))")
      } else {
        out.append("      // \(name).transform = CGAffineTransform(translationX: \(tx), y: \(ty)).scaledBy(x: s\(k), y: s\(k))")
      }
      out.append("      _ = s\(k)")
    }
    out.append("    case .ended, .cancelled, .failed:")
    out.append("      guard let animator else { return }")
    out.append("      let velocity = pan.velocity(in: pan.view)  // points per second")
    out.append("      let p = animator.fractionComplete")
    if g.usesProjection {
      let r = decimal(i.release.decelerationRate)
      out.append("      // Where a flick would come to rest (UIScrollView's deceleration, rate \(r) per ms): v / 1000 · r / (1 − r) points further.")
      out.append("      let projected = min(max(p + \(g.axisVelocity("velocity", translation: "translation")) / 1000 * \(r) / (1 - \(r)) / distance, \(decimal(i.progress.clamp.lowerBound))), \(decimal(i.progress.clamp.upperBound)))")
    }
    out.append("      // Release rule: complete when \(g.rule(p: "p", projected: "projected", velocity: "velocity", translation: "translation", and: "and", or: "or")); a cancelled gesture always cancels.")
    out.append("      // (translation: the travel on the axis, from where the touch grabbed the transition.)")
    out.append("      let completes = pan.state == .ended && (\(g.rule(p: "p", projected: "projected", velocity: "velocity", translation: "translation")))")
    out.append("      animator.isReversed = !completes")
    out += settleLines(i, g: g).map { "      " + $0 }
    out.append("    default:")
    out.append("      break")
    out.append("    }")
    out.append("  }")
    out.append("}")
    out += releaseComments(i, plan: plan)
    return out
  }

  static func describe(_ a: MotionPlan.Animation) -> String {
    switch a.spec.kind {
    case .spring: return "spring, \(a.spring!.summary)"
    case .curve(let c, let d): let p = c.controlPoints; return "curve (\(decimal(p.x1)), \(decimal(p.y1)), \(decimal(p.x2)), \(decimal(p.y2))) over \(decimal(d)) s"
    }
  }

  static func settleLines(_ i: MotionPlan.Interactive, g: GestureTerms) -> [String] {
    var out: [String] = []
    let v = g.axisVelocity("velocity", translation: "translation")
    var springs = false
    for (name, settle) in [("complete", i.complete), ("cancel", i.cancel)] {
      if case .timing(let a, let h) = settle, a.spring != nil, h != .none { springs = true; _ = name }
    }
    if springs {
      out.append("// Velocity hand-off: UIKit's initialVelocity is the finger's velocity over the distance left, in fractions of it per second.")
      out.append("let distanceLeft = (completes ? 1 - p : p) * distance")
      out.append("let handOff = distanceLeft > 0 ? (completes ? \(v) : -(\(v))) / distanceLeft : 0")
    }
    func provider(_ settle: MotionPlan.Settle) -> (String, String) {
      switch settle {
      case .remaining:
        return ("nil", "0")
      case .timing(let a, let handOff):
        let duration = "CGFloat(\(decimal(a.timing.duration, places: 6)) / animator.duration)"
        switch a.spec.kind {
        case .spring:
          let vel = handOff == .none ? nil : (handOff == .perAxis ? "CGVector(dx: handOff, dy: handOff) /* each component over its own distance left */" : "CGVector(dx: handOff, dy: handOff)")
          return (a.spring!.uikitTimingParameters(velocity: vel).code, duration)
        case .curve(let c, _):
          return (cubic(c), duration)
        }
      }
    }
    let (c1, d1) = provider(i.complete), (c2, d2) = provider(i.cancel)
    for (name, settle) in [("complete", i.complete), ("cancel", i.cancel)] {
      switch settle {
      case .remaining:
        out.append("// \(name): the transition's own timing runs on from p at normal speed (durationFactor 0 keeps the remaining time).")
      case .timing(let a, let h):
        out.append("// \(name): \(describe(a)) from p, \(h == .none ? "at rest" : "carrying the finger's velocity"); continueAnimation re-fits a spring to durationFactor × duration.")
      }
    }
    if c1 == c2 && d1 == d2 {
      out.append("let settle: UITimingCurveProvider? = \(c1)")
      out.append("animator.continueAnimation(withTimingParameters: settle, durationFactor: \(d1))")
    } else {
      out.append("let settle: UITimingCurveProvider? = completes")
      out.append("  ? \(c1)")
      out.append("  : \(c2)")
      out.append("animator.continueAnimation(withTimingParameters: settle, durationFactor: completes ? \(d1) : \(d2))")
    }
    if let b = i.background {
      out.append("background?.isReversed = !completes")
      if i.backgroundContinuation == .matchForeground {
        out.append("// The background finishes together with the foreground: durationFactor = the foreground's settle / its own duration.")
        out.append("let foregroundSettle: Double = completes ? \(settleSeconds(i.complete, b)) : \(settleSeconds(i.cancel, b))")
        out.append("background?.continueAnimation(withTimingParameters: nil, durationFactor: CGFloat(foregroundSettle / \(decimal(b.timing.duration))))")
      } else {
        out.append("background?.continueAnimation(withTimingParameters: nil, durationFactor: 0)")
      }
    }
    return out
  }

  static func settleSeconds(_ s: MotionPlan.Settle, _ background: MotionPlan.Animation) -> String {
    if case .timing(let a, _) = s { return decimal(a.timing.duration, places: 6) }
    return "animator.duration * Double(completes ? 1 - p : p)"
  }

  /// What the scene's scripted gesture did, as comments with the numbers.
  static func releaseComments(_ i: MotionPlan.Interactive, plan: MotionPlan) -> [String] {
    var out: [String] = []
    for (k, r) in i.releases.enumerated() {
      let left = (r.completes ? 1 - r.progress : r.progress) * i.progress.distance
      out.append("// Release \(k + 1) of this scene's gesture, at \(decimal(r.time, places: 3)) s: velocity (\(decimal(r.velocity.x, places: 1)), \(decimal(r.velocity.y, places: 1))) pt/s, "
        + "\(decimal(r.axisVelocity, places: 1)) pt/s along p, at p = \(decimal(r.progress, places: 4)): \(r.completes ? "complete" : "cancel"); "
        + "\(decimal(left, places: 1)) pt left, initialVelocity \(decimal(r.initialVelocity, places: 4)), settles in \(decimal(r.settleDuration, places: 4)) s.")
    }
    return out
  }
}
