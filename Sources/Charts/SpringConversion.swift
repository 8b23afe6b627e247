import Foundation
import JSONText
import Motion

/// One spring in every parameterisation iOS offers, plus its settling durations: what
/// `flipbook curves --convert` prints (as text or JSON).
///
/// Every form printed round-trips: its numbers, exactly as printed, build a spring with the
/// same natural frequency (to 1e-7 relative), the same evaluated damping ratio (to 1e-7) and
/// the same initial velocity, so it draws the same curve. A form that cannot do that is
/// replaced by a line saying why (a UIKit duration spring cannot be over-damped, and with an
/// initial velocity UIKit's duration fit reaches only some frequencies).
public struct SpringConversion: Hashable, Sendable {
  public let parameters: SpringParameters
  public let spring: Spring
  public let text: String

  /// One parameterisation: scene syntax that round-trips, or why there is none.
  public struct Form: Hashable, Sendable {
    /// `uikit`, `physical`, `response`, `bounce`.
    public var name: String
    /// Scene syntax, e.g. `spring: {duration: 0.5, dampingRatio: 0.8}`; nil when none round-trips.
    public var scene: String?
    /// Why there is no such form (when `scene` is nil).
    public var none: String?
  }

  public init(_ parameters: SpringParameters, initialVelocity: Double, text: String) throws(MotionError) {
    self.parameters = parameters
    self.spring = try parameters.spring(initialVelocity: initialVelocity)
    self.text = text
  }

  /// The ratio the curve is evaluated with (Core Animation clamps over-damping to 1), so every
  /// form draws the same curve.
  var zeta: Double { spring.effectiveDampingRatio }

  public var forms: [Form] {
    let s = spring
    let v = s.initialVelocity
    let vText = v == 0 ? "" : ", initialVelocity: \(num(v))"
    var out: [Form] = []
    out.append(uikitForm(vText: vText))
    let bounce = zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    let candidates: [(String, String)] = [
      ("physical", "mass: \(num(s.mass)), stiffness: \(num(s.stiffness)), damping: \(num(s.damping))"),
      ("response", "response: \(num(s.response)), dampingFraction: \(num(zeta))"),
      ("bounce", "duration: \(num(s.response)), bounce: \(num(bounce))"),
    ]
    for (name, body) in candidates {
      let scene = "spring: {\(body)\(vText)}"
      if roundTrips(parse(name, body)) {
        out.append(Form(name: name, scene: scene))
      } else {
        out.append(Form(name: name, scene: nil, none: "printed to 9 decimals it would not give the same curve"))
      }
    }
    return out
  }

  /// Notes on clamping: what the input asked for and what is evaluated instead.
  public var notes: [String] {
    var notes: [String] = []
    if case .uikit(_, let z) = parameters, z > 1 {
      notes.append("dampingRatio \(num(z)) is used as 1: UIKit's duration springs clamp it to at most 1 (critically damped)")
    } else if zeta != spring.dampingRatio {
      notes.append("damping ratio \(num(spring.dampingRatio)) is evaluated as 1, as Core Animation clamps over-damping; the forms give that critically damped curve")
    }
    return notes
  }

  /// The report, one fact per line.
  public func report() -> String {
    let s = spring
    let v = s.initialVelocity
    var lines: [String] = []
    lines.append("spring     \(text)")
    lines.append("")
    for form in forms {
      let name = form.name.padding(toLength: 11, withPad: " ", startingAt: 0)
      lines.append(name + (form.scene ?? "(none: \(form.none ?? ""))"))
    }
    for note in notes { lines.append("           (\(note))") }
    lines.append("")
    lines.append("natural frequency  \(num(s.naturalFrequency)) rad/s")
    var ratio = "damping ratio      \(num(s.dampingRatio))"
    if s.dampingRatio > 1 && !s.allowsOverdamping { ratio += " (over-damped: evaluated as critically damped, as Core Animation does)" }
    if case .uikit(_, let z) = parameters, z > 1 { ratio += " (asked \(num(z)); UIKit clamps duration springs to 1)" }
    lines.append(ratio)
    lines.append("initial velocity   \(num(v)) of the distance per second")
    lines.append("settling (UIKit)   \(uikitSettling.map { "\(num($0)) s" } ?? "never (no damping)")")
    let ca = s.coreAnimationSettlingDuration()
    lines.append("settling (CA)      \(ca.isFinite ? "\(num(ca)) s" : "never (no damping)")")
    if let (runs, why) = runsFor {
      lines.append("runs for           \(num(runs)) s (\(why))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The same facts as JSON (keys sorted; forms without a round-tripping syntax are null, with
  /// the reason under `none`).
  public func json() -> String {
    let s = spring
    func number(_ x: Double?) -> String { x.map { $0.isFinite ? num($0) : "null" } ?? "null" }
    var out = "{\n"
    out += "  \"dampingRatio\": \(number(s.dampingRatio)),\n"
    out += "  \"evaluatedDampingRatio\": \(number(zeta)),\n"
    out += "  \"forms\": {\n"
    let all = forms.sorted { $0.name < $1.name }
    for (i, f) in all.enumerated() {
      let value = f.scene.map { jsonStringLiteral($0) } ?? "null"
      out += "    \(jsonStringLiteral(f.name)): \(value)" + (i + 1 < all.count ? ",\n" : "\n")
    }
    out += "  },\n"
    out += "  \"initialVelocity\": \(number(s.initialVelocity)),\n"
    out += "  \"input\": \(jsonStringLiteral(text)),\n"
    out += "  \"naturalFrequency\": \(number(s.naturalFrequency)),\n"
    let missing = all.filter { $0.scene == nil }
    out += "  \"none\": {" + missing.map { "\(jsonStringLiteral($0.name)): \(jsonStringLiteral($0.none ?? ""))" }.joined(separator: ", ") + "},\n"
    out += "  \"notes\": [" + notes.map(jsonStringLiteral).joined(separator: ", ") + "],\n"
    out += "  \"runsFor\": \(number(runsFor?.0)),\n"
    let ca = s.coreAnimationSettlingDuration()
    out += "  \"settlingCoreAnimation\": \(number(ca.isFinite ? ca : nil)),\n"
    out += "  \"settlingUIKit\": \(number(uikitSettling))\n"
    return out + "}\n"
  }

  private var uikitSettling: Double? { try? spring.uikitSettlingDuration() }

  private var runsFor: (Double, String)? {
    guard let runs = try? parameters.duration(initialVelocity: spring.initialVelocity) else { return nil }
    if case .uikit = parameters { return (runs, "its duration; the last ~0.1 % snaps") }
    return (runs, "UIKit's settling duration")
  }

  /// The UIKit duration form: the closed-form inverse of UIKit's fit when it round-trips, else a
  /// duration found by searching the fit itself, else none (and why).
  private func uikitForm(vText: String) -> Form {
    let w = spring.naturalFrequency, v = spring.initialVelocity
    guard zeta > 0, zeta <= 1 else {
      return Form(name: "uikit", scene: nil, none: "a UIKit duration spring needs 0 < dampingRatio <= 1; this one is \(num(zeta))")
    }
    var candidates: [Double] = []
    if let d = UIKitSpringSolver.duration(omega: w, dampingRatio: zeta, initialVelocity: v) { candidates.append(d) }
    for d in candidates + searchDurations(omega: w, v: v) {
      let body = "duration: \(num(d)), dampingRatio: \(num(zeta))"
      if roundTrips(parse("uikit", body)) { return Form(name: "uikit", scene: "spring: {\(body)\(vText)}") }
    }
    var why = "UIKit's duration fit gives no duration for \(num(w)) rad/s"
    if v != 0 { why += " with initialVelocity \(num(v)) (its Newton steps land on another frequency)" }
    if let d = candidates.first, let got = try? Spring(duration: d, dampingRatio: zeta, initialVelocity: v) {
      why += "; duration \(num(d)) would give stiffness \(num(got.stiffness)), not \(num(spring.stiffness / spring.mass))"
    }
    return Form(name: "uikit", scene: nil, none: why)
  }

  /// Durations in UIKit's range [0.01, 10] s where the fit's ω crosses `omega` (sampled on a
  /// log grid, then bisected); only candidates, each is checked by `roundTrips`.
  private func searchDurations(omega: Double, v: Double) -> [Double] {
    func gap(_ d: Double) -> Double {
      UIKitSpringSolver.omega(duration: d, dampingRatio: zeta, initialVelocity: v) - omega
    }
    let n = 2000
    var found: [Double] = []
    var previous = (d: 0.01, g: gap(0.01))
    for i in 1...n {
      let d = 0.01 * pow(1000, Double(i) / Double(n))
      let g = gap(d)
      if g.isFinite, previous.g.isFinite, (g < 0) != (previous.g < 0) {
        var lo = previous.d, hi = d, glo = previous.g
        for _ in 0..<80 {
          let mid = (lo + hi) / 2
          let gm = gap(mid)
          if (gm < 0) == (glo < 0) { lo = mid; glo = gm } else { hi = mid }
        }
        found.append((lo + hi) / 2)
        if found.count >= 8 { break }
      }
      previous = (d, g)
    }
    return found
  }

  /// The parameters a printed form's numbers give (parsed back from the printed text).
  private func parse(_ name: String, _ body: String) -> SpringParameters? {
    var values: [String: Double] = [:]
    for pair in body.split(separator: ",") {
      let kv = pair.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
      guard kv.count == 2, let x = Double(kv[1]) else { return nil }
      values[kv[0]] = x
    }
    switch name {
    case "uikit": return values["duration"].flatMap { d in values["dampingRatio"].map { .uikit(duration: d, dampingRatio: $0) } }
    case "physical":
      guard let m = values["mass"], let k = values["stiffness"], let c = values["damping"] else { return nil }
      return .physical(mass: m, stiffness: k, damping: c)
    case "response": return values["response"].flatMap { r in values["dampingFraction"].map { .response(response: r, dampingFraction: $0) } }
    case "bounce": return values["duration"].flatMap { d in values["bounce"].map { .perceptual(duration: d, bounce: $0) } }
    default: return nil
    }
  }

  /// True when `p`, with the printed initial velocity, draws this spring's curve.
  private func roundTrips(_ p: SpringParameters?) -> Bool {
    let v = Double(num(spring.initialVelocity)) ?? spring.initialVelocity
    guard let p, let back = try? p.spring(initialVelocity: v) else { return false }
    let w = spring.naturalFrequency
    return abs(back.naturalFrequency - w) <= 1e-7 * w && abs(back.effectiveDampingRatio - zeta) <= 1e-7
      && back.initialVelocity == v
  }
}

/// Up to 9 significant decimals, trailing zeros dropped.
func num(_ x: Double) -> String {
  guard x.isFinite else { return "\(x)" }
  var s = String(format: "%.9f", x)
  while s.hasSuffix("0") { s.removeLast() }
  if s.hasSuffix(".") { s.removeLast() }
  return s == "-0" ? "0" : s
}
