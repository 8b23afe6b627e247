import Charts
import Foundation
import Geometry
import JSONText
import Raster
import Review
import Stage

/// One variant the player shows: a loaded clip and what the page calls it.
public struct PlayerVariant: Sendable {
  public var clip: Clip
  /// What differs ("base", "cancelling", "dampingRatio 0.8").
  public var label: String

  public init(clip: Clip, label: String) { self.clip = clip; self.label = label }
}

/// What the player page needs to show a set of variants on one timebase, besides the frame
/// pictures: sizes, events, metrics (Review's `ClipMetrics`), the progress at each frame, the
/// finger at each frame, and the progress chart (Review's `ProgressChart`, the one `compare`
/// draws) with the mapping from (time, progress) to its pixels, so that the page can draw a
/// playhead and event markers over it.
///
/// The page's timebase runs at the highest fps of the variants; output frame n is at
/// n / fps seconds, and each variant shows its frame at that time, holding its last frame
/// once it has ended (as `compare` does).
public struct PlayerData: Sendable {
  public let variants: [PlayerVariant]
  public let title: String
  public let fps: Double
  /// Frames on the shared timebase (the longest variant's).
  public let frameCount: Int
  public let chart: ProgressChart
  public let timebase: PlayerTimebase

  /// Pixels per point of the chart image (2: sharp on a high-density screen at its CSS size).
  public static let chartScale = 2.0

  public init(variants: [PlayerVariant], title: String) throws {
    precondition(!variants.isEmpty, "the player needs a clip")
    self.variants = variants
    self.title = title
    timebase = PlayerTimebase(variants)
    fps = timebase.fps
    frameCount = timebase.frameCount
    let longest = variants.map(\.clip.lastFrameTime).max()!
    let series = variants.map { $0.clip.progressSeries(label: $0.label) }
    let s = PlayerData.chartScale
    chart = try ProgressChart(
      series: series, duration: max(longest, 1.0 / fps), width: Int(460 * s), height: Int(250 * s),
      style: ReviewStyle(scale: s).chart, title: nil)
  }

  /// The frame of variant `v` shown at shared frame `n`.
  public func variantFrame(_ v: Int, sharedFrame n: Int) -> Int { timebase.variantFrame(v, sharedFrame: n) }

  /// The page's data: `frameURL(v, n)` names frame n of variant v (a server path or a
  /// data URL), `chartURL` the chart image. Times in seconds, sizes in pixels.
  public func json(frameURL: (Int, Int) -> String, chartURL: String, generation: Int) -> JSONValue {
    func r(_ v: Double, _ digits: Double = 1e4) -> JSONValue { .number((v * digits).rounded() / digits) }
    let origin = chart.point(t: 0, p: 0), corner = chart.point(t: chart.duration, p: 1)
    let chartJSON: JSONValue = .object([
      "src": .string(chartURL), "width": .int(chart.width), "height": .int(chart.height), "scale": .number(PlayerData.chartScale),
      "duration": r(chart.duration, 1e6), "x0": r(origin.x), "x1": r(corner.x), "y0": r(origin.y), "y1": r(corner.y),
      "plotTop": r(chart.plot.minY), "plotBottom": r(chart.plot.maxY),
      "colors": .array(variants.indices.map { .string(chart.style.color($0).hexString) }),
    ])
    let variantsJSON: [JSONValue] = variants.enumerated().map { v, variant in
      let clip = variant.clip
      let scale = clip.scale
      let touchUps = clip.touchUpTimes
      var touches: [JSONValue] = []
      var progress: [JSONValue] = []
      for n in 0..<clip.frameCount {
        let t = clip.timeline.time(ofFrame: n)
        progress.append(r(clip.progress(at: t)))
        let state = TouchState.at(t, location: clip.finger(at:), touchUps: touchUps)
        let alpha = TouchIndicator(scale: scale).opacity(state)
        switch state {
        case .down(let p), .lifted(let p, _):
          touches.append(alpha > 0 ? .array([r(p.x * scale, 100), r(p.y * scale, 100), r(alpha, 1000)]) : .null)
        case .none: touches.append(.null)
        }
      }
      let indicator = TouchIndicator(scale: scale)
      let device = DeviceFrame(scale: scale)
      return .object([
        "label": .string(variant.label),
        "width": .int(clip.pixelWidth), "height": .int(clip.pixelHeight), "scale": .number(scale),
        "fps": .number(clip.fps), "frameCount": .int(clip.frameCount),
        "frames": .array((0..<clip.frameCount).map { .string(frameURL(v, $0)) }),
        "events": .array(clip.events.map { e in
          .object(["kind": .string(e.kind.name), "time": r(e.time, 1e6), "frame": .int(e.frame)])
        }),
        "metrics": ClipMetrics(clip).json,
        "spec": variant.specJSON,
        "progress": .array(progress),
        "touches": .array(touches),
        "touchDiameter": r(indicator.diameter * scale, 100),
        "screenCornerRadius": r(device.screenCornerRadius * scale, 100),
        "bezel": r(device.bezel * scale, 100),
      ])
    }
    return .object([
      "title": .string(title), "generation": .int(generation),
      "fps": .number(fps), "frameCount": .int(frameCount),
      "chart": chartJSON, "variants": .array(variantsJSON),
    ])
  }
}

/// The page's timebase for a set of variants, without the rest of the page's data: the highest
/// fps of the variants, and frames on it (the longest variant's). Shared frame n is at n / fps
/// seconds; each variant shows its frame at that time, holding its last frame once it has ended.
public struct PlayerTimebase: Sendable {
  public let fps: Double
  /// Frames on the shared timebase.
  public let frameCount: Int
  /// Each variant's fps and frame count.
  let variants: [(fps: Double, frameCount: Int)]

  public init(_ variants: [PlayerVariant]) {
    precondition(!variants.isEmpty, "the player needs a clip")
    fps = variants.map(\.clip.fps).max()!
    let longest = variants.map(\.clip.lastFrameTime).max()!
    frameCount = Int((longest * fps + 1e-9).rounded(.down)) + 1
    self.variants = variants.map { ($0.clip.fps, $0.clip.frameCount) }
  }

  /// The frame of variant `v` shown at shared frame `n`.
  public func variantFrame(_ v: Int, sharedFrame n: Int) -> Int {
    let clip = variants[v]
    if clip.fps == fps { return min(n, clip.frameCount - 1) }
    return min(Int((Double(n) / fps * clip.fps + 1e-9).rounded(.down)), clip.frameCount - 1)
  }
}

extension Color {
  /// "#RRGGBB" (alpha dropped), for the page's CSS.
  var hexString: String {
    func b(_ v: Double) -> String { String(format: "%02X", Int((min(max(v, 0), 1) * 255).rounded())) }
    return "#" + b(red) + b(green) + b(blue)
  }
}
