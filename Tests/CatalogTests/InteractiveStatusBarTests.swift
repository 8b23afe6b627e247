import Foundation
import Scene
import Stage
import Testing

/// The status bar in an interactive pop or dismiss follows UIKit's rule, not the finger: it
/// turns to the destination's style when the pan begins, in the 0.25 s ease-in-ease-out
/// crossfade, and stays there however far the finger goes; a cancelled transition gives it
/// back to the source's style at once when the cancel has settled (docs/scene-format.md,
/// "Status bar"). On 8f85848 the ink was mixed with p: at T2's release (p 0.66) the grid's
/// light "9:41" was at 0.66 and the detail's dark one at 0.34, a grey ghost.
///
/// Expected values from the rule alone: the pan begins where UIKit's 10 pt slop is crossed,
/// at the times `Tests/Reference/gesture.py` prints (docs/catalog.md's release table: T2
/// 0.358 s, T2 `cancelling` 0.325 s, T5 pull-down 0.333 s, within a frame); the crossfade is
/// Core Animation's (0.42, 0, 0.58, 1) solved by bisection (`Independent.cubic`).
@Suite("Interactive transitions: the status bar turns when the pan begins")
struct InteractiveStatusBarTests {
  @Test(arguments: [
    ("t2-photos-drag-to-dismiss", nil, "grid", "detail", 0.358),
    ("t2-photos-drag-to-dismiss", "cancelling", "grid", "detail", 0.325),
    ("t5-card-pull-down-to-close", nil, "home", "compose", 0.333),
    ("t5-card-pull-down-to-close", "cancelling", "home", "compose", 0.333),
  ] as [(String, String?, String, String, Double)])
  func statusBarTurnsWithThePanNotWithP(scene: String, variant: String?, incoming: String, outgoing: String, began: Double) throws {
    let clip = try Clip(document: try Catalog.load(scene, variant: variant), scale: 1)
    let settle = try #require(clip.timeline.events.last { $0.kind.settle != nil })
    let cancels = settle.kind.settle?.outcome == .cancel
    #expect(cancels == (variant == "cancelling"))
    var checked = 0, heldWhileP = Set<Int>()
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      let t = s.time
      // A frame within 1/60 s of the pan's beginning depends on where in that frame it began.
      if abs(t - began) < 1.0 / 60 { continue }
      var expected = t < began ? 0 : Independent.cubic(0.42, 0, 0.58, 1, at: min(1, (t - began) / 0.25))
      if cancels && t >= settle.time { expected = 0 }
      let fadingIn = try #require(s.number("\(incoming).statusBar.content", .opacity), "frame \(n)")
      let fadingOut = try #require(s.number("\(outgoing).statusBar.content", .opacity), "frame \(n)")
      #expect(abs(fadingIn - expected) < 0.02, "\(scene) \(variant ?? "") frame \(n), t \(t): \(fadingIn) vs \(expected)")
      #expect(abs(fadingIn + fadingOut - 1) < 1e-9)
      // Once the crossfade is over, the ink is whole while the finger still moves p.
      if t > began + 0.25 && t < settle.time && s.progress > 0.05 { heldWhileP.insert(Int((s.progress * 100).rounded())) }
      checked += 1
    }
    #expect(checked > 40)
    #expect(heldWhileP.count >= 5, "the finger should move p under a whole status bar")
  }
}
