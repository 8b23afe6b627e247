import Foundation
import Geometry
import Raster
import Scene
import Testing
@testable import Stage

/// A pressed card that flies as a matched hero (`Fixtures/press.yaml`, variants `hero` and
/// `badge-hero`), by hand. The card [20, 200, 350, 400] is pressed from 0.2 s to 0.3 s on a
/// critically damped spring (ω = 20 /s, y(t) = 1 − (1 + 20t)e^(−20t)); the highlight's off
/// animation adds to the on one, so h(t) = y(t − 0.2) − y(t − 0.3) after the lift and the
/// card's scale is 1 − 0.1·h. The hero flies linearly over 0.5 s from the lift to
/// [0, 0, 390, 844].
@Suite struct MatchedPressTests {
  static func y(_ t: Double) -> Double { t <= 0 ? 0 : 1 - (1 + 20 * t) * exp(-20 * t) }
  static func k(_ t: Double) -> Double { 1 - 0.1 * (y(t - 0.2) - y(t - 0.3)) }

  /// The flying copy's corners on the canvas at `t`.
  static func copyCorners(_ clip: Clip, at t: Double) throws -> [Point] {
    let tree = clip.stager.contentTree(for: clip.timeline.state(at: t))
    let outlines = LayerOutlines(tree, canvas: clip.stager.canvas.bounds)
    return try #require(outlines.outlines["matched:list.card"]).corners
  }

  /// At the lift the copy is the pressed card: scale k(0.3) = 1 − 0.1·(1 − 3e^(−2)) about
  /// the card's centre [195, 400].
  @Test func theCopyStartsFromThePressedCard() throws {
    let clip = try Fixtures.clip("press.yaml", variant: "hero", scale: 1)
    let k = 1 - 0.1 * (1 - 3 * exp(-2.0))
    let c = try Self.copyCorners(clip, at: 0.3 + 1e-9)
    let expected = [Point(195 - 175 * k, 400 - 200 * k), Point(195 + 175 * k, 400 - 200 * k), Point(195 + 175 * k, 400 + 200 * k), Point(195 - 175 * k, 400 + 200 * k)]
    for (a, b) in zip(c, expected) { #expect(abs(a.x - b.x) < 1e-4 && abs(a.y - b.y) < 1e-4, "\(c) vs \(expected)") }
  }

  /// 0.05 s into the flight (p = 0.1): the frame [18, 180, 354, 444.4], centre [195, 402.2],
  /// scaled by k(0.35) = 1 − 0.1·(2e^(−1) − 4e^(−3)) = 0.946339 about its centre.
  @Test func theCopyEasesBackOnTheHighlightsSpring() throws {
    let clip = try Fixtures.clip("press.yaml", variant: "hero", scale: 1)
    let k = 1 - 0.1 * (2 * exp(-1.0) - 4 * exp(-3.0))
    #expect(abs(k - Self.k(0.35)) < 1e-12)
    let c = try Self.copyCorners(clip, at: 0.35)
    #expect(abs((c[1].x - c[0].x) - 354 * k) < 1e-6, "\(c)")
    #expect(abs((c[3].y - c[0].y) - 444.4 * k) < 1e-6, "\(c)")
    #expect(abs((c[0].x + c[1].x) / 2 - 195) < 1e-6 && abs((c[0].y + c[3].y) / 2 - 402.2) < 1e-6)
    // Later, p = 0.9: width 350 · 0.1 + 390 · 0.9 = 386, the press nearly gone (k(0.75) =
    // 0.9999; the on spring has ended by then, within 2e-4 of its closed form).
    let late = try Self.copyCorners(clip, at: 0.75)
    #expect(abs((late[1].x - late[0].x) - 386 * Self.k(0.75)) < 0.01, "\(late)")
  }

  /// Carried, the press leaves nothing to jump: the motion check is silent.
  @Test func aCarriedPressDoesNotJump() throws {
    let clip = try Fixtures.clip("press.yaml", variant: "hero", scale: 1)
    #expect(MotionCheck.warnings(clip).isEmpty, "\(MotionCheck.warnings(clip))")
  }

  /// The badge [40, 220, 100, 100] on the canvas, pressed with its card (scale k(0.3) about
  /// [195, 400]), lifts unpressed: its farthest corner, [40, 220], moves (1 − k)·|(−155, −180)|
  /// = 0.0593994 × 237.539 = 14.11 pt in one step at the lift, between frames 18 and 19
  /// (0.3 s and 0.3167 s; the lift is at 0.2 + 0.1 s, just after 0.3 in floating point). The
  /// check names the badge at its line.
  @Test func anUncarriedPressJumpsAndWarns() throws {
    let clip = try Fixtures.clip("press.yaml", variant: "badge-hero", scale: 1)
    let warnings = MotionCheck.warnings(clip)
    try #require(warnings.count == 1, "\(warnings)")
    let w = warnings[0]
    #expect(w.kind == .jump)
    let expected = 0.1 * (1 - 3 * exp(-2.0)) * (155.0 * 155 + 180 * 180).squareRoot()
    #expect(abs(w.jump - expected) < 0.01, "\(w.jump) vs \(expected)")
    #expect(w.message.hasPrefix("view 'list.card.badge' jumps 14 pt between frames 18 and 19"), "\(w.message)")
  }
}
