import Foundation
import PNG
import Raster
import Review
import Stage

/// The review page `flipbook review` writes beside its bundle: the preview's player frozen
/// into one HTML file, with every frame (PNG), the progress chart, the contact sheet and
/// the metrics inside it as data. It opens from disk with no network.
///
/// Frames are exactly `flipbook render`'s frames of the same clip; identical frames (the
/// holds before and after the motion) are stored once.
public enum ReviewPage {
  /// Renders every frame of `variants` on `jobs` threads and returns the page.
  public static func make(
    variants: [PlayerVariant], title: String, sheetPNG: [UInt8]?, jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws -> String {
    let page = try PlayerPage.load()
    let data = try PlayerData(variants: variants, title: title)
    let items = RenderJob.order(data)
    let encoder = PNGEncoder(level: 9, strategy: .default, filter: .adaptive)
    let store = FrameStore(counts: variants.map(\.clip.frameCount))
    try FramePipeline(jobs: jobs).run(
      frames: 0...(items.count - 1),
      render: { k in
        let (v, n) = items[k]
        let clip = data.variants[v].clip
        return try clip.picture(at: clip.timeline.time(ofFrame: n), frameNumber: n, overlays: OverlaySet())
      },
      eachFrame: { k, bitmap in store.put(items[k].variant, items[k].frame, try encoder.encode(bitmap)) })
    // Each distinct picture once, in order of first use; frames refer to it as "=index".
    var images: [String] = []
    var index: [[UInt8]: Int] = [:]
    var refs: [[String]] = []
    for frames in store.frames {
      refs.append(frames.map { png in
        let png = png!
        if let i = index[png] { return "=\(i)" }
        index[png] = images.count
        images.append(dataURL(png))
        return "=\(images.count - 1)"
      })
    }
    let chart = try PNGEncoder(level: 9).encode(data.chart.render())
    guard case .object(var fields) = data.json(frameURL: { refs[$0][$1] }, chartURL: dataURL(chart), generation: 0) else {
      preconditionFailure("player data is an object")
    }
    fields["images"] = .array(images.map { .string($0) })
    fields["sheet"] = sheetPNG.map { .string(dataURL($0)) } ?? .null
    return page.frozen(data: .object(fields))
  }

  static func dataURL(_ png: [UInt8]) -> String { "data:image/png;base64," + Data(png).base64EncodedString() }
}

/// Frames as they finish, from many threads.
private final class FrameStore: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var frames: [[[UInt8]?]]
  init(counts: [Int]) { frames = counts.map { Array(repeating: nil, count: $0) } }
  func put(_ v: Int, _ n: Int, _ png: [UInt8]) { lock.lock(); frames[v][n] = png; lock.unlock() }
}
