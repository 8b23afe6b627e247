import Foundation
import Scene
import Stage
import Testing

/// T5's status bar turns light in a short crossfade at the transition's start (0.25 s,
/// easeInOut, as UIKit animates a status bar appearance change), not over the whole 0.4 s
/// presentation: on main, at 0.5 s (0.2 s in) the dark and light "9:41" were at 0.32 and 0.68,
/// one grey ghost over the shrinking card. Expected values from the timing alone: the incoming
/// content's opacity is easeInOut(t / 0.25) at t seconds into the transition (Core Animation's
/// (0.42, 0, 0.58, 1), by bisection in `Independent.cubic`), 1 from 0.25 s; the outgoing one is
/// its complement. The scene's keyframes sample that curve every 0.025 s in p, so between
/// them the value is within 0.01 of the curve.
@Suite("T5 and T7: the status bar crossfades early and short")
struct StatusBarCrossfadeTests {
  @Test(arguments: [nil, "dismiss"] as [String?])
  func statusBarFollowsAShortEaseInOut(variant: String?) throws {
    let doc = try Catalog.load("t5-card-presentation", variant: variant)
    let clip = try Clip(document: doc, scale: 1)
    let start = 0.3  // hold before
    // The presentation turns it light (compose's), the dismissal back to dark (home's).
    let (incoming, outgoing) = variant == nil ? ("compose", "home") : ("home", "compose")
    var checked = 0
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      let t = s.time - start
      guard t > 0 && t < 0.4 else { continue }
      let expected = t >= 0.25 ? 1 : Independent.cubic(0.42, 0, 0.58, 1, at: t / 0.25)
      let fadingIn = try #require(s.number("\(incoming).statusBar.content", .opacity), "frame \(n)")
      let fadingOut = try #require(s.number("\(outgoing).statusBar.content", .opacity), "frame \(n)")
      #expect(abs(fadingIn - expected) < 0.01, "frame \(n), t \(t): \(fadingIn) vs \(expected)")
      #expect(abs(fadingOut - (1 - expected)) < 0.01, "frame \(n), t \(t): \(fadingOut) vs \(1 - expected)")
      checked += 1
    }
    #expect(checked >= 20)
  }

  /// T7's tab switch turns the status bar from the Photos grid's light ink to For You's dark
  /// one by the same rule, not with the 0.4 s easeInEaseOut screen fade: 0.4 s in after a
  /// 0.4 s hold, the same expected curve in t.
  @Test func t7TabSwitchTurnsItEarly() throws {
    let doc = try Catalog.load("t7-tab-crossfade")
    let clip = try Clip(document: doc, scale: 1)
    let start = 0.4  // hold before
    var checked = 0
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      let t = s.time - start
      guard t > 0 && t < 0.4 else { continue }
      let expected = t >= 0.25 ? 1 : Independent.cubic(0.42, 0, 0.58, 1, at: t / 0.25)
      let dark = try #require(s.number("forYou.statusBar.content", .opacity), "frame \(n)")
      let light = try #require(s.number("library.statusBar.content", .opacity), "frame \(n)")
      #expect(abs(dark - expected) < 0.01, "frame \(n), t \(t): \(dark) vs \(expected)")
      #expect(abs(light - (1 - expected)) < 0.01, "frame \(n), t \(t): \(light) vs \(1 - expected)")
      checked += 1
    }
    #expect(checked >= 20)
  }
}
