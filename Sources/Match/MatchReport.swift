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
      build.append("\(name) \(withError(fit.parameters[j], fit.standardErrors[j], unit: name == "dampingRatio" ? "" : " s"))")
    }
    var text = "build: " + build.joined(separator: ", ")
    if let d = fit.spring?.uikitDuration { text += " (UIKit duration \(f(d, 3)) s)" }
    let spec = zip(model.parameterNames, model.writtenParameters).map { name, v in name == "dampingRatio" ? f(v) : f(v, 3) + " s" }
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
    }
    if let fit = a.fit {
      lines.append("fit (\(a.model.kind == .spring ? "spring" : "curve"), \(fit.count) frames, rms \(f(fit.rms)) pt): " + fitLine(fit, model: a.model))
    } else {
      lines.append("fit: none (no tracked view moves along the transition's progress in enough frames)")
    }
    lines.append("verdict: \(a.verdict)")
    return lines.joined(separator: "\n") + "\n"
  }

  static func json(_ x: Double?) -> String {
    guard let x, x.isFinite else { return "null" }
    return String(format: "%.6g", x)
  }

  public static func json(_ a: MatchAnalysis) -> String {
    let r = a.recording
    var views: [String] = []
    for v in a.views {
      var frames: [String] = []
      for k in r.times.indices {
        let m = v.measured[k], s = v.spec[k]
        frames.append(
          "{\"t\": \(json(r.times[k])), \"x\": \(json(m?.x)), \"y\": \(json(m?.y)), \"score\": \(json(v.scores[k])), \"specX\": \(json(s?.x)), \"specY\": \(json(s?.y))}")
      }
      views.append("""
          {"view": \(jsonStringLiteral(v.name)), "trackedFrames": \(v.trackedFrames), "maxErrorPoints": \(json(v.maxError)), "maxErrorTime": \(json(v.maxErrorTime)), "timingErrorSeconds": \(json(v.timingError)),
           "frames": [\(frames.joined(separator: ",\n      "))]}
      """)
    }
    var fit = "null"
    if let ft = a.fit {
      let params = a.model.parameterNames.enumerated().map { j, name in
        "\(jsonStringLiteral(name)): {\"fitted\": \(json(ft.parameters[j])), \"standardError\": \(json(ft.standardErrors[j])), \"spec\": \(json(a.model.writtenParameters[j]))}"
      }
      fit = "{\"model\": \(jsonStringLiteral(a.model.kind == .spring ? "spring" : "curve")), \(params.joined(separator: ", ")), \"uikitDuration\": \(json(ft.spring?.uikitDuration)), \"shiftSeconds\": \(json(ft.shift)), \"rmsPoints\": \(json(ft.rms)), \"frames\": \(ft.count)}"
    }
    return """
      {
        "recording": {"path": \(jsonStringLiteral(r.probe.path)), "codec": \(jsonStringLiteral(r.probe.codec)), "width": \(r.probe.width), "height": \(r.probe.height), "frames": \(r.frames.count), "workWidth": \(r.width), "workHeight": \(r.height)},
        "offsetSeconds": \(json(a.offset)),
        "onsetOffsetSeconds": \(json(a.onsetOffset)),
        "recordingOnset": \(json(a.recordingOnset.first.map { r.times[$0] })),
        "specOnset": \(json(a.specOnset.first.map { a.spec.times[$0] })),
        "fit": \(fit),
        "verdict": {"matches": \(a.verdict.matches), "parameter": \(a.verdict.parameter.map(jsonStringLiteral) ?? "null"), "text": \(jsonStringLiteral(a.verdict.description))},
        "views": [
      \(views.joined(separator: ",\n"))
        ]
      }

      """
  }
}
