import Foundation
import Motion
import Scene

/// The plan as Jetpack Compose (Kotlin): an `AnimationSpec<Float>` per timing with the
/// conversion written beside it, each track as a function of the progress p, and for an
/// interactive transition the drag's mapping, the release rule and the settle through
/// `Animatable.animateTo` with the handed-off velocity (Compose takes it in the animated
/// value's units per second, so the fraction of the distance left is multiplied back).
enum ComposeCode {
  static func make(_ plan: MotionPlan) -> String {
    var out: [String] = []
    out.append("// \(plan.title)\(plan.variant.map { " (variant \($0))" } ?? ""): \(plan.kind.rawValue) from \(plan.from) to \(plan.to). Jetpack Compose.")
    out.append("// Made by `flipbook spec`; the conversions are described in docs/spec.md.")
    out.append("import androidx.compose.animation.core.*")
    out.append("")
    out.append("/** A track's value at progress p: straight lines between keyframes, extended past 0 and 1. */")
    out.append("fun keyframed(p: Float, vararg stops: Pair<Float, Float>): Float {")
    out.append("    var i = 0")
    out.append("    while (i < stops.size - 2 && p > stops[i + 1].first) i++")
    out.append("    val (a, va) = stops[i]; val (b, vb) = stops[i + 1]")
    out.append("    return if (b > a) va + (vb - va) * (p - a) / (b - a) else vb")
    out.append("}")
    for a in [plan.transition] + plan.ownTimings {
      out.append("")
      out += animation(a)
    }
    if let i = plan.interactive {
      if let b = i.background { out.append(""); out += animation(b) }
      for s in [i.complete, i.cancel] {
        if case .timing(let a, _) = s { out.append(""); out += animation(a) }
      }
      out.append("")
      out += interactive(i)
    }
    return out.joined(separator: "\n") + "\n"
  }

  static func spec(_ a: MotionPlan.Animation) -> String {
    switch a.spec.kind {
    case .spring: return a.spring!.composeSpec
    case .curve(let c, let d):
      let p = c.controlPoints
      let delay = a.timing.delay > 0 ? ", delayMillis = \(Int((a.timing.delay * 1000).rounded()))" : ""
      return "tween(durationMillis = \(Int((d * 1000).rounded()))\(delay), easing = CubicBezierEasing(\(kotlinFloat(p.x1)), \(kotlinFloat(p.y1)), \(kotlinFloat(p.x2)), \(kotlinFloat(p.y2))))"
    }
  }

  static func animation(_ a: MotionPlan.Animation) -> [String] {
    var out: [String] = []
    switch a.spec.kind {
    case .spring:
      let s = a.spring!
      out.append("// \(a.name): \(s.summary).")
      out.append("// Compose's spring has mass 1: stiffness = k / m = ω0² = \(decimal(s.unitStiffness, places: 4)), dampingRatio = c / (2√(k·m)) = \(decimal(s.dampingRatio, places: 6)).")
      if s.initialVelocity != 0 {
        out.append("// Its initial velocity goes to animateTo(initialVelocity = \(decimal(s.initialVelocity, places: 6)) * (target - start)), in the value's units per second.")
      }
      if a.timing.delay > 0 { out.append("// Start it after \(Int((a.timing.delay * 1000).rounded())) ms (delay(...) before animateTo).") }
    case .curve(_, let d):
      out.append("// \(a.name): a cubic curve over \(decimal(d, places: 6)) s (durationMillis rounds to whole milliseconds).")
    }
    out.append("val \(a.name)Spec: AnimationSpec<Float> = \(spec(a))")
    for t in a.tracks {
      let names = TrackCode.componentNames(t.property.valueKind)
      let comps = t.keyframes.map { TrackCode.components($0.value) }
      for (c, suffix) in names.enumerated() {
        let fn = CodeNames.identifier(t.target) + SwiftUICode.property(t.property) + suffix
        let stops = zip(t.keyframes, comps).map { "\(kotlinFloat($0.at)) to \(kotlinFloat($1[c]))" }.joined(separator: ", ")
        out.append("fun \(fn)(p: Float) = keyframed(p, \(stops))  // \(CodeNames.label(t))\(suffix.isEmpty ? "" : " " + suffix.lowercased())")
      }
    }
    return out
  }

  static func interactive(_ i: MotionPlan.Interactive) -> [String] {
    let g = GestureTerms(progress: i.progress, release: i.release)
    let float = { (x: Double) in kotlinFloat(x) }
    var out: [String] = []
    out.append("/** The drag, in points (divide pixels by LocalDensity's density): \(g.mappingText). */")
    out.append("object TransitionDrag {")
    out.append("    const val distance = \(kotlinFloat(i.progress.distance))")
    out.append("")
    out.append("    fun progress(translation: Offset): Float =")
    out.append("        (\(g.component("translation", absName: "kotlin.math.abs")) / distance).coerceIn(\(float(i.progress.clamp.lowerBound)), \(float(i.progress.clamp.upperBound)))")
    out.append("")
    out.append("    /** Complete when \(g.rule(p: "p", projected: "projected", velocity: "velocity", translation: "translation", and: "and", or: "or")). Velocity from a VelocityTracker, points per second. */")
    out.append("    fun completes(p: Float, translation: Offset, velocity: Offset): Boolean {")
    if g.usesProjection {
      let r = kotlinFloat(i.release.decelerationRate)
      out.append("        val projected = (p + \(g.axisVelocity("velocity", translation: "translation", signName: "kotlin")) / 1000f * \(r) / (1f - \(r)) / distance).coerceIn(\(float(i.progress.clamp.lowerBound)), \(float(i.progress.clamp.upperBound)))")
    }
    out.append("        return \(g.rule(p: "p", projected: "projected", velocity: "velocity", translation: "translation", float: float))")
    out.append("    }")
    out.append("")
    out.append("    /** Settles p: Compose's initialVelocity is in p per second, UIKit's in fractions of the distance left per second. */")
    out.append("    suspend fun settle(progress: Animatable<Float, AnimationVector1D>, completes: Boolean, translation: Offset, velocity: Offset) {")
    out.append("        val target = if (completes) 1f else 0f")
    out.append("        val pointsPerSecond = \(g.axisVelocity("velocity", translation: "translation", signName: "kotlin"))")
    out.append("        progress.animateTo(target, if (completes) \(settleSpec(i.complete)) else \(settleSpec(i.cancel)),")
    out.append("            initialVelocity = \(handOff(i))pointsPerSecond / distance)")
    out.append("    }")
    out.append("}")
    return out
  }

  static func settleSpec(_ s: MotionPlan.Settle) -> String {
    switch s {
    case .remaining: return "transitionSpec /* the transition's own timing runs on from p */"
    case .timing(let a, _): return "\(a.name)Spec"
    }
  }

  /// `0f * ` when neither settle takes the finger's velocity.
  static func handOff(_ i: MotionPlan.Interactive) -> String {
    let carries = [i.complete, i.cancel].contains { s in
      if case .timing(let a, let h) = s { return a.spring != nil && h != .none }
      return false
    }
    return carries ? "" : "0f * "
  }
}
