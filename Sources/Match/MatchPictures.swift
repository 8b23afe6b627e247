import Charts
import Geometry
import PNG
import Raster
import Review
import Stage

/// The pictures of a match: the progress chart (spec and recording on one time axis), the
/// onion-skin strip and the side-by-side clip (spec | recording | difference).
enum MatchPictures {
  /// Seconds of recording around the motion that the chart and the strip show.
  static func window(_ a: MatchAnalysis) -> ClosedRange<Double> {
    let t = a.recording.times
    let first = a.recordingOnset.first.map { t[$0] } ?? 0, last = a.recordingOnset.last.map { t[$0] } ?? t[t.count - 1]
    return max(0, first - 0.25)...min(t[t.count - 1], last + 0.25)
  }

  /// Progress over recording time: the spec (aligned) and each tracked view's measured progress,
  /// the spec's release and settle marked.
  static func chart(_ a: MatchAnalysis) throws(MatchError) -> Bitmap {
    let w = window(a)
    let timeline = a.spec.clip.timeline
    var series: [ProgressSeries] = []
    let release = timeline.events.last { $0.kind.isTouchUp }.map { $0.time + a.offset - w.lowerBound }
    let settle = timeline.events.last { $0.kind.settle != nil }.map { $0.time + a.offset - w.lowerBound }
    let steps = max(2, Int((w.upperBound - w.lowerBound) * 240))
    let times = (0...steps).map { Double($0) / Double(steps) * (w.upperBound - w.lowerBound) }
    series.append(ProgressSeries(
      label: "spec", times: times, progress: times.map { timeline.simulation.moment(at: $0 + w.lowerBound - a.offset).progress },
      release: release, settle: settle))
    for v in a.views {
      guard let axis = v.axis else { continue }
      let pairs = a.recording.times.indices.compactMap { k -> (Double, Double)? in
        guard w.contains(a.recording.times[k]), let c = v.measured[k] else { return nil }
        return (a.recording.times[k] - w.lowerBound, axis.progress(of: c))
      }
      guard !pairs.isEmpty else { continue }
      series.append(ProgressSeries(label: "recording: \(v.name)", times: pairs.map(\.0), progress: pairs.map(\.1)))
    }
    do {
      return try ProgressChart(
        series: series, duration: w.upperBound - w.lowerBound, width: 1400, height: 720, style: ReviewStyle(scale: 2).chart,
        title: "spec and recording, from \(MatchReport.f(w.lowerBound, 2)) s of the recording"
      ).render()
    } catch {
      throw .output("cannot draw the chart: \(error)")
    }
  }

  /// The spec frame shown at recording frame `k` (the nearest in time, after alignment).
  static func specFrame(_ a: MatchAnalysis, at t: Double) -> GrayImage {
    let n = min(a.spec.frames.count - 1, max(0, Int(((t - a.offset) * a.spec.clip.timeline.fps).rounded())))
    return a.spec.frames[n]
  }

  /// Six moments of the motion, each the recording in orange over the spec in blue: where they
  /// agree the picture is grey, where they differ a blue and an orange ghost stand apart.
  static func strip(_ a: MatchAnalysis, panels: Int = 6) -> Bitmap {
    let w = window(a)
    let pw = a.recording.width, ph = a.recording.height, gutter = 8
    var out = Bitmap.solid(width: panels * pw + (panels - 1) * gutter, height: ph, color: Color(white: 0.07))
    for i in 0..<panels {
      let t = w.lowerBound + (w.upperBound - w.lowerBound) * (Double(i) + 0.5) / Double(panels)
      let k = nearestFrame(a.recording.times, t)
      let rec = a.recording.frames[k], spec = specFrame(a, at: a.recording.times[k])
      let x0 = i * (pw + gutter)
      for y in 0..<ph {
        for x in 0..<pw {
          let r = Int(rec[x, y]), s = Int(spec[x, y])
          let o: Int = 4 * (y * out.width + x0 + x)
          out.pixels[o] = UInt8(r); out.pixels[o + 1] = UInt8((r + s) / 2); out.pixels[o + 2] = UInt8(s); out.pixels[o + 3] = 255
        }
      }
    }
    return out
  }

  static func nearestFrame(_ times: [Double], _ t: Double) -> Int {
    var best = 0
    for (k, tk) in times.enumerated() where abs(tk - t) < abs(times[best] - t) { best = k }
    return best
  }

  /// spec | recording | difference (|spec − recording|, four times brighter), at 60 fps over
  /// the whole recording, each output frame showing the last recorded frame at or before it.
  static func writeClip(_ a: MatchAnalysis, to path: String, place: AtomicFile.Place = .named) throws(MatchError) {
    let pw = a.recording.width, ph = a.recording.height, gutter = 8
    let width = 3 * pw + 2 * gutter
    let fps = 60.0
    do throws(StageError) {
      let writer = try MP4Writer(path: path, place: place, width: width, height: ph, fps: fps)
      let count = Int((a.recording.times[a.recording.times.count - 1] * fps).rounded(.down)) + 1
      var k = 0
      for i in 0..<count {
        let t = Double(i) / fps
        while k + 1 < a.recording.times.count, a.recording.times[k + 1] <= t + 1e-9 { k += 1 }
        let rec = a.recording.frames[k], spec = specFrame(a, at: t)
        var frame = Bitmap.solid(width: width, height: ph, color: Color(white: 0.07))
        for y in 0..<ph {
          for x in 0..<pw {
            let s: UInt8 = spec[x, y], r: UInt8 = rec[x, y]
            let difference: Int = 4 * abs(Int(s) - Int(r))
            let d = UInt8(min(255, difference))
            let values: [UInt8] = [s, r, d]
            for panel in 0..<3 {
              let o: Int = 4 * (y * width + panel * (pw + gutter) + x)
              let v = values[panel]
              frame.pixels[o] = v; frame.pixels[o + 1] = v; frame.pixels[o + 2] = v; frame.pixels[o + 3] = 255
            }
          }
        }
        do { try writer.write(try writer.convert(frame)) } catch {
          writer.abort()
          throw error
        }
      }
      try writer.finish()
    } catch {
      throw .output("cannot write \(path): \(error)")
    }
  }

  static func writePNG(_ bitmap: Bitmap, to path: String) throws(MatchError) {
    do {
      try AtomicFile.write(try PNGEncoder(level: 6).encode(bitmap, name: path), to: path)
    } catch {
      throw .output("cannot write \(path): \(error)")
    }
  }
}
