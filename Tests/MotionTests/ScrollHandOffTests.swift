import Foundation
import Geometry
import Testing
@testable import Motion

/// `ScrollHandOff`: a scroll view and the transition sharing one pan, worked by hand.
@Suite struct ScrollHandOffTests {
  /// A sheet whose p grows upward over 300 pt, grabbed at p = 0.5 with its list at the top.
  func sheet() throws -> ScrollHandOff {
    let mapping = try ProgressMapping(axis: .y, distance: 300, direction: -1, scrollContentOffset: 0)
    return ScrollHandOff(mapping: mapping, contentOffset: 0, grabProgress: 0.5)
  }

  /// Up 100: the sheet takes it (150 pt of room to p = 1). Up 200: 150 to the sheet, 50
  /// scroll. Back down to 120 up: the list returns its 50 first, the sheet the other 30 (p =
  /// 0.5 + 120/300 = 0.9). On down to 20 below the start: the sheet alone. Up again to 190:
  /// from p = 0.5 − 20/300 the sheet has 170 pt of room, the other 40 scroll; to 260, 110.
  @Test func handsOffBothWaysInOneStroke() throws {
    var h = try sheet()
    let steps: [(up: Double, drive: Double, offset: Double)] = [
      (100, 100, 0), (200, 150, 50), (120, 120, 0), (-20, -20, 0), (190, 150, 40), (260, 150, 110),
    ]
    for s in steps {
      let drive = h.drive(Point(x: 3, y: -s.up))
      #expect(abs(drive.y - -s.drive) < 1e-12, "up \(s.up): drive \(drive.y)")
      #expect(drive.x == 3)
      #expect(abs(h.contentOffset - s.offset) < 1e-12, "up \(s.up): offset \(h.contentOffset)")
      #expect(h.contentIsScrolled == (s.offset > 0))
    }
  }

  /// T3's direction (p grows downward, the list scrolls at p's lower end): a stroke that
  /// never turns gives exactly what the one-way rule `ProgressMapping.scrolled` gives (the
  /// list scrolled 160 pt returns to its top, then the sheet moves), bit for bit.
  @Test func oneWayStrokeIsTheOneWayRule() throws {
    let mapping = try ProgressMapping(axis: .y, distance: 544, scrollContentOffset: 160)
    var h = ScrollHandOff(mapping: mapping, contentOffset: 160, grabProgress: 0)
    var y = 0.0
    while y < 400 {
      y += 7.3
      let t = Point(x: 0.4, y: y)
      let one = mapping.scrolled(t, contentOffset: 160)
      #expect(h.drive(t) == one.translation)
      #expect(h.contentOffset == one.contentOffset)
    }
    // Up first at p = 0 (no room below): the list scrolls further down from the start.
    var up = ScrollHandOff(mapping: mapping, contentOffset: 0, grabProgress: 0)
    #expect(up.drive(Point(x: 0, y: -40)) == .zero)
    #expect(up.contentOffset == 40)
  }

  /// A release while the list is scrolled hands the sheet no velocity: the finger is still
  /// moving up at the lift, the list has taken everything past the sheet's 300 pt, and the
  /// release reports the finger's velocity but v = 0 on the axis and rests at p = 1.
  @Test func releaseWhileScrolledIsStill() throws {
    let mapping = try ProgressMapping(axis: .y, distance: 300, direction: -1, scrollContentOffset: 0)
    let script = try PanGestureScript([
      TouchPoint(.down, at: 0, Point(100, 600)),
      TouchPoint(.move, at: 0.3, Point(100, 250)),
      TouchPoint(.up, at: 0.35, Point(100, 200)),
    ])
    let rest = try RestingPoints([.init(name: "medium", progress: 0), .init(name: "large", progress: 1)])
    let spring = SpringParameters.uikit(duration: 0.5, dampingRatio: 1)
    let interaction = try Interaction(
      script: script, mapping: mapping, rule: .progressThreshold(0.5),
      driver: .direct(complete: .spring(spring, carriesVelocity: true), cancel: .spring(spring, carriesVelocity: true)),
      restingPoints: rest)
    let release = try #require(interaction.release)
    #expect(release.velocity.y < -500)
    #expect(release.axisVelocity == 0)
    #expect(release.restingPoint == 1)
    // The recognizer's last translation (slop taken off) less the sheet's 300 pt is scrolled.
    let last = try #require(interaction.reports.last)
    let sample = interaction.sample(at: release.time)
    #expect(abs(try #require(sample.scrollContentOffset) - (-last.translation.y - 300)) < 1e-9)
    #expect(-last.translation.y > 300)
    #expect(sample.progress == 1)
  }
}
