import Geometry
import JSONText
import Motion

extension ClipEvent {
  /// The event as `manifest.json` prints it: `kind`, `time`, `frame` and the kind's facts as
  /// fields, numbers rounded by `ClipEvent.rounded` (no `2.7e-12` noise). The fields of each
  /// kind are listed in docs/output.md.
  var json: JSONValue {
    var fields = kind.fields
    fields["kind"] = .string(kind.name)
    fields["time"] = .number(time)
    fields["frame"] = .int(frame)
    return Self.rounded(.object(fields), key: "")
  }

  /// Keys whose values are fractions (progress, a damping ratio, an initial velocity in
  /// distances per second) or seconds: printed to 9 decimals. Every other number (points, pt/s,
  /// stiffness, damping, rad/s) is printed to 6 decimals, a millionth of a point: far below
  /// what a frame can show, and enough to remove floating-point noise such as a 2.7e-12 pt/s
  /// horizontal velocity of a vertical drag (it prints as 0). Rounding never changes a decision:
  /// the frames and decisions are computed from the unrounded values.
  static let nineDecimalKeys: Set<String> = ["progress", "dampingRatio", "initialVelocity", "time", "duration"]

  static func rounded(_ value: JSONValue, key: String) -> JSONValue {
    switch value {
    case .number(let x):
      guard x.isFinite else { return value }
      let scale = nineDecimalKeys.contains(key) ? 1e9 : 1e6
      let r = (x * scale).rounded() / scale
      return .number(r == 0 ? 0 : r)  // never "-0"
    case .array(let items): return .array(items.map { rounded($0, key: key) })
    case .object(let fields):
      return .object(JSONObject(uniqueKeysWithValues: fields.map { ($0.key, rounded($0.value, key: $0.key)) }))
    default: return value
    }
  }
}

extension ClipEvent.Kind {
  /// The facts as JSON fields (unrounded).
  var fields: JSONObject {
    switch self {
    case .transitionStart:
      return [:]
    case .touchDown(let p):
      return ["x": .number(p.x), "y": .number(p.y)]
    case .caught(let progress):
      return ["progress": .number(progress)]
    case .release(let r):
      return [
        "x": .number(r.location.x), "y": .number(r.location.y),
        "velocityX": .number(r.velocity.x), "velocityY": .number(r.velocity.y),
        "translationX": .number(r.translation.x), "translationY": .number(r.translation.y),
        "progress": .number(r.progress),
      ]
    case .decision(let d):
      var fields: JSONObject = [
        "decision": .string(d.outcome.rawValue), "progress": .number(d.progress),
        "velocity": .number(d.velocity), "initialVelocity": .number(d.initialVelocity),
        "settle": d.settle.json,
      ]
      if let name = d.restingPoint { fields["restingPoint"] = .string(name) }
      if let target = d.target { fields["target"] = .number(target) }
      if let projected = d.projectedProgress { fields["projectedProgress"] = .number(projected) }
      return fields
    case .settle(let s):
      var fields: JSONObject = ["decision": .string(s.outcome.rawValue)]
      if let name = s.restingPoint { fields["restingPoint"] = .string(name) }
      if let target = s.target { fields["target"] = .number(target) }
      return fields
    case .pressLift(let p, let inside):
      return ["x": .number(p.x), "y": .number(p.y), "inside": .bool(inside)]
    case .tap(let p), .longPress(let p):
      return ["x": .number(p.x), "y": .number(p.y)]
    case .pressFailed(let reason):
      return ["reason": .string(reason.rawValue)]
    case .presentationStart(let p):
      return ["detent": .string(p.detent), "progress": .number(p.progress), "target": .number(p.target), "settle": p.motion.json]
    case .presented(let detent, let progress):
      return ["detent": .string(detent), "progress": .number(progress)]
    }
  }
}

extension ClipEvent.SettleMotion {
  /// A spring's mass, stiffness, damping, effective damping ratio, natural frequency (rad/s)
  /// and initial velocity (remaining distances per second); a curve's control points; always
  /// the settle's `duration` in seconds.
  var json: JSONValue {
    var fields: JSONObject = ["duration": .number(duration)]
    func points(_ c: CubicBezier) -> JSONValue { .array([c.c1x, c.c1y, c.c2x, c.c2y].map { .number($0) }) }
    switch shape {
    case .spring(let s):
      fields["kind"] = .string("spring")
      fields["mass"] = .number(s.mass)
      fields["stiffness"] = .number(s.stiffness)
      fields["damping"] = .number(s.damping)
      fields["dampingRatio"] = .number(s.effectiveDampingRatio)
      fields["naturalFrequency"] = .number(s.naturalFrequency)
      fields["initialVelocity"] = .number(s.initialVelocity)
    case .curve(let c):
      fields["kind"] = .string("curve")
      fields["controlPoints"] = points(c)
    case .resumedCurve(let c):
      fields["kind"] = .string("resumedCurve")
      fields["controlPoints"] = points(c)
    case .percentDriven:
      fields["kind"] = .string("percentDriven")
    case nil:
      break
    }
    return .object(fields)
  }
}
