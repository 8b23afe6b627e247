import Bench
import Foundation
import PNG

extension BenchCommand {
  /// `flipbook bench --material`: times the bar material (see `MaterialBench`).
  func runMaterial(_ frame: CanonicalFrame) throws {
    let bench = MaterialBench(frame: frame, scale: scale, runs: runs)
    let (report, backdrop, result) = bench.run { line in
      FileHandle.standardError.write(Data("bench: \(line)\n".utf8))
    }
    if let frameOut { try writePNG(result, to: frameOut, encoder: PNGEncoder.frames, makeFolder: false) }
    if let backdropOut { try writePNG(backdrop, to: backdropOut, encoder: PNGEncoder.frames, makeFolder: false) }
    if let json { try writeJSON(report, to: json) }
    let q = report.milliseconds
    var lines = [
      "flipbook bench --material: \(report.bar[2]) x \(report.bar[3]) px bar at (\(report.bar[0]), \(report.bar[1])) (scale \(scale)), \(runs) runs, median [p25–p75]",
      "  σ \(Self.fixed(report.sigma)) px, saturation \(report.saturation), tint \(report.tint)",
      "",
      "\(Self.pad("material (blur, saturate, tint)", 34, left: true)) \(Self.pad(Self.fixed(q.median), 8)) ms  [\(Self.fixed(q.p25))–\(Self.fixed(q.p75))]",
    ]
    if let frameOut { lines += ["", "frame written to \(frameOut)"] }
    if let backdropOut { lines += ["backdrop written to \(backdropOut)"] }
    print(lines.joined(separator: "\n"))
  }
}
