import Geometry
import Raster
import Stage

/// Follows one view of the scene through a recording: a patch cut from the spec frame where
/// the view shows the most of itself, searched in each recorded frame over the ground the spec
/// moves it across (and a margin for a build that overshoots further).
struct ViewTracker {
  let view: TrackedView
  let tracker: TemplateTracker
  /// The patch's top-left corner minus the view's centre, working pixels.
  let offset: Point
  /// Top-left corners to search (working pixels).
  let xs: ClosedRange<Int>, ys: ClosedRange<Int>
  let rows: Range<Int>
  let scale: Double
  /// The view's size (points) in the frame the patch was cut from.
  let patchViewSize: Size

  /// The view's placement in each spec frame (nil where it is not drawn).
  static func placements(of view: TrackedView, in clip: Clip) -> [ViewPlacement?] {
    (0..<clip.frameCount).map { n in view.quad(in: clip.layerTree(frame: n)).map(ViewPlacement.init(quad:)) }
  }

  init(view: TrackedView, spec: SpecFrames, placements: [ViewPlacement?], rows: Range<Int>) throws(MatchError) {
    self.view = view
    self.rows = rows
    let scale = spec.clip.canvas.scale
    self.scale = scale
    let w = spec.frames[0].width, h = spec.frames[0].height
    let margin = 4.0 * scale
    // The patch: the view's rectangle (plus a margin of what surrounds it) in the frame where
    // most of it is on screen between the status bar and the home indicator.
    func visible(_ p: ViewPlacement) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
      let r = p.rect
      let x0 = max(0, Int((r.minX * scale - margin).rounded(.down))), y0 = max(rows.lowerBound, Int((r.minY * scale - margin).rounded(.down)))
      let x1 = min(w, Int((r.maxX * scale + margin).rounded(.up))), y1 = min(rows.upperBound, Int((r.maxY * scale + margin).rounded(.up)))
      return (x0, y0, x1, y1)
    }
    // Among frames showing (nearly) the most of it, one where it is at rest (placed as in the
    // frame before or after: a view that only scales can fill the screen while it moves), the
    // latest such.
    let areas = placements.map { p in p.map { v -> Int in let r = visible(v); return max(0, r.x1 - r.x0) * max(0, r.y1 - r.y0) } ?? 0 }
    let most = areas.max() ?? 0
    guard most >= 64 else { throw .track(view.name, reason: "the view is never on screen in the spec") }
    func still(_ n: Int) -> Bool {
      guard let p = placements[n] else { return false }
      func same(_ q: ViewPlacement?) -> Bool {
        guard let q else { return false }
        return abs(p.center.x - q.center.x) < 0.01 && abs(p.center.y - q.center.y) < 0.01
          && abs(p.size.width - q.size.width) < 0.01 && abs(p.size.height - q.size.height) < 0.01
      }
      return (n > 0 && same(placements[n - 1])) || (n + 1 < placements.count && same(placements[n + 1]))
    }
    let candidates = areas.indices.filter { Double(areas[$0]) >= 0.999 * Double(most) }
    let best = (frame: candidates.last(where: still) ?? candidates.last!, area: most)
    let p = placements[best.frame]!
    patchViewSize = p.size
    let v = visible(p)
    let image = spec.frames[best.frame].smoothed().cropped(v.x0, v.y0, v.x1, v.y1)
    tracker = TemplateTracker(patch: image, levels: min(w, h) >= 256 ? 3 : 2)
    let offset = Point(Double(v.x0) - p.center.x * scale, Double(v.y0) - p.center.y * scale)
    self.offset = offset
    // The ground: every spec position of the patch, grown by a fifth of the travel and 12 pt.
    let corners = placements.compactMap { $0 }.map { Point($0.center.x * scale + offset.x, $0.center.y * scale + offset.y) }
    let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
    let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
    let grow = 0.2 * max(maxX - minX, maxY - minY) + 12 * scale
    xs = Int((minX - grow).rounded(.down))...Int((maxX + grow).rounded(.up))
    ys = Int((minY - grow).rounded(.down))...Int((maxY + grow).rounded(.up))
  }

  /// The view's centre in a recorded frame (points) and the match's correlation, or nil.
  /// `expectedSize` is the view's size the spec shows at about that moment: when it differs
  /// from the patch's by more than 0.5 % (a view that scales), the patch is scaled to it about
  /// the view's centre first.
  func locate(in frame: TemplateTracker.Frame, expectedSize: Size? = nil) -> (center: Point, score: Double)? {
    var t = tracker, o = offset
    if let size = expectedSize, patchViewSize.width > 0, abs(size.width / patchViewSize.width - 1) > 0.005 {
      let s = size.width / patchViewSize.width
      var scaled = TemplateTracker(patch: tracker.levels[0].resampled(scale: s), levels: tracker.levels.count)
      scaled.minimumScore = tracker.minimumScore
      t = scaled
      o = Point(offset.x * s, offset.y * s)
    }
    let grow = Int((abs(o.x - offset.x) + abs(o.y - offset.y)).rounded(.up))
    let xr = (xs.lowerBound - grow)...(xs.upperBound + grow), yr = (ys.lowerBound - grow)...(ys.upperBound + grow)
    guard let m = t.find(in: frame, xs: xr, ys: yr, rows: rows) else { return nil }
    return (Point((m.x - o.x) / scale, (m.y - o.y) / scale), m.score)
  }
}
