import Raster
import Stage
import Text

/// Builds a contact sheet of a clip: which frames, their thumbnails, their captions.
public struct SheetMaker: Sendable {
  public enum Choice: Hashable, Sendable {
    /// `count` frames evenly from first to last.
    case evenly(Int)
    /// The first frame, every event (touch down, release, settle, ...) and the last frame.
    case atEvents
  }

  /// How an event is named under its frame.
  public static func name(of kind: ClipEvent.Kind) -> String? {
    switch kind {
    case .touchDown: return "touch down"
    case .release(let r) where r.cause == .touchUp: return "release"
    case .pressLift: return "release"
    case .settle: return "settle"
    case .caught: return "catch"
    case .transitionStart: return "start"
    default: return nil
    }
  }


  public var choice: Choice
  /// Thumbnail width in pixels (the frame is area-downscaled to it).
  public var thumbnailWidth: Int
  public var title: String?
  /// Thumbnails per row (nil: up to 8 in one row).
  public var columns: Int?

  public init(choice: Choice, thumbnailWidth: Int, title: String? = nil, columns: Int? = nil) {
    self.choice = choice; self.thumbnailWidth = thumbnailWidth; self.title = title; self.columns = columns
  }

  /// The frames chosen for `clip`, each with the event names that fall on it.
  public func frames(of clip: any Reviewable) -> [(frame: Int, tags: [String])] {
    var tagsByFrame: [Int: [String]] = [:]
    for e in clip.events {
      guard let name = SheetMaker.name(of: e.kind) else { continue }
      let f = min(clip.frameCount - 1, max(0, e.frame))
      if !(tagsByFrame[f]?.contains(name) ?? false) { tagsByFrame[f, default: []].append(name) }
    }
    let chosen: [Int]
    switch choice {
    case .evenly(let n):
      chosen = FrameSelection.evenly(count: n).frames(frameCount: clip.frameCount, fps: clip.fps)
    case .atEvents:
      chosen = Array(Set([0, clip.frameCount - 1] + tagsByFrame.keys)).sorted()
    }
    return chosen.map { ($0, tagsByFrame[$0] ?? []) }
  }

  /// The sheet for `clip`.
  public func render(_ clip: any Reviewable) throws -> Bitmap {
    let w = min(thumbnailWidth, clip.pixelWidth)
    let tiles = try frames(of: clip).map { f, tags in
      let t = Double(f) / clip.fps
      return ContactSheet.Tile(
        image: try clip.bitmap(at: t).areaDownscaled(width: w),
        caption: ContactSheet.timestamp(seconds: t, frame: f),
        tag: tags.isEmpty ? nil : tags.joined(separator: " · "))
    }
    return try ContactSheet(title: title, columns: columns, style: ReviewStyle(scale: 1)).render(tiles)
  }
}
