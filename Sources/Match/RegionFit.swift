import Foundation
import Geometry
import JSONText
import Motion

/// A rectangle of a recording, in the recording's own pixels (`--region x,y,w,h`).
public struct RegionOption: Hashable, Sendable {
  public var x: Int, y: Int, width: Int, height: Int

  public static func parse(_ text: String) throws(MatchError) -> RegionOption {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else {
      throw .invalidOption("--region must be x,y,w,h in whole pixels (got '\(text)')")
    }
    let r = RegionOption(x: parts[0]!, y: parts[1]!, width: parts[2]!, height: parts[3]!)
    guard r.x >= 0, r.y >= 0, r.width >= 8, r.height >= 8 else {
      throw .invalidOption("--region must start at x, y >= 0 and be at least 8 x 8 px (got '\(text)')")
    }
    return r
  }
}

/// `flipbook match --fit-only`: whatever rests in a region of the recording's last frame,
/// followed back through the recording, its motion along its main direction fitted with a
/// spring (dampingRatio, response, start; where it starts and ends are fitted too).
public struct RegionFit: Sendable {
  public let recording: Recording
  public let region: RegionOption
  /// Recording pixels per working pixel.
  public let factor: Double
  /// Per frame: the region's centre in recording pixels, nil where not found.
  public let centers: [Point?]
  public let fit: LeastSquares.Result?
  /// The fitted spring's positions (recording pixels along the motion) at each frame time.
  public let fitted: [Double]
  /// Each found frame's position along the motion (recording pixels from the fitted start).
  public let along: [Double?]
  public let travel: Double

  /// Working pixels on the recording's longer side, at most.
  static let workSide = 960.0

  public init(probe: RecordingProbe, region: RegionOption, workScale: Double) throws(MatchError) {
    guard region.x + region.width <= probe.width, region.y + region.height <= probe.height else {
      throw .invalidOption("--region \(region.x),\(region.y),\(region.width),\(region.height) is not inside the \(probe.width)x\(probe.height) recording")
    }
    self.region = region
    let f = max(1, Double(max(probe.width, probe.height)) / (Self.workSide * workScale))
    factor = f
    let w = max(16, Int((Double(probe.width) / f).rounded())), h = max(16, Int((Double(probe.height) / f).rounded()))
    let recording = try Recording.decode(probe, width: w, height: h)
    self.recording = recording
    // The patch: the region in the last frame.
    let last = recording.frames[recording.frames.count - 1]
    let x0 = max(0, Int((Double(region.x) / f).rounded())), y0 = max(0, Int((Double(region.y) / f).rounded()))
    let x1 = min(w, Int((Double(region.x + region.width) / f).rounded())), y1 = min(h, Int((Double(region.y + region.height) / f).rounded()))
    guard x1 - x0 >= 8, y1 - y0 >= 8 else { throw .invalidOption("--region is smaller than 8 x 8 px at the working size") }
    let levels = min(x1 - x0, y1 - y0) >= 64 ? 4 : 2
    let tracker = TemplateTracker(patch: last.smoothed().cropped(x0, y0, x1, y1), levels: levels)
    // Back from the last frame, each search around where the one after found it (and where its
    // motion was heading), a quarter of the frame each way; once it has been lost for three
    // frames in a row (gone off screen, or not there yet), the frames before are not searched.
    var found = [Point?](repeating: nil, count: recording.frames.count)
    var position = Point(Double(x0), Double(y0)), velocity = Point(0, 0)
    let reach = Int(0.25 * Double(max(w, h)))
    var lost = 0
    for k in stride(from: recording.frames.count - 1, through: 0, by: -1) {
      if lost >= 3 { break }
      let guess = Point(position.x + velocity.x, position.y + velocity.y)
      let r = reach
      let frame = TemplateTracker.Frame(recording.frames[k], levels: levels)
      let xs = (Int(guess.x) - r)...(Int(guess.x) + r), ys = (Int(guess.y) - r)...(Int(guess.y) + r)
      if let m = tracker.find(in: frame, xs: xs, ys: ys, rows: 0..<h) {
        let here = Point(m.x, m.y)
        if lost == 0 { velocity = Point(here.x - position.x, here.y - position.y) }
        position = here
        lost = 0
        found[k] = Point((m.x + Double(x1 - x0) / 2) * f, (m.y + Double(y1 - y0) / 2) * f)
      } else {
        lost += 1
        velocity = Point(0, 0)
      }
    }
    centers = found
    // The main direction: from the earliest found centre to the last.
    let known = found.enumerated().compactMap { k, c in c.map { (recording.times[k], $0) } }
    guard let start = known.first?.1, let end = known.last?.1 else {
      throw .analysis("the region's content was not found in the recording's frames")
    }
    let dx = end.x - start.x, dy = end.y - start.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length >= 2 else { throw .analysis("the region's content does not move (it travels \(String(format: "%.1f", length)) px)") }
    travel = length
    let ux = dx / length, uy = dy / length
    let alongFound = found.map { c in c.map { ($0.x - start.x) * ux + ($0.y - start.y) * uy } }
    let times = known.map(\.0)
    let values = known.map { ($0.1.x - start.x) * ux + ($0.1.y - start.y) * uy }
    // The motion starts where it first leaves its first place by more than 1 % of the travel.
    let onset = zip(times, values).first { abs($0.1) > 0.01 * length }?.0 ?? times[0]
    func shape(_ q: [Double], _ t: Double) -> Double {
      guard let s = try? Spring(response: q[1], dampingFraction: q[0]) else { return .nan }
      return s.value(at: t - q[2])
    }
    // Start and end positions are linear: solved exactly for each (dampingRatio, response, start).
    func residuals(_ q: [Double]) -> [Double]? {
      let s = times.map { shape(q, $0) }
      guard s.allSatisfy(\.isFinite) else { return nil }
      let n = Double(s.count)
      let ms = s.reduce(0, +) / n, mv = values.reduce(0, +) / n
      var sss = 0.0, ssv = 0.0
      for (a, b) in zip(s, values) { sss += (a - ms) * (a - ms); ssv += (a - ms) * (b - mv) }
      guard sss > 1e-12 else { return nil }
      let b = ssv / sss, a = mv - b * ms
      return zip(s, values).map { a + b * $0 - $1 }
    }
    var best: (q: [Double], c: Double)? = nil
    for z in [0.3, 0.45, 0.6, 0.75, 0.9, 1.0] {
      for r in [0.2, 0.3, 0.4, 0.5, 0.65, 0.8, 1.0] {
        for d in [-2.0, -1, 0] {
          let q = [z, r, onset + d / 60]
          if let res = residuals(q) {
            let c = res.reduce(0) { $0 + $1 * $1 }
            if c < (best?.c ?? .infinity) { best = (q, c) }
          }
        }
      }
    }
    guard let best else { throw .analysis("no spring fits the region's motion") }
    let solver = LeastSquares(lower: [0.05, 0.02, onset - 0.3], upper: [1.5, 5, onset + 0.3], steps: [1e-4, 1e-5, 1e-5])
    let fit = solver.fit(start: best.q, residuals: residuals)
    self.fit = fit
    if let p = fit?.parameters, let res = residuals(p) {
      var model: [Double] = []
      let known = Dictionary(uniqueKeysWithValues: zip(times, zip(values, res).map { $0 + $1 }))
      for t in recording.times { model.append(known[t] ?? .nan) }
      fitted = model
    } else {
      fitted = []
    }
    along = alongFound
  }

  public var text: String {
    let p = recording.probe
    var lines = ["recording: \(p.path) (\(p.codec) \(p.width)x\(p.height), \(recording.frames.count) frames) read at \(recording.width)x\(recording.height) px"]
    lines.append("region \(region.x),\(region.y),\(region.width)x\(region.height): found in \(centers.compactMap { $0 }.count) frames, travels \(MatchReport.f(travel, 1)) px")
    if let fit {
      let q = fit.parameters, e = fit.standardErrors
      let d = (try? Spring(response: q[1], dampingFraction: q[0]))?.uikitDuration
      lines.append(
        "fit (spring, \(fit.count) frames, rms \(MatchReport.f(fit.rms)) px): dampingRatio \(MatchReport.withError(q[0], e[0])), response \(MatchReport.withError(q[1], e[1], unit: " s"))\(d.map { " (UIKit duration \(MatchReport.f($0, 3)) s)" } ?? ""), starts at \(MatchReport.withError(q[2], e[2], unit: " s"))")
    } else {
      lines.append("fit: none converged")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// fit.json's value (docs/match.md, --fit-only).
  public var jsonValue: JSONValue {
    let j = MatchReport.number
    var fitValue = JSONValue.null
    if let fit {
      let q = fit.parameters, e = fit.standardErrors
      fitValue = [
        "model": "spring", "dampingRatio": ["fitted": j(q[0]), "standardError": j(e[0])],
        "response": ["fitted": j(q[1]), "standardError": j(e[1])], "startSeconds": ["fitted": j(q[2]), "standardError": j(e[2])],
        "rmsPixels": j(fit.rms), "frames": .int(fit.count),
      ]
    }
    let frames: [JSONValue] = recording.times.indices.map { k in ["t": j(recording.times[k]), "x": j(centers[k]?.x), "y": j(centers[k]?.y)] }
    return [
      "recording": [
        "path": .string(recording.probe.path), "width": .int(recording.probe.width), "height": .int(recording.probe.height),
        "frames": .int(recording.frames.count),
      ],
      "region": [.int(region.x), .int(region.y), .int(region.width), .int(region.height)],
      "travelPixels": j(travel),
      "fit": fitValue,
      "frames": .array(frames),
    ]
  }

  /// fit.json's text: `jsonValue` printed canonically.
  public var json: String { jsonValue.canonicalText }

  /// Writes fit.json into `directory`.
  public func write(to directory: String) throws(MatchError) {
    try MatchOutputs.makeFolder(directory)
    try MatchOutputs.writeText(json, to: directory + "/fit.json")
  }
}
