import Foundation
import Motion
import Scene

/// The plan for web prototypes: every timing as a CSS easing with its duration (a spring as
/// `linear(...)` sampled from its exact curve by `LinearEasing`, a cubic curve as
/// `cubic-bezier(...)`), custom properties to paste into a stylesheet, and each animation as a
/// Web Animations call whose keyframes are the tracks' values.
enum CSSCode {
  static func make(_ plan: MotionPlan) -> String {
    var out: [String] = []
    out.append("/* \(plan.title)\(plan.variant.map { " (variant \($0))" } ?? ""): \(plan.kind.rawValue) from \(plan.from) to \(plan.to). CSS and Web Animations.")
    out.append("   Made by `flipbook spec`: springs are linear() easings sampled from the exact curve (within 0.05 % of the distance), see docs/spec.md. */")
    var animations = [plan.transition] + plan.ownTimings
    if let i = plan.interactive {
      if let b = i.background { animations.append(b) }
      for s in [i.complete, i.cancel] { if case .timing(let a, _) = s { animations.append(a) } }
    }
    out.append(":root {")
    for a in animations {
      let (easing, ms) = easing(a.timing)
      out.append("  --\(a.name)-duration: \(ms)ms;")
      if a.timing.delay > 0 { out.append("  --\(a.name)-delay: \(decimal(a.timing.delay * 1000, places: 1))ms;") }
      out.append("  --\(a.name)-easing: \(easing);")
    }
    if let i = plan.interactive {
      for (k, r) in i.releases.enumerated() {
        guard let t = r.settleTiming else { continue }
        let (easing, ms) = easing(t)
        out.append("  /* release \(k + 1) of this scene's gesture: \(r.completes ? "complete" : "cancel") from p = \(decimal(r.progress, places: 4)) with the finger's velocity handed over */")
        out.append("  --release\(k + 1)-duration: \(ms)ms;")
        out.append("  --release\(k + 1)-easing: \(easing);")
      }
    }
    out.append("}")
    for a in [plan.transition] + plan.ownTimings + (plan.interactive?.background.map { [$0] } ?? []) where !a.tracks.isEmpty {
      out.append("")
      out.append("/* \(a.name) as Web Animations (element ids from the scene's view paths):")
      out.append("const \(a.name)Timing = { duration: \(easing(a.timing).1), delay: \(decimal(a.timing.delay * 1000, places: 1)), easing: getComputedStyle(document.documentElement).getPropertyValue(\"--\(a.name)-easing\"), fill: \"both\" };")
      for t in a.tracks {
        let frames = t.keyframes.map { k -> String in
          let props = TrackCode.css(t.property, k.value).map { "\($0.0): \"\($0.1)\"" }
          return "{ offset: \(decimal(k.at, places: 6)), \(props.joined(separator: ", ")) }"
        }
        if TrackCode.css(t.property, t.from).isEmpty {
          out.append("// \(CodeNames.label(t)): \(CodeNames.values(t)) (no CSS property; animate it with the same timing by hand)")
        } else {
          out.append("document.getElementById(\"\(TrackCode.viewName(t))\").animate([\(frames.joined(separator: ", "))], \(a.name)Timing);  // \(CodeNames.label(t))")
        }
      }
      out.append("*/")
    }
    if let i = plan.interactive {
      let g = GestureTerms(progress: i.progress, release: i.release)
      out.append("")
      out.append("/* The drag (pointer events, CSS px = points): \(g.mappingText).")
      out.append("   On release complete when \(g.rule(p: "p", projected: "projected", velocity: "velocity", translation: "translation", and: "and", or: "or"))\(g.usesProjection ? "; projected = clamp(p + v / 1000 * \(decimal(i.release.decelerationRate)) / (1 - \(decimal(i.release.decelerationRate))) / \(decimal(i.progress.distance, places: 3)))" : "").")
      out.append("   Scrub each animation with animation.currentTime = p * duration while the finger is down; the settles above start from p. */")
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// The CSS easing and duration (ms) for a timing.
  static func easing(_ t: Timing) -> (String, String) {
    switch t.curve {
    case .cubic(let c):
      return ("cubic-bezier(\(decimal(c.c1x)), \(decimal(c.c1y)), \(decimal(c.c2x)), \(decimal(c.c2y)))", decimal(t.duration * 1000, places: 1))
    case .spring:
      let e = LinearEasing(t)
      return (e.css, e.durationMilliseconds)
    }
  }
}
