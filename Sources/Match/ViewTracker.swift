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
    // most of it is on screen below the status bar; the latest of equals (a view at rest).
    func visible(_ p: ViewPlacement) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
      let r = p.rect
      let x0 = max(0, Int((r.minX * scale - margin).rounded(.down))), y0 = max(rows.lowerBound, Int((r.minY * scale - margin).rounded(.down)))
      let x1 = min(w, Int((r.maxX * scale + margin).rounded(.up))), y1 = min(rows.upperBound, Int((r.maxY * scale + margin).rounded(.up)))
      return (x0, y0, x1, y1)
    }
    var best: (frame: Int, area: Int)? = nil
    for (n, p) in placements.enumerated() {
      guard let p else { continue }
      let v = visible(p)
      let area = max(0, v.x1 - v.x0) * max(0, v.y1 - v.y0)
      if area > 0, area >= (best?.area ?? 0) { best = (n, area) }
    }
    guard let best, best.area >= 64 else { throw .track(view.name, reason: "the view is never on screen in the spec") }
    let p = placements[best.frame]!
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
  func locate(in frame: TemplateTracker.Frame) -> (center: Point, score: Double)? {
    guard let m = tracker.find(in: frame, xs: xs, ys: ys, rows: rows) else { return nil }
    return (Point((m.x - offset.x) / scale, (m.y - offset.y) / scale), m.score)
  }
}
