import Foundation
import Motion
import Scene

/// The plan as SwiftUI code: an `Animation` per timing, each track as a function of the
/// progress p, and for an interactive transition a `DragGesture` helper (the mapping, the
/// release decision on `predictedEndTranslation` and the velocity, the settle animation with
/// the handed-off velocity). It parses with `swiftc -parse`.
enum SwiftUICode {
  static func make(_ plan: MotionPlan) -> String {
    var out: [String] = []
    out.append("// \(plan.title)\(plan.variant.map { " (variant \($0))" } ?? ""): \(plan.kind.rawValue) from \(plan.from) to \(plan.to). SwiftUI.")
    out.append("// Made by `flipbook spec`; the conversions are described in docs/spec.md.")
    out.append("import SwiftUI")
    out.append("")
    out.append("/// A track's value at progress p: straight lines between its keyframes; past 0 or 1 the first or")
    out.append("/// last segment extends (a spring's overshoot carries the values past their ends).")
    out.append("func keyframed(_ p: CGFloat, _ stops: [(at: CGFloat, value: CGFloat)]) -> CGFloat {")
    out.append("  var i = 0")
    out.append("  while i < stops.count - 2 && p > stops[i + 1].at { i += 1 }")
    out.append("  let a = stops[i], b = stops[i + 1]")
    out.append("  return b.at > a.at ? a.value + (b.value - a.value) * (p - a.at) / (b.at - a.at) : b.value")
    out.append("}")
    for a in [plan.transition] + plan.ownTimings {
      out.append("")
      out += animation(a)
    }
    if let trigger = plan.trigger {
      out.append("")
      out += TriggerCode.swiftUI(trigger, transition: name(plan.transition))
    }
    if let i = plan.interactive {
      if let b = i.background { out.append(""); out += animation(b) }
      out.append("")
      out += interactive(i)
    }
    return out.joined(separator: "\n") + "\n"
  }

  static func name(_ a: MotionPlan.Animation) -> String { a.name + "Animation" }

  /// The `Animation` expression for a timing (its delay included).
  static func expression(_ a: MotionPlan.Animation, velocity: String? = nil) -> String {
    var e: String
    switch a.spec.kind {
    case .spring: e = a.spring!.swiftUIAnimation(velocity: velocity)
    case .curve(let c, let d):
      let p = c.controlPoints
      e = ".timingCurve(\(decimal(p.x1)), \(decimal(p.y1)), \(decimal(p.x2)), \(decimal(p.y2)), duration: \(decimal(d, places: 6)))"
    }
    if a.timing.delay > 0 { e += ".delay(\(decimal(a.timing.delay, places: 6)))" }
    return e
  }

  static func animation(_ a: MotionPlan.Animation) -> [String] {
    var out: [String] = []
    switch a.spec.kind {
    case .spring:
      let s = a.spring!
      out.append("/// \(a.name): \(s.summary).")
      out.append("/// response = 2π/ω0, dampingFraction = ζ (SwiftUI's spring has mass 1, stiffness (2π/response)², damping 4πζ/response).")
      if case .uikit = s.written {
        out.append("/// UIKit ends this spring at \(decimal(a.timing.duration, places: 4)) s, snapping the last ~0.1 %; SwiftUI lets it settle.")
      }
    case .curve:
      out.append("/// \(a.name): a cubic timing curve.")
    }
    out.append("let \(name(a)): Animation = \(expression(a))")
    for t in a.tracks {
      let kind = t.property.valueKind
      let names = TrackCode.componentNames(kind)
      let comps = t.keyframes.map { TrackCode.components($0.value) }
      for (c, suffix) in names.enumerated() {
        let fn = CodeNames.identifier(t.target) + property(t.property) + suffix
        let stops = zip(t.keyframes, comps).map { "(\(decimal($0.at, places: 6)), \(decimal($1[c], places: 6)))" }.joined(separator: ", ")
        out.append("func \(fn)(_ p: CGFloat) -> CGFloat { keyframed(p, [\(stops)]) }  // \(CodeNames.label(t))\(suffix.isEmpty ? "" : " " + suffix.lowercased())")
      }
    }
    if !a.tracks.isEmpty {
      out.append("// withAnimation(\(name(a))) { p = 1 }  and, on each view, e.g. .opacity(...), .offset(...), .scaleEffect(...) of these functions of p.")
    }
    return out
  }

  /// `translation.x` → `Translation`, for function names.
  static func property(_ p: AnimatedProperty) -> String {
    let words = p.rawValue.split(separator: ".")
    return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  static func interactive(_ i: MotionPlan.Interactive) -> [String] {
    let g = GestureTerms(progress: i.progress, release: i.release)
    var out: [String] = []
    out.append("/// The drag: \(g.mappingText).")
    out.append("enum TransitionDrag {")
    out.append("  /// Points of travel for p = 1.")
    out.append("  static let distance: CGFloat = \(decimal(i.progress.distance, places: 6))")
    out.append("")
    out.append("  static func progress(_ value: DragGesture.Value) -> CGFloat {")
    out.append("    let translation = CGPoint(x: value.translation.width, y: value.translation.height)")
    if i.progress.negative == .reset {
      out.append("    // The scene resets the translation when it goes against the direction; keep the least translation seen and subtract it to do the same.")
    }
    out.append("    return min(max(\(g.component("translation")) / distance, \(decimal(i.progress.clamp.lowerBound))), \(decimal(i.progress.clamp.upperBound)))")
    out.append("  }")
    out.append("")
    out.append("  /// The release rule: complete when \(g.rule(p: "p", projected: "projected", velocity: "velocity", translation: "translation", and: "and", or: "or")).")
    out.append("  static func completes(_ value: DragGesture.Value, p: CGFloat) -> Bool {")
    out.append("    let translation = CGPoint(x: value.translation.width, y: value.translation.height)")
    out.append("    let velocity = CGPoint(x: value.velocity.width, y: value.velocity.height)  // points per second (iOS 17)")
    if g.usesProjection {
      out.append("    // SwiftUI's own projection of where the drag ends; the scene's rule projects with UIScrollView's rate \(decimal(i.release.decelerationRate)):")
      out.append("    // p + v / 1000 · r / (1 − r) / distance, which is what `projectedExact` computes.")
      let pe = g.component("CGPoint(x: value.predictedEndTranslation.width, y: value.predictedEndTranslation.height)")
      out.append("    let projected = min(max(\(pe) / distance, \(decimal(i.progress.clamp.lowerBound))), \(decimal(i.progress.clamp.upperBound)))")
      let r = decimal(i.release.decelerationRate)
      out.append("    let projectedExact = min(max(p + \(g.axisVelocity("velocity", translation: "translation")) / 1000 * \(r) / (1 - \(r)) / distance, \(decimal(i.progress.clamp.lowerBound))), \(decimal(i.progress.clamp.upperBound)))")
      out.append("    _ = projectedExact")
    }
    out.append("    _ = translation; _ = velocity")
    out.append("    return \(g.rule(p: "p", projected: "projected", velocity: "velocity", translation: "translation"))")
    out.append("  }")
    out.append("")
    out.append("  /// The settle: the finger's velocity over the distance left is the spring's initialVelocity (fractions of that distance per second).")
    out.append("  static func settle(_ value: DragGesture.Value, p: CGFloat, completes: Bool) -> Animation {")
    out.append("    let translation = CGPoint(x: value.translation.width, y: value.translation.height)")
    out.append("    let velocity = CGPoint(x: value.velocity.width, y: value.velocity.height)")
    out.append("    let distanceLeft = (completes ? 1 - p : p) * distance")
    out.append("    let handOff = distanceLeft > 0 ? (completes ? \(g.axisVelocity("velocity", translation: "translation")) : -(\(g.axisVelocity("velocity", translation: "translation")))) / distanceLeft : 0")
    out.append("    _ = handOff")
    out.append("    return completes ? \(settle(i.complete)) : \(settle(i.cancel))")
    out.append("  }")
    out.append("}")
    out.append("// DragGesture(minimumDistance: 10)")
    out.append("//   .onChanged { p = TransitionDrag.progress($0) }")
    out.append("//   .onEnded { v in let c = TransitionDrag.completes(v, p: p); withAnimation(TransitionDrag.settle(v, p: p, completes: c)) { p = c ? 1 : 0 } }")
    return out
  }

  static func settle(_ s: MotionPlan.Settle) -> String {
    switch s {
    case .remaining:
      return "transitionAnimation /* the transition's own timing runs on from p: Flipbook re-fits a spring to duration × the share left, a curve resumes where it is */"
    case .timing(let a, let h):
      if a.spring != nil, h != .none { return expression(a, velocity: "Double(handOff)") }
      return expression(a)
    }
  }
}
