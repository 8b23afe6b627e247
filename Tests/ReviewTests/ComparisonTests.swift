import Geometry
import Raster
import Testing
@testable import Review

@Suite struct ComparisonTests {
  let clips: [SyntheticClip] = [SyntheticClip(frameCount: 40, hue: 0), SyntheticClip(frameCount: 61, hue: 1), SyntheticClip(frameCount: 50, hue: 2)]

  @Test func cellsAreTheClipsOwnFramesOnTheLongestTimebase() throws {
    let c = try Comparison(clips: clips, labels: ["a", "b", "c"])
    #expect(c.fps == 60 && c.frameCount == 61)
    for n in [0, 17, 39, 45, 60] {
      let out = try c.frame(n)
      for i in 0..<3 {
        let own = min(n, clips[i].frameCount - 1)
        #expect(out.cropped(to: c.grid.layout.frame(i)) == (try clips[i].bitmap(at: Double(own) / 60)), "frame \(n) cell \(i)")
      }
    }
  }

  @Test func slowMotionSamplesFinerInstants() throws {
    let c = try Comparison(clips: [clips[1]], labels: ["b"], speed: 0.25)
    // 61 frames end at 1 s; at 0.25 speed that takes 4 s: 241 frames at 60 fps.
    #expect(c.frameCount == 241)
    #expect(abs(c.time(ofFrame: 1, cell: 0) - 1.0 / 240) < 1e-12)
    #expect(abs(c.time(ofFrame: 100, cell: 0) - 100.0 / 240) < 1e-12)
    // Frame 100 shows t = 0.41667 s: block at x = round(41.667) = 42.
    let out = try c.frame(100).cropped(to: c.grid.layout.frame(0))
    #expect(out.pixel(x: 42, y: 11) == (255, 255, 255, 255))
    #expect(out.pixel(x: 41, y: 11) != (255, 255, 255, 255))
  }

  @Test func refreshColumnsHoldTheirSamples() throws {
    let c = try Comparison(clips: [clips[1], clips[1], clips[1]], labels: ["120 Hz", "60 Hz", "30 Hz"], refreshRates: [120, 60, 30])
    #expect(c.fps == 120)
    // Output frame 5 is at 5/120 s; a 60 Hz display shows its sample from 2/60 s, 30 Hz from 1/30 s.
    #expect(abs(c.time(ofFrame: 5, cell: 0) - 5.0 / 120) < 1e-12)
    #expect(abs(c.time(ofFrame: 5, cell: 1) - 2.0 / 60) < 1e-12)
    #expect(abs(c.time(ofFrame: 5, cell: 2) - 1.0 / 30) < 1e-12)
    // 1 s at 120 fps: 121 frames.
    #expect(c.frameCount == 121)
  }

  @Test func overlaysChangeOnlyTheirArea() throws {
    let plain = try Comparison(clips: [clips[1]], labels: ["b"])
    let touched = try Comparison(clips: [clips[1]], labels: ["b"], overlays: OverlaySet(touches: true))
    // Frame 24 (0.4 s): the finger is at (40, 30) pt = px at scale 1.
    let a = try plain.frame(24), b = try touched.frame(24)
    let r = plain.grid.layout.frame(0)
    #expect(a.pixel(x: r.x + 40, y: r.y + 30) != b.pixel(x: r.x + 40, y: r.y + 30))
    let dot = PixelRect(x: r.x + 40 - 25, y: r.y + 30 - 25, width: 51, height: 51)
    #expect(unchangedOutside(dot, a, b))
    // Frame 0: no finger, no dot.
    #expect(try plain.frame(0) == (try touched.frame(0)))
  }

  @Test func theCurveStripSitsUnderTheGridWithAPlayhead() throws {
    let c = try Comparison(clips: clips, labels: ["a", "b", "c"], curveStrip: true, title: "t")
    let strip = try #require(c.strip)
    #expect(c.height == c.grid.layout.height + strip.height)
    let f = try c.frame(30)
    preview(f, "compare-strip")
    let below = f.cropped(to: PixelRect(x: 0, y: c.grid.layout.height, width: c.width, height: strip.height))
    #expect(below == strip.render(playhead: 0.5))
    #expect(below != strip.render(playhead: 0.25))
  }

  @Test func differentSizesAreRefused() {
    #expect(throws: Comparison.Problem.self) {
      try Comparison(clips: [SyntheticClip(), SyntheticClip(pixelWidth: 90)], labels: ["a", "b"])
    }
  }
}

@Suite struct MetricsAndSheetTests {
  @Test func metricsReadTheEventsAndMeasureOvershoot() {
    let m = ClipMetrics(SyntheticClip(overshoot: 0.05))
    #expect(m.releaseTime == 0.6 && m.releaseVelocity == Point(0, 420) && m.releaseProgress == 0.3)
    #expect(m.decision?.rawValue == "complete" && m.settleTime == 0.9)
    #expect(abs(m.settleDuration! - 0.3) < 1e-12)
    // The synthetic curve peaks at exactly 1.05 at 0.75 s.
    #expect(abs(m.overshoot - 0.05) < 1e-6)
    #expect(abs(m.overshootTime! - 0.75) < 1.5e-3)
    #expect(ClipMetrics(SyntheticClip(overshoot: 0)).overshoot == 0)
  }

  @Test func sheetAtEventsTakesFirstEventsAndLast() {
    let f = SheetMaker(choice: .atEvents, thumbnailWidth: 40).frames(of: SyntheticClip())
    #expect(f.map(\.frame) == [0, 18, 36, 54, 60])
    #expect(f.map(\.tags) == [[], ["touch down"], ["release"], ["settle"], []])
  }

  @Test func sheetEvenlyTagsFramesThatHitEvents() throws {
    let maker = SheetMaker(choice: .evenly(6), thumbnailWidth: 40, title: "synthetic")
    let f = maker.frames(of: SyntheticClip())
    #expect(f.map(\.frame) == [0, 12, 24, 36, 48, 60])
    #expect(f[3].tags == ["release"])
    let sheet = try maker.render(SyntheticClip())
    preview(sheet, "synthetic-sheet")
    #expect(sheet.width > 6 * 40)
  }
}
