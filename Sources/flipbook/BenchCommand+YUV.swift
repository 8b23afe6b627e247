import Bench
import Foundation

extension BenchCommand {
  /// `flipbook bench --yuv`: times the yuv420p conversion of the canonical frame (see `YUVBench`).
  func runYUV(_ frame: CanonicalFrame) throws {
    let bench = YUVBench(frame: frame, scale: scale, runs: runs)
    let (report, _) = bench.run { line in
      FileHandle.standardError.write(Data("bench: \(line)\n".utf8))
    }
    if let json { try writeJSON(report, to: json) }
    let q = report.milliseconds
    print([
      "flipbook bench --yuv: canonical frame \(report.width) x \(report.height) px (scale \(scale)) to yuv420p, \(runs) runs, median [p25–p75]",
      "  kernels: \(report.kernels)",
      "",
      "\(Self.pad("yuv420p (whole frame)", 34, left: true)) \(Self.pad(Self.fixed(q.median), 8)) ms  [\(Self.fixed(q.p25))–\(Self.fixed(q.p75))]",
    ].joined(separator: "\n"))
  }
}
