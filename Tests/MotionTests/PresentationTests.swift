import Foundation
import Geometry
import Testing
@testable import Motion

/// `Interaction.Presentation`: p animated to the initial progress before any touch (a sheet
/// presented up to its detent), grabbed where it is by a stroke that takes hold meanwhile.
/// A curve of known shape (linear, 0.4 s) makes the numbers hand-checkable.
@Suite struct PresentationTests {
  func sheet() throws -> RestingPoints {
    try RestingPoints([.init(name: "small", progress: 0), .init(name: "medium", progress: 0.5), .init(name: "large", progress: 1)])
  }

  func interaction(down: Double) throws -> Interaction {
    let spring = Completion.spring(.uikit(duration: 0.5, dampingRatio: 1), carriesVelocity: true)
    return try Interaction(
      script: PanGestureScript([.init(.down, at: down, Point(100, 600)), .init(.move, at: down + 0.1, Point(100, 500)), .init(.up, at: down + 0.2, Point(100, 500))]),
      mapping: ProgressMapping(axis: .y, distance: 400, direction: -1),
      rule: .progressThreshold(0.5), driver: .direct(complete: spring, cancel: spring),
      restingPoints: try sheet(), initialProgress: 0.5,
      presentation: .init(start: 0.2, from: -0.3, curve: .timing(try Timing.cubic(try CubicBezier(0, 0, 1, 1), duration: 0.4))))
  }

  /// Linear from −0.3 at 0.2 s to 0.5 at 0.6 s: p = −0.3 + 0.8 (t − 0.2) / 0.4.
  @Test func pRunsFromBelowToTheDetentBeforeAnyTouch() throws {
    let i = try interaction(down: 2)
    #expect(i.progress(at: 0) == -0.3)
    #expect(i.progress(at: 0.2) == -0.3)
    #expect(abs(i.progress(at: 0.3) - (-0.1)) < 1e-9)
    #expect(abs(i.progress(at: 0.5) - 0.3) < 1e-9)
    #expect(i.progress(at: 0.6) == 0.5)
    #expect(i.progress(at: 1.9) == 0.5)
  }

  /// A finger down at 0.35 s begins the pan once it has moved 10 pt, before the presentation
  /// ends at 0.6 s: the transition is grabbed where the presentation had it then,
  /// −0.3 + 2 (t − 0.2).
  @Test func aStrokeDuringThePresentationGrabsIt() throws {
    let i = try interaction(down: 0.35)
    let began = try #require(i.events.compactMap { e -> (Double, Double)? in if case .began(let t, let p) = e { return (t, p) } else { return nil } }.first)
    #expect(began.0 > 0.35 && began.0 < 0.45)
    #expect(abs(began.1 - (-0.3 + 2 * (began.0 - 0.2))) < 1e-9)
  }
}
