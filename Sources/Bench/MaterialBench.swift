import Geometry
import Raster

/// Times a full-width bar material: the chrome material (light) over the canonical frame's
/// photo grid, on the top 100 pt of the canvas (1170 x 300 px at scale 3), the way a
/// navigation bar with content under it is drawn. Each run composites the material onto a
/// fresh copy of the same backdrop (copied outside the timing); `scripts/bench-material`
/// times skia and Pillow drawing the same blur beside it.
public struct MaterialBench: Sendable {
  /// The bar's rectangle in points.
  public static let barRect = Rect(0, 0, 390, 100)
  public static let material = Material(.chrome, .light)

  public let frame: CanonicalFrame
  public let scale: Int
  public let runs: Int

  public init(frame: CanonicalFrame, scale: Int, runs: Int) {
    precondition(runs > 0, "MaterialBench needs at least one run")
    self.frame = frame; self.scale = scale; self.runs = runs
  }

  public struct Report: Sendable, Codable {
    public let scale: Int
    /// The bar in device pixels: x, y, width, height.
    public let bar: [Int]
    /// Blur σ in device pixels, saturation, and the tint as #RRGGBBAA.
    public let sigma: Double
    public let saturation: Double
    public let tint: String
    public let milliseconds: Quantiles
  }

  /// What the bar is drawn over: the white background and the photo grid, no bar.
  public func backdrop() -> Bitmap {
    var root = CanonicalFrame.background
    root.sublayers = frame.parts.filter { $0.name == "grid" }.map(\.layer)
    return CanonicalFrame.render(root, scale: scale)
  }

  /// One warm-up and `runs` timed draws; returns the report, the backdrop and the result.
  public func run(progress: (String) -> Void = { _ in }) -> (Report, backdrop: Bitmap, result: Bitmap) {
    let base = backdrop()
    let s = Double(scale)
    let bar = Rect(x: Self.barRect.minX * s, y: Self.barRect.minY * s, width: Self.barRect.width * s, height: Self.barRect.height * s)
    let backdrop = Self.material.backdrop
    let sigma = backdrop.blurRadius * s
    var times: [Double] = []
    var result = base
    for round in 0...runs {
      var canvas = Bitmap(width: base.width, height: base.height, pixels: Array(base.pixels))
      let t = Benchmark.milliseconds { canvas.drawBackdrop(backdrop, sigma: sigma, shape: Mask(rect: bar)) }
      if round > 0 {
        times.append(t)
        progress("round \(round)/\(runs): material \(Benchmark.format(t)) ms")
      }
      result = canvas
    }
    let report = Report(
      scale: scale, bar: [Int(bar.minX), Int(bar.minY), Int(bar.width), Int(bar.height)], sigma: sigma,
      saturation: backdrop.saturation, tint: Self.material.tint.description, milliseconds: Quantiles(times))
    return (report, base, result)
  }
}
