import Foundation
import Scene
import Testing
@testable import Stage

/// `sheetPresentation.presents` without a gesture (Fixtures/presented-sheet.yaml, iPhone 14):
/// the sheet rises from below the screen (top 844) to medium (top 844 − 34 − 376.5 = 433.5)
/// on the system spring from 0.3 s, x(τ) = 1 − (1 + ωτ)e^(−ωτ) with ω = √(1000/3) (critically
/// damped: Core Animation clamps ζ = 4.56), worked here by hand. Every detent dims, so the
/// presenting screen's dimming goes 0 → 0.1 as the sheet goes from below the screen to the
/// smallest detent, which is medium here: dimming = 0.1 x(τ).
@Suite struct SheetPresentsStageTests {
  static let omega = (1000.0 / 3).squareRoot()
  static func x(_ tau: Double) -> Double { 1 - (1 + omega * tau) * exp(-omega * tau) }

  func number(_ clip: Clip, _ view: String, _ property: AnimatedProperty, at t: Double) throws -> Double {
    try #require(clip.timeline.state(at: t).values.first { $0.key.target.text == view && $0.key.property == property }?.value.number)
  }

  @Test func theSheetRisesAndTheScreenDims() throws {
    let clip = try Fixtures.clip("presented-sheet.yaml", scale: 0.25)
    for tau in [0.0, 0.03, 0.08, 0.15, 0.3] {
      let t = 0.3 + tau
      #expect(abs(57 + (try number(clip, "b", .translationY, at: t)) - (844 - 410.5 * Self.x(tau))) < 1e-6, "τ = \(tau)")
      #expect(abs((try number(clip, "a", .dimming, at: t)) - 0.1 * Self.x(tau)) < 1e-9, "τ = \(tau)")
    }
    #expect(abs(57 + (try number(clip, "b", .translationY, at: 0.1)) - 844) < 1e-9)
    let end = clip.timeline.duration
    #expect(abs(57 + (try number(clip, "b", .translationY, at: end)) - 433.5) < 1e-9)
    let names = clip.timeline.events.map(\.kind.name)
    #expect(names == ["transitionStart", "presentationStart", "settle", "presented"])
    let settle = try #require(clip.timeline.events.first { $0.kind.settle != nil }?.kind.settle)
    #expect(settle.restingPoint == "half" && settle.target == 0)
  }
}
