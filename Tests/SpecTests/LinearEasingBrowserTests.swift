import Foundation
import Motion
import TestSupport
@testable import Spec
import XCTest

/// The CSS `linear()` easings `flipbook spec` prints, evaluated by Chromium's own Web
/// Animations (the effect's computed progress at set times), stay within 0.5 % of the
/// distance of Motion's exact curve. Skipped, saying so, only where Chromium is not installed.
final class LinearEasingBrowserTests: XCTestCase {
  static let timings: [(String, Timing)] = {
    func spring(_ p: SpringParameters, v: Double = 0) -> Timing { try! p.timing(initialVelocity: v) }
    return [
      ("T2 complete 0.37 s ζ 0.9", spring(.uikit(duration: 0.37, dampingRatio: 0.9))),
      ("T2 cancel 0.45 s ζ 0.75", spring(.uikit(duration: 0.45, dampingRatio: 0.75))),
      ("T3 settle 0.5 s ζ 1 with v0 4.1", spring(.uikit(duration: 0.5, dampingRatio: 1), v: 4.1)),
      ("bouncy 0.8 s ζ 0.3", spring(.uikit(duration: 0.8, dampingRatio: 0.3))),
      ("CA default (1, 100, 10)", spring(.physical(mass: 1, stiffness: 100, damping: 10))),
      ("SwiftUI response 0.5 bounce 0.3, v0 -2", spring(.perceptual(duration: 0.5, bounce: 0.3), v: -2)),
    ]
  }()

  func testChromiumEvaluatesTheLinearEasingsWithinHalfAPercent() throws {
    let browser: WebDriver
    do {
      browser = try WebDriver.start(width: 400, height: 300)
    } catch let e as WebDriver.Problem {
      if case .notInstalled(let why) = e { throw XCTSkip("SKIPPED browser test: \(why)") }
      throw e
    }
    defer { browser.quit() }
    try browser.open("data:text/html,<!doctype html><div id=box>box</div>")
    var worstOverall = 0.0
    for (name, timing) in Self.timings {
      let easing = LinearEasing(timing)
      let ms = timing.duration * 1000
      let times = (0...200).map { ms * Double($0) / 200 }
      let answer = try browser.execute("""
        const box = document.getElementById('box');
        const a = box.animate([{opacity: 0}, {opacity: 1}], {duration: arguments[1], easing: arguments[0], fill: 'both'});
        a.pause();
        const out = arguments[2].map((t) => { a.currentTime = t; return a.effect.getComputedTiming().progress; });
        a.cancel();
        return out;
        """, [easing.css, ms, times]) as? [Any]
      let progress = try XCTUnwrap(answer, "Chromium's progress for \(name)").map { ($0 as? NSNumber)?.doubleValue ?? .nan }
      XCTAssertEqual(progress.count, times.count)
      var worst = 0.0
      for (t, p) in zip(times, progress) {
        let exact = timing.progress(at: t / 1000)
        worst = max(worst, abs(p - exact))
      }
      XCTAssertLessThanOrEqual(worst, 0.005, "\(name): Chromium's linear() is \(worst) from the exact curve (\(easing.points.count) points)")
      worstOverall = max(worstOverall, worst)
    }
    print("linear() easings in Chromium: worst difference from the exact curve \(worstOverall) of the distance")
  }

  /// The easing as sampled (before any browser) is within its tolerance of the curve, and
  /// ends where the timing ends.
  func testSampledEasingFollowsTheCurve() {
    for (name, timing) in Self.timings {
      let easing = LinearEasing(timing)
      XCTAssertEqual(easing.points.first?.output, 0)
      XCTAssertEqual(easing.points.last?.output, 1)
      XCTAssertLessThanOrEqual(easing.points.count, LinearEasing.maximumPoints)
      for i in 0...2000 {
        let x = Double(i) / 2000
        let exact = timing.progress(at: x * timing.duration)
        if abs(easing.value(at: x) - exact) > 0.001 {
          return XCTFail("\(name) at \(x): \(easing.value(at: x)) vs \(exact)")
        }
      }
    }
  }
}
