import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// T6: popping to a large-title screen, "Albums" slides in whole with the list (the seed's
/// parallax: the list starts at x = -W / 2 and moves with p), not revealed late as the bar
/// grows from 44 to 96 pt. Checked on pixels: the title's ink in a mid-swipe frame is the
/// final frame's ink moved by -W / 2 (1 - p), column for column, left of the leaving page.
@Suite("T6: the incoming large title slides in with its list")
struct LargeTitleSwipeBackTests {
  @Test func albumsTitleMovesWithTheList() throws {
    let doc = try Catalog.load("t6-full-page-swipe-back")
    let clip = try Clip(document: doc, scale: 1)
    let W = doc.canvas.size.width
    // The large title's row: the bar at y = 47, its title 47 ... 88 inside it (34 pt bold).
    let band = 94..<135
    func inkColumns(_ b: Bitmap, below limit: Int) -> Set<Int> {
      var out = Set<Int>()
      for x in 0..<min(limit, b.width) where band.contains(where: { b.pixel(x: x, y: $0).r < 110 }) { out.insert(x) }
      return out
    }
    let last = clip.bitmap(frame: clip.frameCount - 1)
    let rest = inkColumns(last, below: Int(W))
    #expect(rest.min().map { $0 >= 16 && $0 <= 20 } == true, "title starts at the 16 pt margin: \(rest.min() ?? -1)")
    var checked = 0
    for n in stride(from: 0, to: clip.frameCount, by: 3) {
      let s = clip.timeline.state(frame: n)
      let p = s.progress
      guard p > 0.3 && p < 0.95 else { continue }
      let dx = -W / 2 * (1 - p)
      let pageLeft = W * p - 8   // the leaving page and its 4 pt shadow
      let frame = clip.bitmap(frame: n)
      let ink = inkColumns(frame, below: Int(pageLeft))
      // Where the resting title's ink lands after the shift (whole columns, ±1 for resampling).
      let expected = Set(rest.compactMap { x -> Int? in
        let v = Int((Double(x) + dx).rounded())
        return v >= 1 && Double(v) < pageLeft - 1 ? v : nil
      })
      #expect(!expected.isEmpty, "frame \(n): the title should show left of the page (p = \(p))")
      for x in expected { #expect((x - 1...x + 1).contains { ink.contains($0) }, "frame \(n) p \(p): no ink near \(x)") }
      for x in ink where x >= 1 { #expect((x - 1...x + 1).contains { expected.contains($0) || $0 <= 0 }, "frame \(n): stray ink at \(x)") }
      checked += 1
    }
    #expect(checked >= 3)
  }
}
