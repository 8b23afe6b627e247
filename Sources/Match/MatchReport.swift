import Foundation
import JSONText

/// `flipbook match`'s findings as text (the terminal) and JSON (match.json).
public enum MatchReport {
  static func f(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }

  /// A fitted value with its standard error: `0.71 ± 0.02`.
  static func withError(_ x: Double, _ e: Double?, unit: String = "") -> String {
    guard let e else { return f(x) + unit }
    let digits = e >= 0.05 ? 2 : (e >= 0.005 ? 3 : 3)
    return "\(f(x, digits)) ± \(f(e, digits))\(unit)"
  }

  /// The fitted parameters beside the spec's: `build: dampingRatio 0.71 ± 0.02, response 0.380 ± 0.004 s; spec: 0.82, 0.44 s`.
  public static func fitLine(_ fit: TimingFit, model: TimingModel) -> String {
    var build: [String] = []
    for (j, name) in model.parameterNames.enumerated() {
      build.append("\(name) \(withError(fit.parameters[j], fit.standardErrors[j], unit: TimingModel.isSeconds(name) ? " s" : ""))")
    }
    var text = "build: " + build.joined(separator: ", ")
    if let d = fit.spring?.uikitDuration { text += " (UIKit duration \(f(d, 3)) s)" }
    let spec = zip(model.parameterNames, model.writtenParameters).map { name, v in TimingModel.isSeconds(name) ? f(v, 3) + " s" : f(v) }
    text += "; spec: " + spec.joined(separator: ", ")
    if let d = model.writtenSpring?.uikitDuration { text += " (UIKit duration \(f(d, 3)) s)" }
    return text
  }

  public static func text(_ a: MatchAnalysis) -> String {
    let r = a.recording, p = r.probe
    var lines: [String] = []
    lines.append("recording: \(p.path) (\(p.codec) \(p.width)x\(p.height), \(r.frames.count) frames, \(f(r.times.last ?? 0)) s) read at \(r.width)x\(r.height) px")
    let rOn = a.recordingOnset.first.map { r.times[$0] } ?? 0, sOn = a.specOnset.first.map { a.spec.times[$0] } ?? 0
    lines.append(
      "alignment: motion starts at \(f(rOn, 3)) s in the recording, \(f(sOn, 3)) s in the spec; offset \(f(a.offset, 4)) s (onsets \(f(a.onsetOffset, 4)) s\(a.fit.map { ", fitted start \(f($0.shift * 1000, 1)) ms" } ?? ""))")
    for v in a.views {
      var line = "\(v.name): found in \(v.trackedFrames) of \(r.frames.count) frames; largest position error \(f(v.maxError)) pt"
      if let t = v.maxErrorTime { line += " at \(f(t, 3)) s" }
      if let e = v.timingError { line += "; timing error \(f(e * 1000, 1)) ms (median over the motion)" }
      lines.append(line)
      if let o = v.opacity {
        if let e = o.maxError, let t = o.maxErrorTime {
          lines.append("\(v.name) opacity: measured in \(o.measuredFrames) frames; largest error \(f(e)) at \(f(t, 3)) s")
        } else {
          lines.append("\(v.name) opacity: not measured (the view is not where the spec puts it, or too like its ground)")
        }
      }
    }
    if let fit = a.fit {
      lines.append("fit (\(a.model.kind == .spring ? "spring" : "curve"), \(fit.count) frames, rms \(f(fit.rms)) pt): " + fitLine(fit, model: a.model))
    } else {
      lines.append("fit: none (no tracked view moves along the transition's progress in enough frames)")
    }
    lines.append("verdict: \(a.verdict)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A number, or null where there is none (or it is not finite).
  static func number(_ x: Double?) -> JSONValue { x.map(JSONValue.number) ?? .null }

  /// match.json's value (docs/match.md, Outputs).
  public static func jsonValue(_ a: MatchAnalysis) -> JSONValue {
    let r = a.recording
    let views: [JSONValue] = a.views.map { v in
      let frames: [JSONValue] = r.times.indices.map { k in
        let m = v.measured[k], s = v.spec[k]
        return [
          "t": number(r.times[k]), "x": number(m?.x), "y": number(m?.y), "score": number(v.scores[k]),
          "specX": number(s?.x), "specY": number(s?.y),
        ]
      }
      var fields: JSONObject = [
        "view": .string(v.name), "trackedFrames": .int(v.trackedFrames), "maxErrorPoints": number(v.maxError),
        "maxErrorTime": number(v.maxErrorTime), "timingErrorSeconds": number(v.timingError), "frames": .array(frames),
      ]
      if let o = v.opacity {
        fields["opacity"] = [
          "maxError": number(o.maxError), "maxErrorTime": number(o.maxErrorTime), "measuredFrames": .int(o.measuredFrames),
          "frames": .array(r.times.indices.map { k in ["t": number(r.times[k]), "measured": number(o.measured[k]), "spec": number(o.spec[k])] }),
        ]
      }
      return .object(fields)
    }
    var fit = JSONValue.null
    if let ft = a.fit {
      var fields: JSONObject = ["model": .string(a.model.kind == .spring ? "spring" : "curve")]
      for (j, name) in a.model.parameterNames.enumerated() {
        fields[name] = ["fitted": number(ft.parameters[j]), "standardError": number(ft.standardErrors[j]), "spec": number(a.model.writtenParameters[j])]
      }
      fields["uikitDuration"] = number(ft.spring?.uikitDuration)
      fields["shiftSeconds"] = number(ft.shift)
      fields["rmsPoints"] = number(ft.rms)
      fields["frames"] = .int(ft.count)
      fit = .object(fields)
    }
    return [
      "recording": [
        "path": .string(r.probe.path), "codec": .string(r.probe.codec), "width": .int(r.probe.width), "height": .int(r.probe.height),
        "frames": .int(r.frames.count), "workWidth": .int(r.width), "workHeight": .int(r.height),
      ],
      "offsetSeconds": number(a.offset),
      "onsetOffsetSeconds": number(a.onsetOffset),
      "recordingOnset": number(a.recordingOnset.first.map { r.times[$0] }),
      "specOnset": number(a.specOnset.first.map { a.spec.times[$0] }),
      "fit": fit,
      "verdict": ["matches": .bool(a.verdict.matches), "parameter": a.verdict.parameter.map(JSONValue.string) ?? .null, "text": .string(a.verdict.description)],
      "views": .array(views),
    ]
  }

  /// match.json's text: `jsonValue(a)` printed canonically.
  public static func json(_ a: MatchAnalysis) -> String { jsonValue(a).canonicalText }
}
