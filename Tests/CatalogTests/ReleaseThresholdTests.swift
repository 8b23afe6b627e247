import Foundation
import Geometry
import Scene
import Stage
import Testing

/// The catalog's release rules decided at their exact thresholds, through the shipped scenes
/// (their mapping, rule and the default 10 pt slop) with the gesture replaced by a straight
/// drag worked by hand.
///
/// The drag: down at 0.3 s, up `duration` + 0.005 s later, the finger moving in a straight
/// line at constant speed, so the 120 Hz moves lie on the line and every velocity interval is
/// that speed. The last move is the tick `duration` after the down (the next tick is within
/// 1 ms of the up and is dropped); the up adds no sample (UIKit's touchesEnded), so the release
/// reads the finger `moved` points from the down at `moved / duration` pt/s, and UIKit's 10 pt
/// slop makes the translation `moved − 10`. The up point itself is 5 % further on (a model that
/// counted it would decide differently at every threshold below).
@Suite("Release decisions at the catalog's thresholds (hand-worked UIKit values)")
struct ReleaseThresholdTests {
  struct Drag {
    var from: Point
    /// Unit direction of the drag.
    var direction: Point
    /// Points from the down at the last move.
    var moved: Double
    /// Seconds from the down to the last move (a whole number of 120 Hz ticks).
    var duration: Double

    var gesture: String {
      let up = from + direction * (moved * (duration + 0.005) / duration)
      func p(_ q: Point) -> String { "[\(q.x), \(q.y)]" }
      return "transition.interactive.gesture=[{at: 0.3, touch: down, point: \(p(from))}, "
        + "{at: \(0.3 + duration + 0.005), touch: up, point: \(p(up))}]"
    }
  }

  /// The decision event's outcome, p and axis velocity.
  func release(_ stem: String, _ drag: Drag) throws -> (decision: String, progress: Double, velocity: Double) {
    let clip = try Clip(document: try Catalog.load(stem, sets: [drag.gesture]), scale: 1)
    let e = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    let d = try #require(e.kind.decision)
    return (d.outcome.rawValue, d.progress, d.velocity)
  }

  static let down = Point(0, 1), right = Point(1, 0), left = Point(-1, 0)

  // T2: complete when velocity.y > 0 and p > 0.1, p = y / 200: the pan must move 30 pt
  // (20 pt past the slop). At 300 pt/s (0.1 s).
  @Test func t2() throws {
    for (moved, expected) in [(30.02, "complete"), (29.98, "cancel")] {
      let r = try release("t2-photos-drag-to-dismiss", Drag(from: Point(200, 420), direction: Self.down, moved: moved, duration: 0.1))
      #expect(r.decision == expected, "moved \(moved)")
      #expect(abs(r.progress - (moved - 10) / 200) < 1e-9)
      #expect(abs(r.velocity - moved / 0.1) < 1e-6)
    }
  }

  // T3: complete when v > 300 or (y > D / 2 = 272 and v > −300). Velocity: 30 pt in 0.1 s is
  // 300 pt/s with y = 20; distance: 282 pt in 1 s (282 pt/s) is y = 272.
  @Test func t3() throws {
    for (moved, duration, expected) in [(30.01, 0.1, "complete"), (29.99, 0.1, "cancel"), (282.01, 1.0, "complete"), (281.99, 1.0, "cancel")] {
      let r = try release("t3-tags-sheet", Drag(from: Point(195, 380), direction: Self.down, moved: moved, duration: duration))
      #expect(r.decision == expected, "moved \(moved) in \(duration) s")
      #expect(abs(r.velocity - moved / duration) < 1e-6)
      #expect(abs(r.progress - (moved - 10) / 544) < 1e-9)
    }
  }

  // T4: complete when p = clamp(|x| / 200, 0.01, 0.99) >= 0.5: 110 pt either way (0.5 s).
  @Test func t4() throws {
    for direction in [Self.right, Self.left] {
      for (moved, expected) in [(110.02, "complete"), (109.98, "cancel")] {
        let r = try release("t4-reveal-push", Drag(from: Point(200, 420), direction: direction, moved: moved, duration: 0.5))
        #expect(r.decision == expected, "moved \(moved) along \(direction)")
        #expect(abs(r.progress - (moved - 10) / 200) < 1e-9)
      }
    }
  }

  // T5 pull-down: complete when p = y / 794 >= 0.4: 317.6 + 10 = 327.6 pt (0.5 s).
  @Test func t5() throws {
    for (moved, expected) in [(327.62, "complete"), (327.58, "cancel")] {
      let r = try release("t5-card-pull-down-to-close", Drag(from: Point(195, 300), direction: Self.down, moved: moved, duration: 0.5))
      #expect(r.decision == expected, "moved \(moved)")
      #expect(abs(r.progress - (moved - 10) / 794) < 1e-9)
    }
  }

  // T6: complete when p = x / 390 >= 0.4: 156 + 10 = 166 pt (0.5 s).
  @Test func t6() throws {
    for (moved, expected) in [(166.02, "complete"), (165.98, "cancel")] {
      let r = try release("t6-full-page-swipe-back", Drag(from: Point(100, 520), direction: Self.right, moved: moved, duration: 0.5))
      #expect(r.decision == expected, "moved \(moved)")
      #expect(abs(r.progress - (moved - 10) / 390) < 1e-9)
    }
  }

  // With `slop: 0` the pan begins at the first tick and the same 29.98 pt T2 drag completes
  // (p = 0.1499): the slop is the scene's, per gesture.
  @Test func slopIsPerScene() throws {
    let drag = Drag(from: Point(200, 420), direction: Self.down, moved: 29.98, duration: 0.1)
    let clip = try Clip(document: try Catalog.load("t2-photos-drag-to-dismiss", sets: [drag.gesture, "transition.interactive.slop=0"]), scale: 1)
    let e = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    #expect(e.kind.decision?.outcome == .complete)
    let p = try #require(e.kind.decision?.progress)
    #expect(abs(p - 29.98 / 200) < 1e-9)
  }
}
