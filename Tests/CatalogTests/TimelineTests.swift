import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// Key frames of the shipped scenes hold the catalog's numbers: values read from the
/// simulation, checked against closed forms worked here, and pixels where geometry makes
/// them certain. Rendering happens at scale 1 to keep the suite fast.
@Suite("Catalog timelines and key frames", .serialized)
struct TimelineTests {
  func makeClip(_ stem: String, _ variant: String? = nil, scale: Double = 1) throws -> Clip {
    try Clip(document: try Catalog.load(stem, variant: variant), scale: scale)
  }

  /// The pixel at a point (in points, sampled at the pixel containing it) of a scale-1 frame.
  func rgb(_ bitmap: Bitmap, _ x: Double, _ y: Double) -> [Int] {
    let p = bitmap.pixel(x: Int(x), y: Int(y))
    return [Int(p.r), Int(p.g), Int(p.b)]
  }

  // MARK: T2

  /// The pan's translation (dx, dy) at frames 22...38 of the default T2 scene, from
  /// Tests/Reference/gesture.py (an independent Python model of the scripted finger: the
  /// monotone Fritsch–Butland cubic through (0.30, 200, 420), (0.38, 201, 436),
  /// (0.48, 206, 478), (0.58, 213, 532), (0.64, 217, 566), sampled at the 120 Hz touch tick at
  /// or before each frame time (at 60 fps the ticks land on the frames), through UIKit's 10 pt
  /// slop: the pan begins at the tick 0.3 + 7/120 s (10.21 pt from the down; the frame before is
  /// 22 / 60 = 0.3667 s), where the slop comes off each axis (dx 1.07 < 10 keeps its full
  /// value from there on, dy loses 10).
  static let t2Translations: [(frame: Int, dx: Double, dy: Double)] = [
    (22, 0.120138023978, 2.708770090846),
    (23, 0.423196263377, 6.919204926625),
    (24, 0.935991486136, 12.279396226415),
    (25, 1.666983166222, 18.709398846960),
    (26, 2.554778388981, 25.931303983229),
    (27, 3.537984239759, 33.667202830189),
    (28, 4.555207803903, 41.639186582809),
    (29, 5.549415454435, 49.588232897384),
    (30, 6.608796730573, 57.890800804829),
    (31, 7.763020618084, 66.686980382294),
    (32, 8.974552371271, 75.828507042253),
    (33, 10.205857244434, 85.167116197183),
    (34, 11.419400491873, 94.554543259557),
    (35, 12.578868278193, 103.851598617770),
    (36, 13.698778850624, 113.221849616216),
    (37, 14.804916353163, 122.708229486659),
    (38, 15.908758344053, 132.213964169102),
  ]

  @Test("T2 while tracking: p = dy / 200, s = 1 - 0.32 p, the photo moves by s x the translation")
  func t2Tracking() throws {
    let clip = try makeClip("t2-photos-drag-to-dismiss")
    let lifted = try #require(clip.timeline.state(at: 0.3 + 7.0 / 120).matched?.first?.frame)
    #expect(lifted == Rect(0, 292, 390, 260))
    // Before the pan begins (frames 18...21, the finger under 10 pt from the down) nothing moves.
    for n in 18...21 {
      let state = clip.timeline.state(frame: n)
      #expect(state.progress == 0 && state.matched == nil, "frame \(n)")
    }
    // Every frame while the finger is down, up to the last one before the release at 0.64 s.
    #expect(Self.t2Translations.map(\.frame) == Array(22...38))
    for (n, dx, dy) in Self.t2Translations {
      let state = clip.timeline.state(frame: n)
      let translation = Point(dx, dy)
      let p = min(max(translation.y / 200, 0), 1)
      let s = 1 - (1 - 0.68) * p
      #expect(abs(state.progress - p) < 1e-9, "frame \(n)")
      let g = try #require(state.gesture, "frame \(n) has no finger")
      #expect(abs(g.translation.x - translation.x) < 1e-9 && abs(g.translation.y - translation.y) < 1e-9)
      let m = try #require(state.matched?.first, "frame \(n) has no lifted photo")
      // identity.scaledBy(s, s).translatedBy(tx, ty): [s 0 0 s s*tx s*ty] about the centre.
      let T = m.transform
      #expect(abs(T.a - s) < 1e-9 && abs(T.d - s) < 1e-9 && abs(T.b) < 1e-12 && abs(T.c) < 1e-12, "frame \(n)")
      #expect(abs(T.tx - s * translation.x) < 1e-9 && abs(T.ty - s * translation.y) < 1e-9, "frame \(n)")
    }
    // The frame at 0.6333 s: dy = 132.213964 (the table), p = 0.661070, s = 0.788458; it is
    // also the release's p (the up at 0.64 s adds no sample; the seed read 0.73 at the up).
    let state = clip.timeline.state(frame: 38)
    #expect(abs(state.progress - 0.661070) < 1e-6)
    #expect(abs(state.matched!.first!.transform.a - 0.788458) < 1e-6)
    let decision = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    #expect(decision.kind.decision?.outcome == .complete)
    let released = try #require(decision.kind.decision?.progress)
    #expect(abs(released - 0.661069820846) < 1e-9)
  }

  @Test("T2 release: moving down with p > 0.1 completes; moving up cancels")
  func t2Release() throws {
    let completing = try makeClip("t2-photos-drag-to-dismiss")
    let end = completing.timeline.state(frame: completing.frameCount - 1)
    #expect(end.progress == 1 && end.phase == .done)
    let cancelling = try makeClip("t2-photos-drag-to-dismiss", "cancelling")
    // Just before the release at 0.78 s (Tests/Reference/gesture.py: the tick at 0.775 s, the
    // last move): p = 0.381289 (0.431289 less the 10 pt slop's 0.05), moving up at 256.22 pt/s.
    let atRelease = cancelling.timeline.state(at: 0.7799)
    #expect(abs(atRelease.progress - 0.381289) < 1e-6)
    #expect(abs((atRelease.gesture?.velocity.y ?? 0) - -256.220081) < 1e-5)
    let last = cancelling.timeline.state(frame: cancelling.frameCount - 1)
    #expect(last.progress == 0 && last.phase == .done)
  }

  @Test("T2's last frame is the photo grid at rest (the push scene's first frame)")
  func t2EndsOnTheGrid() throws {
    let drag = try makeClip("t2-photos-drag-to-dismiss")
    let push = try makeClip("t2-photos-push")
    let last = drag.bitmap(frame: drag.frameCount - 1)
    let grid = push.bitmap(frame: 0)
    #expect(last.width == grid.width && last.height == grid.height)
    var worst = 0
    for i in 0..<min(last.pixels.count, grid.pixels.count) {
      worst = max(worst, abs(Int(last.pixels[i]) - Int(grid.pixels[i])))
    }
    #expect(worst <= 1, "largest channel difference \(worst)")
  }

  // MARK: T1

  @Test("T1: the card follows UIKit's 0.44 s / 0.82 spring and is at rest at 0.3 + 0.44 s")
  func t1() throws {
    let clip = try makeClip("t1-modal-card")
    let start = 0.3
    for n in 0...clip.frameCount - 1 {
      let t = clip.timeline.time(ofFrame: n)
      let state = clip.timeline.state(frame: n)
      let expected = t <= start ? 0 : t >= start + 0.44 ? 1 : Independent.uikitSpring(duration: 0.44, dampingRatio: 0.82, at: t - start)
      #expect(abs(state.progress - expected) < 1e-4, "frame \(n) at \(t) s")
      let y = try #require(state.number("modal.card", .translationY))
      #expect(abs(y - 428 * (1 - state.progress)) < 1e-9)
    }
    let rest = clip.timeline.state(at: start + 0.44)
    #expect(rest.progress == 1 && rest.number("modal.card", .translationY) == 0)

    // Pixels: above the card the grid is dimmed by black at 0.4; inside the card it is white.
    let before = clip.bitmap(frame: 0), after = clip.bitmap(frame: clip.frameCount - 1)
    for (x, y) in [(60.0, 200.0), (195.0, 300.0), (330.0, 150.0)] {
      let g = rgb(before, x, y), d = rgb(after, x, y)
      for c in 0..<3 { #expect(abs(d[c] - Int((Double(g[c]) * 0.6).rounded())) <= 1, "(\(x), \(y))") }
    }
    #expect(rgb(after, 195, 808) == [255, 255, 255])
  }

  // MARK: T3

  @Test("T3: a fast flick under D / 2 completes, carrying its velocity into the spring")
  func t3Flick() throws {
    let clip = try makeClip("t3-tags-sheet")
    // Tests/Reference/gesture.py: at the last move before the lift (0.475 s) the finger is
    // 96.97 pt down, 86.97 pt past the slop (p = 0.159867) at 987.133 pt/s; y = 86.97 < D / 2.
    // The up at 0.48 s adds no sample: these are the release's numbers (the seed read 102 pt
    // and 1008.068 pt/s, p = 0.1875, from the up).
    let release = clip.timeline.state(at: 0.4799)
    let v = try #require(release.gesture?.velocity.y)
    #expect(abs(v - 987.133308) < 1e-5)
    #expect(abs(release.progress - 0.159867) < 1e-6)
    let end = clip.timeline.state(frame: clip.frameCount - 1)
    #expect(end.progress == 1)
    // The spring starts at the finger's velocity at the release: dp/dt = v / D = 1.814583
    // per second right after it.
    let a = clip.timeline.state(at: 0.48 + 1e-6).progress, b = clip.timeline.state(at: 0.48 + 1e-5).progress
    #expect(abs((b - a) / 9e-6 - 1.814583) < 0.01)
  }

  @Test("T3: a slow drag under D / 2 cancels; a second touch catches the sheet and continues")
  func t3CancelAndSecondTouch() throws {
    let cancelling = try makeClip("t3-tags-sheet", "cancelling")
    // Tests/Reference/gesture.py: 43.4977 pt/s at the last tick before the lift.
    let release = cancelling.timeline.state(at: 0.9499)
    #expect(abs((release.gesture?.velocity.y ?? .nan) - 43.497662) < 1e-5)
    #expect(cancelling.timeline.state(frame: cancelling.frameCount - 1).progress == 0)
    // Back where it started: the dimmed album list still shows above the sheet.
    let first = cancelling.bitmap(frame: 0), last = cancelling.bitmap(frame: cancelling.frameCount - 1)
    #expect(rgb(last, 195, 200) == rgb(first, 195, 200))
    #expect(rgb(last, 195, 200) != [0, 0, 0])

    let second = try makeClip("t3-tags-sheet", "second-touch")
    let springingBack = second.timeline.state(at: 0.99).progress
    #expect(springingBack < 200.0 / 544 && springingBack > 0)
    // Grabbed where it is: no jump at the second touch.
    let before = second.timeline.state(at: 0.9999).progress, after = second.timeline.state(at: 1.0001).progress
    #expect(abs(after - before) < 0.01)
    #expect(second.timeline.state(frame: second.frameCount - 1).progress == 1)
  }

  @Test("T3 scroll: the pan scrolls the list to the top before the sheet moves")
  func t3Scroll() throws {
    let clip = try makeClip("t3-tags-sheet", "scroll")
    // The finger has moved 80 and 120 pt: the list is still scrolling (offset 160).
    #expect(clip.timeline.state(at: 0.45).progress == 0)
    #expect(clip.timeline.state(at: 0.52).progress == 0)
    // Scrolled to the top when the pan's translation is 160 pt (the finger 170 pt from the
    // down, the first 10 being the slop): from there the sheet follows, p = (finger travel −
    // 10 − 160) / 544. Tests/Reference/gesture.py: at the 0.65 s tick the finger is at
    // y = 657.512146, p = 17.512146 / 544 = 0.032191445.
    #expect(abs(clip.timeline.state(at: 0.65).progress - 0.032191445) < 1e-9)
    #expect(clip.timeline.state(at: 0.70).progress > 0)
    #expect(clip.timeline.state(frame: clip.frameCount - 1).progress == 1)
  }

  @Test("T3 rubber-band: dragged up past its top the sheet moves (1 - 1/(0.55 x / 844 + 1)) 844 pt, then springs back")
  func t3RubberBand() throws {
    let clip = try makeClip("t3-tags-sheet", "rubber-band")
    // The finger goes 120 pt up and holds still from 0.6 s (its path is flat there: the last
    // two points are equal). Past the 10 pt slop that is x = 110 pt above the rest; UIScrollView's
    // rubber band over d = 844 (the screen's height), c = 0.55: b = x d c / (d + c x) = 56.453 pt.
    let x = 110.0, d = 844.0, c = 0.55
    let b = x * d * c / (d + c * x)
    #expect(abs(b - 56.453) < 1e-3)
    for t in [0.62, 0.7, 0.74] {
      let state = clip.timeline.state(at: t)
      #expect(abs(state.progress - -b / 544) < 1e-9, "\(t)")
      #expect(abs((state.number("tags.sheet", .translationY) ?? .nan) - -b) < 1e-9, "\(t)")
    }
    // Released still at 0.75 s: y = -110 < 272 and v = 0 → cancel; the 0.5 s critically damped
    // spring brings it back down to 0 (from below: p rises to 0).
    let decision = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    #expect(decision.kind.decision?.outcome == .cancel)
    let mid = clip.timeline.state(at: 0.9).progress
    #expect(mid > -b / 544 && mid < 0)
    #expect(clip.timeline.state(frame: clip.frameCount - 1).progress == 0)
    // Pixels: at 0.7 s the sheet's top edge (white) is at 300 - 56.45 = 243.55; above it the dimmed list.
    let frame = clip.bitmap(at: 0.7)
    #expect(rgb(frame, 60, 250) == [255, 255, 255])
    #expect(rgb(frame, 60, 236) != [255, 255, 255])
    // The sheet reaches below the screen: the bottom row is the sheet's white.
    #expect(rgb(frame, 195, 843) == [255, 255, 255])
  }

  // MARK: T4

  @Test("T4: p = clamp(|tx| / 200, 0.01, 0.99); the release runs on at normal speed")
  func t4() throws {
    let clip = try makeClip("t4-reveal-push")
    // The pan begins once the finger is 10 pt in (the tick 0.3 + 4/120 s, Tests/Reference/
    // gesture.py), at the 0.01 floor; before it the transition has not started.
    #expect(clip.timeline.state(at: 0.3).progress == 0)
    #expect(clip.timeline.state(at: 0.3 + 3.0 / 120).progress == 0)
    #expect(abs(clip.timeline.state(at: 0.3 + 4.0 / 120).progress - 0.01) < 1e-9)
    // At 0.6 s the finger is 108 pt in: (108 − 10) / 200.
    #expect(abs(clip.timeline.state(at: 0.6).progress - 98.0 / 200) < 1e-9)
    // Tests/Reference/gesture.py: the finger's x at the last move before the lift gives 0.656821.
    let released = clip.timeline.state(at: 0.7999).progress
    #expect(abs(released - 0.656821) < 1e-6)
    // Forward at speed 1 from time offset p x 1 s: done (1 - p) s after the release.
    let done = 0.8 + (1 - 0.656821)
    #expect(clip.timeline.state(at: done - 0.03).progress < 1)
    #expect(clip.timeline.state(at: done + 0.02).progress == 1)
    let cancelling = try makeClip("t4-reveal-push", "cancelling")
    #expect(cancelling.timeline.state(frame: cancelling.frameCount - 1).progress == 0)
  }

  // MARK: T5

  @Test("T5: presented, the presenting screen is at 0.9 scale under a 0.7 dim; pixels around it are black")
  func t5() throws {
    let clip = try makeClip("t5-card-presentation")
    let end = clip.timeline.state(frame: clip.frameCount - 1)
    #expect(end.number("home", .scale) == 0.9 && end.number("home", .dimming) == 0.7)
    // easeOut over 0.4 s from 0.3 s.
    for t in stride(from: 0.32, to: 0.7, by: 0.05) {
      let expected = Independent.cubic(0, 0, 0.58, 1, at: (t - 0.3) / 0.4)
      #expect(abs(clip.timeline.state(at: t).progress - expected) < 1e-5, "\(t)")
    }
    let frame = clip.bitmap(frame: clip.frameCount - 1)
    // Scaled 0.9 about its centre the home screen spans y 42.2... and x 19.5...370.5.
    #expect(rgb(frame, 5, 20) == [0, 0, 0])
    #expect(rgb(frame, 195, 38) == [0, 0, 0])
    // Its white status bar under black at 0.7: 255 x 0.3 = 76.5.
    for c in rgb(frame, 195, 46) { #expect(abs(c - 77) <= 1) }

    let pull = try makeClip("t5-card-pull-down-to-close")
    // The finger nudges up first (reset), so p counts from where it turned: the last tick
    // that reset is at y = 285.022827 (Tests/Reference/gesture.py), p = 0.346318858.
    #expect(abs(pull.timeline.state(at: 0.7).progress - 0.346318858) < 1e-8)
    #expect(pull.timeline.state(frame: pull.frameCount - 1).progress == 1)
    let cancel = try makeClip("t5-card-pull-down-to-close", "cancelling")
    #expect(cancel.timeline.state(frame: cancel.frameCount - 1).progress == 0)
  }

  // MARK: T6

  @Test("T6: the list starts at -width / 2; the leaving page casts its shadow on the left")
  func t6() throws {
    let clip = try makeClip("t6-full-page-swipe-back")
    #expect(clip.timeline.state(frame: 0).number("albums", .translationX) == -195)
    // At 0.55 s the finger is 98 pt right of the down: (98 − 10) / 390.
    let state = clip.timeline.state(at: 0.55)
    let p = 88.0 / 390
    #expect(abs(state.progress - p) < 1e-9)
    let edge = 390 * p
    #expect(abs((state.number("album", .translationX) ?? .nan) - edge) < 1e-9)
    let frame = clip.bitmap(at: 0.55)
    // Left of the page edge, over the list's white large-title bar: shadowed near the edge,
    // plain white 12 pt away.
    #expect(rgb(frame, edge - 1.5, 120).allSatisfy { $0 < 235 })
    #expect(rgb(frame, edge - 14, 120) == [255, 255, 255])
    #expect(clip.timeline.state(frame: clip.frameCount - 1).progress == 1)
    let cancelling = try makeClip("t6-full-page-swipe-back", "cancelling")
    #expect(cancelling.timeline.state(frame: cancelling.frameCount - 1).progress == 0)
  }

  // MARK: T8

  @Test("T8: the player's top follows the finger 1:1 while tracking, 10 pt behind (the slop)")
  func t8() throws {
    let clip = try makeClip("t8-pull-up-player")
    // Tests/Reference/gesture.py: p at the ticks 0.4, 0.5, 0.6, 0.7 s.
    for (t, p) in [(0.4, 0.058770392), (0.5, 0.153144115), (0.6, 0.272596844), (0.7, 0.380293598)] {
      let state = clip.timeline.state(at: t)
      #expect(abs(state.progress - p) < 1e-8, "\(t)")
      let finger = try #require(state.gesture).location
      let top = try #require(state.number("player", .translationY))
      // The mini bar's top is 23 pt above the down point; the pan began 10 pt up.
      #expect(abs(top - (finger.y - 13)) < 1e-6, "\(t)")
    }
    #expect(clip.timeline.state(frame: clip.frameCount - 1).progress == 1)
    let cancelling = try makeClip("t8-pull-up-player", "cancelling")
    #expect(cancelling.timeline.state(frame: cancelling.frameCount - 1).progress == 0)
  }
}
