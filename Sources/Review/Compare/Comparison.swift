import Charts
import Geometry
import Raster
import Stage
import Text

/// Several clips side by side in one clip (a grid beyond three), on one timebase, each cell
/// labelled with what differs, optionally with overlays, slow motion, simulated refresh
/// rates, and a progress chart with a moving playhead under the grid (the curve strip).
///
/// The output runs until the longest clip's last frame; a shorter clip holds its last frame.
/// Without overlays each cell is a byte-exact copy of its clip's own picture at that instant,
/// so at speed 1 cell i of output frame n equals the clip's frame min(n, count_i - 1).
public struct Comparison: Sendable {
  public struct Cell: Sendable {
    public var clip: any Reviewable
    /// What differs, e.g. "dampingRatio 0.8" or "60 Hz".
    public var label: String
    /// Which instants the cell shows (speed, refresh rate).
    public var sampling: Sampling
  }

  public let cells: [Cell]
  /// The overlays of each cell: the same for all, except that a caption's second line says
  /// what the cell varies when there are several cells.
  public let overlays: [OverlaySet]
  /// Output frames per second.
  public let fps: Double
  /// Output frames.
  public let frameCount: Int
  public let grid: GridComposer
  /// The chart under the grid (nil without `curveStrip`).
  public let strip: ProgressChart?
  /// The companion chart (a standalone picture of the same series).
  public let chart: ProgressChart
  public let width: Int, height: Int

  /// The longest cell label, in Unicode scalars (a 120,000-character label took 7.2 s to
  /// lay out; a cell shows about 60).
  public static let maxLabelLength = 1_000

  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    case sizesDiffer(String, String)
    case noClips
    case refreshCount(rates: Int, clips: Int)
    /// A cell's label longer than `maxLabelLength` (its length in Unicode scalars).
    case labelTooLong(length: Int)

    public var description: String {
      switch self {
      case .sizesDiffer(let a, let b): return "variants render at different sizes (\(a) and \(b)); a comparison needs one frame size"
      case .noClips: return "nothing to compare"
      case .refreshCount(let r, let c): return "\(r) refresh rates for \(c) clips"
      case .labelTooLong(let n):
        return "a cell's label is \(n) characters; a label may have at most \(Comparison.maxLabelLength) (laying one out takes time in the square of its length)"
      }
    }
  }

  /// - Parameters:
  ///   - clips: the variants, in cell order (row-major).
  ///   - labels: what differs for each clip.
  ///   - speed: motion seconds per output second (0.25 is 4x slow motion, sampled finer).
  ///   - refreshRates: one per clip: each cell shows its clip as a display refreshing at
  ///     that rate would (holding each sample until the next); the output runs at the
  ///     highest rate.
  ///   - columns: forced column count (nil: one row up to three, then a square-ish grid).
  ///   - curveStrip: put the progress chart under the grid with a playhead.
  ///   - title: the chart's title.
  public init(
    clips: [any Reviewable], labels: [String], speed: Double = 1, refreshRates: [Double]? = nil,
    overlays: OverlaySet = OverlaySet(), columns: Int? = nil, curveStrip: Bool = false, title: String? = nil
  ) throws {
    guard let first = clips.first else { throw Problem.noClips }
    precondition(labels.count == clips.count, "one label per clip")
    for c in clips where c.pixelWidth != first.pixelWidth || c.pixelHeight != first.pixelHeight {
      throw Problem.sizesDiffer("\(first.pixelWidth)x\(first.pixelHeight)", "\(c.pixelWidth)x\(c.pixelHeight)")
    }
    if let r = refreshRates, r.count != clips.count { throw Problem.refreshCount(rates: r.count, clips: clips.count) }
    if let long = labels.first(where: { $0.unicodeScalars.count > Self.maxLabelLength }) {
      throw Problem.labelTooLong(length: long.unicodeScalars.count)
    }
    let fps = refreshRates?.max() ?? clips.map(\.fps).max()!
    self.fps = fps
    self.cells = clips.enumerated().map { i, clip in
      Cell(clip: clip, label: labels[i], sampling: Sampling(fps: fps, speed: speed, refreshRate: refreshRates?[i]))
    }
    self.overlays = labels.map { label in
      var o = overlays
      if clips.count > 1, let c = o.caption { o.caption = Caption(title: c.title, detail: label) }
      return o
    }
    let longest = clips.map(\.lastFrameTime).max()!
    // The output is a clip like any other: `ClipLimit` holds whatever --speed and --refresh
    // make of the scene's (within the limit) clip.
    let frames = (longest * fps / speed - 1e-9).rounded(.up) + 1
    var causes: [String] = []
    if speed != 1 { causes.append("--speed \(speed)") }
    if let r = refreshRates { causes.append("--refresh \(r.map { "\($0)" }.joined(separator: ","))") }
    try ClipLimit.check(frames: max(1, frames), fps: fps, cause: causes.isEmpty ? nil : causes.joined(separator: " "))
    self.frameCount = Int(max(1, frames))
    let style = ReviewStyle(scale: first.scale)
    let cellSize = overlays.decoratedSize(width: first.pixelWidth, height: first.pixelHeight, scale: first.scale)
    grid = try GridComposer(frameWidth: cellSize.width, frameHeight: cellSize.height, labels: labels, style: style, columns: columns)
    let series = zip(clips, labels).map { $0.progressSeries(label: $1) }
    let chartWidth = max(grid.layout.width, Int(640 * first.scale))
    chart = try ProgressChart(series: series, duration: longest, width: chartWidth, height: Int(300 * first.scale) & ~1, style: style.chart, title: title)
    if curveStrip {
      strip = try ProgressChart(series: series, duration: longest, width: grid.layout.width, height: Int(240 * first.scale) & ~1, style: style.chart, title: nil)
    } else {
      strip = nil
    }
    width = grid.layout.width
    height = grid.layout.height + (strip?.height ?? 0)
  }

  /// The motion time output frame `n` shows in cell `i`: the cell's sampling time, held at
  /// the clip's last frame once the clip has ended.
  public func time(ofFrame n: Int, cell i: Int) -> Double {
    let c = cells[i]
    let lastIndex = c.clip.frameCount - 1
    // At the clip's own rate and normal speed, use the clip's exact frame times.
    if c.sampling.speed == 1, c.sampling.refreshRate == nil, c.clip.fps == fps {
      return Double(min(n, lastIndex)) / fps
    }
    return min(c.sampling.time(ofFrame: n), c.clip.lastFrameTime)
  }

  /// The motion time at output frame `n` (the playhead), before any hold or refresh.
  public func playheadTime(ofFrame n: Int) -> Double {
    min(Double(n) / fps * (cells.first?.sampling.speed ?? 1), chart.duration)
  }

  /// Output frame `n`.
  public func frame(_ n: Int) throws -> Bitmap {
    var pictures: [Bitmap] = []
    for i in cells.indices {
      pictures.append(try cells[i].clip.picture(at: time(ofFrame: n, cell: i), frameNumber: n, overlays: overlays[i]))
    }
    let g = grid.compose(pictures)
    guard let strip else { return g }
    var out = Bitmap(width: width, height: height)
    out.copy(g, toX: 0, y: 0)
    out.copy(strip.render(playhead: playheadTime(ofFrame: n)), toX: 0, y: g.height)
    return out
  }
}
