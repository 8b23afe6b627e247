import Foundation
import Geometry
import Raster
import Testing
@testable import Review

/// Every pixel outside `area` is the same in `a` and `b`.
func unchangedOutside(_ area: PixelRect?, _ a: Bitmap, _ b: Bitmap) -> Bool {
  guard a.width == b.width, a.height == b.height else { return false }
  for y in 0..<a.height {
    for x in 0..<a.width where !(area?.contains(x: x, y: y) ?? false) {
      let i = (y * a.width + x) * 4
      if a.pixels[i..<i + 4] != b.pixels[i..<i + 4] { return false }
    }
  }
  return true
}

@Suite struct OverlayTests {
  let base = syntheticFrame(width: 195, height: 422, n: 5)

  @Test func touchDotAppearsAtTheFingerAndNowhereElse() {
    var f = base
    let area = TouchIndicator(scale: 0.5).draw(.down(Point(200, 480)), on: &f)
    preview(f, "touch")
    // (200, 480) pt at 0.5 px/pt is pixel (100, 240).
    #expect(f.pixel(x: 100, y: 240) != base.pixel(x: 100, y: 240))
    let a = try! #require(area)
    // 44 pt across at 0.5 px/pt: 11 px radius plus the ring's reach.
    #expect(a.x >= 100 - 14 && a.maxX <= 100 + 15 && a.y >= 240 - 14 && a.maxY <= 240 + 15)
    #expect(unchangedOutside(a, f, base))
    // A pixel well outside the dot is untouched.
    #expect(f.pixel(x: 60, y: 240) == base.pixel(x: 60, y: 240))
  }

  @Test func theDotFadesAfterRelease() {
    let t = TouchIndicator(scale: 1)
    #expect(t.opacity(.down(.zero)) == 1)
    #expect(abs(t.opacity(.lifted(.zero, elapsed: 0.15)) - 0.5) < 1e-12)
    #expect(t.opacity(.lifted(.zero, elapsed: 0.3)) == 0)
    var f = base
    #expect(t.draw(.lifted(Point(50, 50), elapsed: 0.31), on: &f) == nil)
    #expect(f == base)
    var half = base, full = base
    t.draw(.lifted(Point(100, 200), elapsed: 0.15), on: &half)
    t.draw(.down(Point(100, 200)), on: &full)
    // At the centre, white at 50 % times opacity over the frame: the half-faded dot lies
    // between the frame and the full dot.
    let b0 = Int(base.pixel(x: 100, y: 200).b), bh = Int(half.pixel(x: 100, y: 200).b), bf = Int(full.pixel(x: 100, y: 200).b)
    #expect(b0 < bh && bh < bf)
    // The centre pixel is fully inside the fill and clear of the ring. Raster premultiplies
    // white at alpha a to round(255 a) in every channel (halves away from zero) and
    // composites source-over as S + round(D (255 - Sa) / 255):
    // full dot, a = 0.5: S = 128, so b = 128 + round(b0 * 127 / 255);
    // half faded, a = 0.25: S = round(63.75) = 64, so b = 64 + round(b0 * 191 / 255).
    #expect(bf == 128 + (b0 * 127 + 127) / 255)
    #expect(bh == 64 + (b0 * 191 + 127) / 255)
  }

  @Test func touchStateFollowsTheScript() {
    // Finger down from 0.3 s to 0.62 s, moving straight down from y = 420 at 500 pt/s.
    func location(_ t: Double) -> Point? { (0.3..<0.62).contains(t) ? Point(195, 420 + (t - 0.3) * 500) : nil }
    #expect(TouchState.at(0.1, location: location, touchUps: [0.62]) == .none)
    #expect(TouchState.at(0.4, location: location, touchUps: [0.62]) == .down(Point(195, 470)))
    let lifted = TouchState.at(0.72, location: location, touchUps: [0.62])
    guard case .lifted(let p, let e) = lifted else { Issue.record("expected lifted, got \(lifted)"); return }
    #expect(abs(p.y - 580) < 1e-3 && abs(e - 0.1) < 1e-12)
    #expect(TouchState.at(0.93, location: location, touchUps: [0.62]) == .none)
  }

  @Test func timecodeAndCaptionStayInTheirBand() throws {
    var f = base
    let o = InfoOverlay(scale: 0.5)
    let area = try o.draw(caption: ("T2 Photos drag to dismiss", "complete spring 0.37 s, dampingRatio 0.9"),
                          timecode: InfoOverlay.timecode(seconds: 0.4167, frame: 25), on: &f)
    preview(f, "caption")
    let a = try #require(area)
    #expect(unchangedOutside(a, f, base))
    // The band sits above the home-indicator inset: (34 + 52) pt * 0.5 from the bottom.
    #expect(a.y == 422 - 17 - 26 && a.height == 26)
    #expect(f.pixel(x: a.x + a.width / 2, y: a.y + a.height / 2) != base.pixel(x: a.x + a.width / 2, y: a.y + a.height / 2))
    #expect(InfoOverlay.timecode(seconds: 0.4167, frame: 25) == "0.417 s  frame 25")
  }

  @Test func deviceOutlineKeepsTheScreenAndRoundsItsCorners() {
    let d = DeviceFrame(scale: 0.5)
    let out = d.wrap(base)
    preview(out, "device")
    // (16 + 12) pt at 0.5 px/pt = 14 px on every side: 195 + 28 = 223 -> 224 (even); 422 + 28 = 450.
    #expect(out.width == 224 && out.height == 450)
    let o = d.screenOrigin()
    #expect(o.x == 14 && o.y == 14)
    // The screen's middle is copied exactly.
    let mid = PixelRect(x: 30, y: 30, width: 135, height: 362)
    #expect(out.cropped(to: PixelRect(x: o.x + mid.x, y: o.y + mid.y, width: mid.width, height: mid.height)) == base.cropped(to: mid))
    // The screen's corner arc (radius 47.33 * 0.5 = 23.67 px) and the bezel's outer arc
    // (23.67 + 6 px, then 1 px of edge) share the centre (14 + 23.67, 14 + 23.67).
    // Pixel (18, 18), centre 18.5: 19.17 * sqrt 2 = 27.1 px from it, outside the screen
    // (by 3.4 px) and inside the bezel (28.67 px): bezel colour (0.11, 0.11, 0.12) -> (28, 28, 31).
    #expect(out.pixel(x: o.x + 4, y: o.y + 4) == (28, 28, 31, 255))
    // The screen's own corner pixel (14, 14), centre 14.5: 32.7 px out, past the bezel's
    // outer edge (29.67 px): the background (0.07, 0.07, 0.08) -> (18, 18, 20).
    #expect(out.pixel(x: o.x, y: o.y) == (18, 18, 20, 255))
  }

  /// The Dynamic Island is drawn by the outline alone: an iPhone 15's capsule, 126 x 37.33 pt
  /// at (133.5, 11) (radius 18.67), at 0.5 px/pt lands at screen pixels x 66.75...129.75,
  /// y 5.5...24.17 plus the 14 px origin. Inside (clear of the round ends): black; outside:
  /// the screen's pixels unchanged; without an island the same pixels are the screen's.
  @Test func deviceOutlineDrawsTheIsland() {
    let island = Rect(x: 133.5, y: 11, width: 126, height: 112.0 / 3)
    let d = DeviceFrame(scale: 0.5, dynamicIsland: island)
    let out = d.wrap(base)
    let o = d.screenOrigin()
    for y in 6...23 { for x in 77...119 { #expect(out.pixel(x: o.x + x, y: o.y + y) == (0, 0, 0, 255), "(\(x), \(y))") } }
    for (x, y) in [(98, 3), (98, 26), (64, 15), (132, 15)] {
      #expect(out.pixel(x: o.x + x, y: o.y + y) == base.pixel(x: x, y: y), "(\(x), \(y))")
    }
    let plain = DeviceFrame(scale: 0.5).wrap(base)
    #expect(plain.pixel(x: o.x + 98, y: o.y + 15) == base.pixel(x: 98, y: 15))
    // Through the overlay set, as `--device` builds it.
    let set = OverlaySet(device: true, dynamicIsland: island)
    #expect((try? set.decorate(base, scale: 0.5, time: 0, frameNumber: 0, touch: .none)) == out)
  }
}
