import Foundation
import Geometry
import Scene
import Stage
import Testing

/// T2: Photos hides the one-up view's chrome as the drag begins. The scene's own tracks fade
/// the toolbar, title and back button with p over [0, 0.1], replacing the navigation bar's
/// generated title fade (1 - p). Worked out by hand from the scene's numbers: the pan begins
/// after UIKit's 10 pt slop, so with the finger at y (touch down at 420)
/// p = (y - 420 - 10) / 200 and the chrome's opacity is max(0, 1 - p / 0.1): it is gone once
/// the finger is 30 pt down, while the grid's tab bar (background animator, 83 -> 0 pt) is
/// still at least 3/4 below the screen.
@Suite("T2: the detail's chrome is gone before the tab bar shows")
struct PhotosChromeTests {
  @Test func chromeFadesByTenPercent() throws {
    let doc = try Catalog.load("t2-photos-drag-to-dismiss")
    let clip = try Clip(document: doc, scale: 0.25)
    var fading = 0, gone = 0
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      guard s.phase == .tracking, let y = s.gesture?.location.y, y - 420 > 10 else { continue }
      let p = (y - 420 - 10) / 200
      #expect(abs(s.progress - p) < 1e-9)
      let expected = max(0, 1 - p / 0.1)
      for view in ["detail.toolbar", "detail.nav.title", "detail.nav.back"] {
        let o = try #require(s.number(view, .opacity), "\(view)")
        #expect(abs(o - expected) < 1e-9, "\(view) at \(s.time): \(o) vs \(expected)")
      }
      if expected > 0 && expected < 1 { fading += 1 }
      if expected == 0 {
        gone += 1
        // Gone before the tab bar has risen a quarter of its 83 pt.
        if gone == 1 { #expect(try #require(s.number("grid.tabs", .translationY)) > 83 * 0.75) }
      }
      // The back label fades where it sits (the grid's bar has no title for it to slide onto).
      #expect(s.number("detail.nav.back.label", .translationX) == 0)
    }
    #expect(fading >= 1 && gone >= 10, "fading \(fading), gone \(gone)")
    // The chrome's fades are background tracks, and the navigation bar's generated title and
    // back-button fades for the same views were replaced, not kept beside them.
    let background = try #require(doc.transition.interaction?.background?.tracks)
    for view in ["detail.toolbar", "detail.nav.title", "detail.nav.back"] {
      let own = try #require(background.first { $0.target.text == view && $0.property == .opacity }, "\(view)")
      #expect(!doc.transition.tracks.contains { $0.target == own.target && $0.property == .opacity }, "\(view)")
    }
  }

  /// Pixels: in the toolbar's row (y 761 ... 810 pt) the systemBlue icons are drawn at rest and
  /// gone at t = 0.5, where the row shows only the fading page and the grid's photos.
  @Test func toolbarIconsGoneBeforeTheTabBarShows() throws {
    let doc = try Catalog.load("t2-photos-drag-to-dismiss")
    let clip = try Clip(document: doc, scale: 1)
    func blueInk(_ t: Double) -> Int {
      let b = clip.bitmap(at: t)
      var n = 0
      for y in 770..<800 {
        for x in 0..<390 {
          let p = b.pixel(x: x, y: y)
          // systemBlue (0, 122, 255) and its anti-aliased edges over white.
          if Int(p.b) - Int(p.r) > 80 && Int(p.b) - Int(p.g) > 40 { n += 1 }
        }
      }
      return n
    }
    #expect(blueInk(0) > 100)
    #expect(blueInk(0.5) == 0)
  }

  /// The cancelling variant brings the chrome back by the same rule that hid it: the chrome
  /// follows the page's fade both ways, so in every frame its opacity is
  /// max(0, 1 - (1 - page) / 0.1) of the page's opacity (gone while the page is below 0.9,
  /// whole only when the page is). The photo's spring (0.45 s, 0.75) returns p below 0.1
  /// while the background animator still has the page faded; in those frames the chrome
  /// stays hidden (with the old rule, p, it was already showing).
  @Test func cancelBringsTheChromeBackWithThePage() throws {
    let doc = try Catalog.load("t2-photos-drag-to-dismiss", variant: "cancelling")
    let clip = try Clip(document: doc, scale: 0.25)
    var settling = 0, lagging = 0
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      let page = try #require(s.number("detail", .opacity))
      let expected = max(0, 1 - (1 - page) / 0.1)
      for view in ["detail.toolbar", "detail.nav.title", "detail.nav.back"] {
        let o = try #require(s.number(view, .opacity), "\(view)")
        #expect(abs(o - expected) < 1e-9, "\(view) at \(s.time): \(o) with the page at \(page)")
      }
      guard s.phase == .settling else { continue }
      settling += 1
      if s.progress < 0.1 && page < 0.9 {
        lagging += 1
        #expect(try #require(s.number("detail.toolbar", .opacity)) == 0)
      }
    }
    #expect(settling > 10 && lagging >= 1, "settling \(settling), p < 0.1 with the page still faded: \(lagging)")
    let end = clip.timeline.state(frame: clip.frameCount - 1)
    #expect(end.number("detail.toolbar", .opacity) == 1)
  }

  /// The tap-to-open pair: the detail's toolbar shows only while the grid's tab bar is at
  /// least half gone (translation >= 83 / 2 pt), in every frame of the push and the pop, so
  /// their icons never share the bottom row; and each ends with its own bar alone.
  @Test(arguments: ["t2-photos-push", "t2-photos-pop"])
  func toolbarAndTabBarTakeTurns(_ stem: String) throws {
    let doc = try Catalog.load(stem)
    let clip = try Clip(document: doc, scale: 0.25)
    var shown = 0
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      guard let toolbar = s.number("detail.toolbar", .opacity), let tabs = s.number("grid.tabs", .translationY) else { continue }
      if toolbar > 0 {
        shown += 1
        #expect(tabs >= 83 / 2 - 1e-9, "\(stem) frame \(n): toolbar \(toolbar) with the tab bar \(tabs) pt down")
      }
    }
    #expect(shown > 0)
    let end = clip.timeline.state(frame: clip.frameCount - 1)
    #expect(end.number("detail.toolbar", .opacity) == (stem == "t2-photos-push" ? 1 : 0))
  }
}
