import Foundation
import JSONText
import PNG
import Raster
import Review
import Stage

/// The review page `flipbook review` writes beside its bundle: the preview's player frozen
/// into one HTML file, with the clip, the progress chart, the contact sheet and the metrics
/// inside it as data. It opens from disk with no network.
///
/// The clip is carried as `PageFrames`: by default one H.264 video of the variants side by
/// side (`PageVideo`), which the page steps frame by frame; with `.png`, every distinct frame
/// as a lossless PNG, exactly `flipbook render`'s frame (identical frames, such as the holds
/// before and after the motion, stored once).
public enum ReviewPage {
  /// How the page carries the clip's frames.
  public enum PageFrames: String, CaseIterable, Sendable {
    /// One H.264 video (x264 slow, CRF 16): the page weighs about what the bundle's MP4 does.
    case video
    /// Every distinct frame as a PNG: lossless, for pixel work, several times heavier.
    case png
  }

  /// Renders every frame of `variants` on `jobs` threads and returns the page. `extraData`
  /// goes into the page's data beside the player's own fields, for the cards `player.js`'s
  /// `PANELS` add (a key the player uses is refused).
  public static func make(
    variants: [PlayerVariant], title: String, sheetPNG: [UInt8]?, frames: PageFrames = .video,
    extraData: JSONObject = .empty, jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws -> String {
    let page = try PlayerPage.load()
    let data = try PlayerData(variants: variants, title: title)
    let chart = try PNGEncoder(level: 9).encode(data.chart.render())
    var fields: JSONObject
    switch frames {
    case .png:
      let (images, refs) = try pngFrames(data, jobs: jobs)
      fields = try objectFields(data.json(frameURL: { refs[$0][$1] }, chartURL: dataURL(chart), generation: 0))
      fields["images"] = .array(images.map { .string($0) })
    case .video:
      let video = try PageVideo.encode(data, jobs: jobs)
      fields = try objectFields(data.json(frameURL: { _, _ in "" }, chartURL: dataURL(chart), generation: 0))
      // The video carries the pictures: no per-frame entries.
      if case .array(let list) = fields["variants"] {
        fields["variants"] = .array(list.map { v in
          guard case .object(var o) = v else { return v }
          o["frames"] = nil
          return .object(o)
        })
      }
      fields["video"] = video.json
    }
    fields["sheet"] = sheetPNG.map { .string(dataURL($0)) } ?? .null
    for (key, value) in extraData {
      precondition(fields[key] == nil, "the page's data already has '\(key)'")
      fields[key] = value
    }
    return page.frozen(data: .object(fields))
  }

  /// Each distinct PNG frame once, in order of first use, and per variant the reference
  /// ("=index") of each of its frames.
  static func pngFrames(_ data: PlayerData, jobs: Int) throws -> (images: [String], refs: [[String]]) {
    let items = RenderJob.order(data)
    let encoder = PNGEncoder(level: 9, strategy: .default, filter: .adaptive)
    let store = FrameStore(counts: data.variants.map(\.clip.frameCount))
    try FramePipeline(jobs: jobs).run(
      frames: 0...(items.count - 1),
      render: { k in
        let (v, n) = items[k]
        let clip = data.variants[v].clip
        return try clip.picture(at: clip.timeline.time(ofFrame: n), frameNumber: n, overlays: OverlaySet())
      },
      eachFrame: { k, bitmap in store.put(items[k].variant, items[k].frame, try encoder.encode(bitmap)) })
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
    return (images, refs)
  }

  private static func objectFields(_ value: JSONValue) throws -> JSONObject {
    guard case .object(let fields) = value else { preconditionFailure("player data is an object") }
    return fields
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
