import Foundation
import Geometry
import Motion
import Scene
import Stage
import Testing

/// T2's `matched-velocity` variant (`handOffVelocity: perAxis`): the photo flies up to its
/// cell while the finger moves down, so one spring along the progress cannot match it. Each
/// visible component (centre x, centre y, width) must leave the release at the velocity it had
/// under the finger, worked out here from the catalog's T2 formulas (TRANSITIONS.md), not from
/// Flipbook's follow code; and the centre's path after the release must be the closed form of
/// a damped spring started at that velocity.
@Suite("Per-axis velocity hand-off (T2 matched-velocity)")
struct PerAxisHandOffTests {
  struct Release {
    var time: Double, progress: Double
    var velocity: Point, translation: Point
  }

  func release(_ clip: Clip) throws -> Release {
    let up = try #require(clip.timeline.events.first { $0.kind.release(.touchUp) != nil })
    let r = try #require(up.kind.release(.touchUp))
    return Release(time: up.time, progress: r.progress, velocity: r.velocity, translation: r.translation)
  }

  /// The photo as drawn: centre x, centre y, width (its transform scales about its centre).
  func visible(_ clip: Clip, at t: Double) -> [Double] {
    guard let m = clip.timeline.state(at: t).matched?.first else { return [.nan, .nan, .nan] }
    return [m.frame.midX + m.transform.tx, m.frame.midY + m.transform.ty, m.frame.width * m.transform.a]
  }

  /// d/dt at `t` from three samples after it, second order: (−3f(t) + 4f(t+h) − f(t+2h)) / 2h.
  func derivative(_ clip: Clip, at t: Double, h: Double = 1e-4) -> [Double] {
    let a = visible(clip, at: t), b = visible(clip, at: t + h), c = visible(clip, at: t + 2 * h)
    return (0..<3).map { (-3 * a[$0] + 4 * b[$0] - c[$0]) / (2 * h) }
  }

  @Test func componentsLeaveTheReleaseAtTheFingersVelocity() throws {
    let clip = try Clip(document: try Catalog.load("t2-photos-drag-to-dismiss", variant: "matched-velocity"), scale: 0.25)
    let r = try release(clip)
    let decision = try #require(clip.timeline.events.first { $0.kind.decision != nil })
    #expect(decision.kind.decision?.outcome == .complete)
    #expect(r.progress > 0.1 && r.progress < 1)
    // T2 while tracking: p = dy / 200, s = 1 − 0.32 p, the photo's centre = c0 + s·T (scaled
    // space), its width w0·s. Differentiated with dT/dt = v: dc/dt = s·v + T·(ds/dp)(vy / 200).
    let s = 1 - 0.32 * r.progress
    let dsdt = -0.32 * r.velocity.y / 200
    let w0 = 390.0  // fig.png (1200 x 800) aspect-fit across the 390-pt width
    let expected = [s * r.velocity.x + r.translation.x * dsdt, s * r.velocity.y + r.translation.y * dsdt, w0 * dsdt]
    let after = derivative(clip, at: r.time)
    for axis in 0..<3 {
      #expect(abs(after[axis] - expected[axis]) <= 0.01 * abs(expected[axis]),
              "component \(axis): after the release \(after[axis]), under the finger \(expected[axis])")
    }
    // The photo moved down under the finger and starts down, although its cell is above.
    #expect(expected[1] > 300)
    // No jump at the release.
    let justBefore = visible(clip, at: r.time - 1e-7), justAfter = visible(clip, at: r.time + 1e-7)
    for axis in 0..<3 { #expect(abs(justAfter[axis] - justBefore[axis]) < 0.01) }

    // The seed's scene: the same release, and the photo stalls (a spring from rest).
    let seed = try Clip(document: try Catalog.load("t2-photos-drag-to-dismiss"), scale: 0.25)
    let seedAfter = derivative(seed, at: try release(seed).time)
    #expect(abs(seedAfter[1]) < 0.02 * abs(expected[1]), "the seed's photo leaves at \(seedAfter[1]) pt/s")
  }

  /// After the release the centre's y is y0 + (y1 − y0)·x(t), x the damped oscillator with
  /// x(0) = 0, x'(0) = v0 = vy / (y1 − y0), ζ = 0.9 and UIKit's ω for a 0.37 s spring with that
  /// velocity: x(t) = 1 − e^(−ζωt)(cos ω_d t + (ζω − v0)/ω_d · sin ω_d t), ω_d = ω√(1 − ζ²).
  /// The cell's centre by hand: the grid's cells are (390 − 2·2) / 3 = 128.667 pt squares 2 pt
  /// apart from y = −39.667; cell 8 is row 2, column 2: centre (325.667, 286).
  @Test func centreFollowsTheClosedFormSpring() throws {
    let clip = try Clip(document: try Catalog.load("t2-photos-drag-to-dismiss", variant: "matched-velocity"), scale: 0.25)
    let r = try release(clip)
    let start = visible(clip, at: r.time)
    let target = [2 * (128 + 2.0 / 3 + 2) + 64 + 1.0 / 3, -39 - 2.0 / 3 + 2 * (128 + 2.0 / 3 + 2) + 64 + 1.0 / 3]
    let s = 1 - 0.32 * r.progress
    let vy = s * r.velocity.y + r.translation.y * (-0.32 * r.velocity.y / 200)
    let v0 = vy / (target[1] - start[1])
    let zeta = 0.9
    let omega = try SpringParameters.uikit(duration: 0.37, dampingRatio: zeta).spring(initialVelocity: v0).naturalFrequency
    let wd = omega * (1 - zeta * zeta).squareRoot()
    func x(_ t: Double) -> Double { 1 - exp(-zeta * omega * t) * (cos(wd * t) + (zeta * omega - v0) / wd * sin(wd * t)) }
    for k in 1...21 {
      let t = 0.37 * Double(k) / 22
      let y = visible(clip, at: r.time + t)[1]
      #expect(abs(y - (start[1] + (target[1] - start[1]) * x(t))) < 1e-6 * abs(target[1] - start[1]), "t = \(t)")
    }
    // It leaves still moving down (about vy²/2a = 0.4 pt further, 2 ms) before it turns up.
    #expect(visible(clip, at: r.time + 0.002)[1] > start[1] + 0.1)
    // At the end the photo sits in its cell: the last settling moment is within 0.5 pt of it.
    let end = visible(clip, at: r.time + 0.37 - 1e-4)
    #expect(abs(end[0] - target[0]) < 0.5 && abs(end[1] - target[1]) < 0.5)
    #expect(clip.timeline.state(frame: clip.frameCount - 1).progress == 1)
  }
}
