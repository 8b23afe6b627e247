import Foundation
import Raster
import YUV

/// Times the yuv420p conversion (`YUV420Frame(converting:)`, docs/yuv.md) of the canonical
/// frame: the whole frame each run, no rows reused, on one thread, through the loops this
/// process runs (the AVX2 kernels where Raster's `wideKernels` is true, else the portable
/// ones; `FLIPBOOK_PORTABLE_KERNELS=1` picks the latter, to compare the two in alternate runs).
public struct YUVBench: Sendable {
  public let frame: CanonicalFrame
  public let scale: Int
  public let runs: Int

  public init(frame: CanonicalFrame, scale: Int, runs: Int) {
    precondition(runs > 0, "YUVBench needs at least one run")
    self.frame = frame; self.scale = scale; self.runs = runs
  }

  public struct Report: Sendable, Codable {
    public let scale: Int
    /// The frame's size in pixels.
    public let width: Int
    public let height: Int
    /// "avx2" (CYUVKernels) or "portable" (the Swift loops).
    public let kernels: String
    /// Milliseconds per conversion of the whole frame.
    public let milliseconds: Quantiles
  }

  /// One warm-up and `runs` timed conversions; returns the report and the converted frame.
  public func run(progress: (String) -> Void = { _ in }) -> (Report, YUV420Frame) {
    let bitmap = frame.render(scale: scale)
    var times: [Double] = []
    var converted = YUV420Frame(converting: bitmap)
    for round in 1...runs {
      let t = Benchmark.milliseconds { converted = YUV420Frame(converting: bitmap) }
      times.append(t)
      progress("round \(round)/\(runs): yuv420p \(Benchmark.format(t)) ms")
    }
    let report = Report(
      scale: scale, width: bitmap.width, height: bitmap.height, kernels: wideKernels ? "avx2" : "portable",
      milliseconds: Quantiles(times))
    return (report, converted)
  }
}
