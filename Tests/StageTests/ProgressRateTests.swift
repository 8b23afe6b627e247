import Foundation
import Testing
@testable import Stage

/// The progress bar's rate and ETA, on a synthetic clock (never wall time).
@Suite struct ProgressRateTests {
  /// A render that spends 2 s before its first frame (loading, simulating, starting ffmpeg),
  /// then finishes one frame every 0.1 s: frame i (1-based) is done at 2 + 0.1 i s. At 25 of
  /// 100 (t = 4.5 s) 75 frames are left at 10 frames/s: 7.5 s, by hand. The average since the
  /// start (25 / 4.5 = 5.6 frames/s) said 13.5 s, nearly twice that.
  @Test func etaFollowsRecentFrames() {
    var rate = ProgressRate(total: 100)
    for i in 1...25 { rate.record(done: i, at: 2 + 0.1 * Double(i)) }
    #expect(abs(rate.rate - 10) < 1e-6, "rate \(rate.rate)")
    #expect(abs(rate.eta - 7.5) < 1e-6, "eta \(rate.eta)")
  }

  /// The frames get slower half way (0.1 s each, then 0.2 s): once the window holds only slow
  /// frames the ETA is the frames left times 0.2 s.
  @Test func etaFollowsAChangeOfPace() {
    var rate = ProgressRate(total: 100)
    var t = 0.0
    for i in 1...100 {
      t += i <= 50 ? 0.1 : 0.2
      rate.record(done: i, at: t)
      if i == 80 {
        // 20 frames left at 5 frames/s.
        #expect(abs(rate.eta - 4) < 1e-6, "eta \(rate.eta)")
      }
    }
    #expect(rate.eta == 0)
  }

  /// Before two updates there is no rate (no division by zero, no ETA made up).
  @Test func noRateYet() {
    var rate = ProgressRate(total: 10)
    #expect(rate.rate == 0 && rate.eta == 0)
    rate.record(done: 0, at: 0.5)
    #expect(rate.rate == 0 && rate.eta == 0)
  }

  /// The bar draws what the rate says: on a synthetic clock stepped by the test.
  @Test func barUsesTheRecentRate() {
    final class Clock: @unchecked Sendable { var now = 100.0 }
    let clock = Clock()
    let bar = ProgressBar(total: 100, enabled: false, clock: { clock.now })
    for i in 1...25 {
      clock.now = 100 + 2 + 0.1 * Double(i)
      bar.update(i)
    }
    #expect(bar.text == "\r[######..................] 25/100 frames  10.0 frames/s  ETA 7.5 s   ")
  }
}
