import Testing
@testable import Stage

/// The home indicator's blend by hand: the mean of 15 decisions at k/60 s in (t − 0.25, t].
@Suite struct HomeIndicatorBlendTests {
  /// Dark content from sample 30 (0.5 s) on: black up to 0.4833 s, then (j + 1)/15 white at
  /// 0.5 + j/60 s, white from 0.5 + 14/60 s; samples before 0 count as sample 0.
  @Test func aSwitchRampsOverAQuarterSecond() {
    #expect(HomeIndicatorBlend.samples == 15)
    let step = { (k: Int) in k >= 30 }
    #expect(HomeIndicatorBlend.lightness(at: 29.0 / 60, decision: step) == 0)
    for j in 0..<15 {
      let t = Double(30 + j) / 60
      #expect(abs(HomeIndicatorBlend.lightness(at: t, decision: step) - Double(j + 1) / 15) < 1e-12, "t \(t)")
    }
    #expect(HomeIndicatorBlend.lightness(at: 2, decision: step) == 1)
    // Between samples the last sample at or before t counts: 0.51 s is sample 30.
    #expect(abs(HomeIndicatorBlend.lightness(at: 0.51, decision: step) - 1.0 / 15) < 1e-12)
    // Dark from the start: white at once (no ramp from a history before the clip).
    #expect(HomeIndicatorBlend.lightness(at: 0, decision: { _ in true }) == 1)
  }

  /// Decisions are asked once per sample, whatever the order frames are rendered in.
  @Test func decisionsAreMemoized() {
    final class Counter: @unchecked Sendable { var calls = 0 }
    let counter = Counter()
    let blend = HomeIndicatorBlend { t in counter.calls += 1; return t >= 0.5 }
    let late = blend.lightness(at: 1.0), early = blend.lightness(at: 0.55)
    #expect(late == 1 && abs(early - 4.0 / 15) < 1e-12)
    _ = blend.lightness(at: 1.0)
    #expect(counter.calls == 15 + 15)  // samples 46...60 and 19...33, none twice
  }
}
