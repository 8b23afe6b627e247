import Foundation
import Scene
import Stage
import Testing

/// T10's `present` variant: `sheetPresentation.presents: true` shows the sheet presented up
/// to `medium`, then dragged to `large` in one clip. On an iPhone 14 (844 pt tall, safe area
/// 47 / 34) medium's top is 433.5 and the sheet starts with its top at 844. The presentation
/// is UIKit's system spring (mass 3, stiffness 1000, damping 500: ζ = 4.56, evaluated
/// critically damped as Core Animation clamps it, ω = √(1000/3)), from `hold.before` = 0.3 s:
/// x(τ) = 1 − (1 + ωτ)e^(−ωτ), worked here by hand, not by Motion's `Spring`.
@Suite("T10 present: the sheet presented to a detent, then dragged")
struct SheetPresentsTests {
  static let omega = (1000.0 / 3).squareRoot()
  static func x(_ tau: Double) -> Double { 1 - (1 + omega * tau) * exp(-omega * tau) }

  func sheetTop(_ clip: Clip, at t: Double) throws -> Double {
    let ty = try #require(clip.timeline.state(at: t).values.first { $0.key.target.text == "places" && $0.key.property == .translationY }?.value.number)
    return 57 + ty
  }

  @Test func theSheetRisesOnTheSystemSpring() throws {
    let clip = try Clip(document: try Catalog.load("t10-maps-sheet", variant: "present"), scale: 0.25)
    // Before the presentation the sheet is below the screen.
    #expect(abs(try sheetTop(clip, at: 0) - 844) < 1e-9)
    #expect(abs(try sheetTop(clip, at: 0.3) - 844) < 1e-9)
    for tau in [0.05, 0.1, 0.2, 0.4] {
      let expected = 844 + (433.5 - 844) * Self.x(tau)
      let got = try sheetTop(clip, at: 0.3 + tau)
      #expect(abs(got - expected) < 1e-6, "τ = \(tau): \(got) vs \(expected)")
    }
    // x(0.1) = 1 − 2.82574 e^(−1.82574) = 0.544778: 223.63 pt of the 410.5 in the first 0.1 s.
    #expect(abs(try sheetTop(clip, at: 0.4) - 620.368) < 0.001)
  }

  @Test func theManifestSaysWhenItIsPresentedThenTheFlickTakesItToLarge() throws {
    let clip = try Clip(document: try Catalog.load("t10-maps-sheet", variant: "present"), scale: 0.25)
    let events = clip.timeline.events
    let start = try #require(events.first { $0.kind.name == "presentationStart" })
    guard case .presentationStart(let p) = start.kind else { Issue.record("not a presentation"); return }
    #expect(start.time == 0.3)
    #expect(p.detent == "medium")
    #expect(abs(p.progress - (-100.0 / 687)) < 1e-12)  // height −34 (top at 844) below small's 66
    #expect(abs(p.target - 310.5 / 687) < 1e-12)
    guard case .spring(let s)? = p.motion.shape else { Issue.record("not a spring"); return }
    #expect(s.mass == 3 && s.stiffness == 1000 && s.damping == 500)
    let presented = try #require(events.first { $0.kind.name == "presented" })
    let touch = try #require(events.first { $0.kind.name == "touchDown" })
    #expect(presented.time > 0.3 && presented.time < touch.time)
    #expect(abs(presented.time - (0.3 + p.motion.duration)) < 1e-12)
    // UIKit's settling duration for the system spring: 0.5058 s (its Lambert W formula,
    // ../shared/research/motion-model.md §3; Core Animation's own walk would say 0.6 s).
    #expect(abs(p.motion.duration - 0.5058) < 1e-4)
    // At rest at medium when the finger comes.
    #expect(abs(try sheetTop(clip, at: 1.09) - 433.5) < 0.5)
    let decision = try #require(events.first { $0.kind.decision != nil }?.kind.decision)
    #expect(decision.restingPoint == "large")
    #expect(abs(try sheetTop(clip, at: clip.timeline.duration) - 57) < 1e-6)
    // The JSON fields (docs/output.md).
    #expect(start.kind.name == "presentationStart" && presented.kind.name == "presented")
  }
}
