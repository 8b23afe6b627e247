import ArgumentParser
import Bench
import Foundation
import Raster
import Scene
import Stage

/// `flipbook bench --scene`: how long a scene's real frames take to stage and rasterize,
/// without PNG or MP4 encoding (one thread, so the numbers are per core).
extension BenchCommand {
  /// Per-frame timings of one scene, in milliseconds; each frame's value is its median over
  /// the timed rounds.
  struct SceneReport: Codable {
    var scene: String
    var variant: String?
    var width: Int
    var height: Int
    var firstFrame: Int
    var runs: Int
    /// Building each frame's layer tree (Stage), per frame.
    var stage: [Double]
    /// Rasterizing each tree into a new canvas-sized bitmap (Raster), per frame.
    var raster: [Double]
  }

  func runScene(_ path: String) throws {
    let clip = try ClipOptions.parse([path] + (variant.map { ["--variant", $0] } ?? []) + (device.model.map { ["--device-model", $0] } ?? [])).loadClip()
    let range: ClosedRange<Int>
    do {
      range = try frames.map { text throws(StageError) in try FrameRangeParser.parse(text, frameCount: clip.frameCount) }
        ?? 0...(clip.frameCount - 1)
    } catch {
      throw fail(error)
    }
    var stage = [[Double]](repeating: [], count: range.count)
    var raster = [[Double]](repeating: [], count: range.count)
    // Round 0 warms the caches a real render also fills once (mipmaps, glyph masks).
    for round in 0...runs {
      for n in range {
        var tree: Layer?
        let s = Benchmark.milliseconds { tree = clip.layerTree(frame: n) }
        var bitmap: Bitmap?
        let r = Benchmark.milliseconds {
          bitmap = Bitmap(width: clip.canvas.pixelWidth, height: clip.canvas.pixelHeight, rendering: tree!, scale: clip.canvas.scale)
        }
        withExtendedLifetime(bitmap) {}
        if round > 0 {
          stage[n - range.lowerBound].append(s)
          raster[n - range.lowerBound].append(r)
        }
      }
      if round > 0 { FileHandle.standardError.write(Data("bench: round \(round)/\(runs)\n".utf8)) }
    }
    let report = SceneReport(
      scene: path, variant: variant, width: clip.canvas.pixelWidth, height: clip.canvas.pixelHeight,
      firstFrame: range.lowerBound, runs: runs,
      stage: stage.map { Quantiles($0).median }, raster: raster.map { Quantiles($0).median })
    if let json { try writeJSON(report, to: json) }
    print(Self.text(report))
  }

  static func text(_ r: SceneReport) -> String {
    let total = zip(r.stage, r.raster).map { $0 + $1 }
    let q = Quantiles(total), qs = Quantiles(r.stage), qr = Quantiles(r.raster)
    let slowest = total.indices.sorted { total[$0] > total[$1] }.prefix(3)
    func ms(_ q: Quantiles) -> String { "\(pad(fixed(q.median), 8)) ms  [\(fixed(q.p25))–\(fixed(q.p75))]" }
    var lines = [
      "flipbook bench: \(r.scene)\(r.variant.map { " (variant \($0))" } ?? ""), \(r.width) x \(r.height) px, "
        + "frames \(r.firstFrame)...\(r.firstFrame + total.count - 1), \(r.runs) runs, one thread",
      "per frame, median [p25–p75] over frames of each frame's median:",
      "\(pad("  stage + raster", 34, left: true)) \(ms(q))",
      "\(pad("  stage (layer tree)", 34, left: true)) \(ms(qs))",
      "\(pad("  raster", 34, left: true)) \(ms(qr))",
      "\(pad("clip total (sum of frames)", 34, left: true)) \(pad(fixed(total.reduce(0, +)), 8)) ms",
    ]
    lines.append("slowest frames: " + slowest.map { "\(r.firstFrame + $0) (\(fixed(total[$0])) ms)" }.joined(separator: ", "))
    return lines.joined(separator: "\n")
  }
}
