import Foundation
import Geometry
@testable import Match
import Testing

/// The pieces of `match` on inputs whose answers are known by construction.
@Suite struct MatchPartsTests {
  /// A picture of a bright textured square on a dark ground with its top-left corner at
  /// (x, y) (fractional: the square's edges are area-weighted, as a renderer draws them).
  static func picture(width: Int, height: Int, squareAt x: Double, _ y: Double, size: Double = 40) -> GrayImage {
    var pixels = [UInt8](repeating: 0, count: width * height)
    for py in 0..<height {
      for px in 0..<width {
        let cx = max(0, min(Double(px + 1), x + size) - max(Double(px), x))
        let cy = max(0, min(Double(py + 1), y + size) - max(Double(py), y))
        let inside = cx * cy
        // Texture inside the square (fixed to the square, so it moves with it).
        let u = Int((Double(px) - x).rounded(.down)), v = Int((Double(py) - y).rounded(.down))
        let texture = ((u / 5 + v / 7) % 2 == 0) ? 200.0 : 140.0
        pixels[py * width + px] = UInt8((20 + inside * (texture - 20)).rounded())
      }
    }
    return GrayImage(width: width, height: height, pixels: pixels)
  }

  @Test func theTrackerFindsAKnownSubPixelShift() throws {
    let w = 160, h = 160
    let reference = Self.picture(width: w, height: h, squareAt: 50, 60)
    // The patch: the square and 4 px around it, cut from the smoothed reference.
    let tracker = TemplateTracker(patch: reference.smoothed().cropped(46, 56, 94, 104), levels: 2)
    for (dx, dy) in [(0.0, 0.0), (7.3, -3.6), (-12.5, 20.25), (30.8, 0.4)] {
      let moved = Self.picture(width: w, height: h, squareAt: 50 + dx, 60 + dy)
      let m = try #require(tracker.find(in: TemplateTracker.Frame(moved, levels: 2), xs: 0...110, ys: 0...110, rows: 0..<h))
      #expect(abs(m.x - (46 + dx)) <= 0.25 && abs(m.y - (56 + dy)) <= 0.25, "shift (\(dx), \(dy)): found (\(m.x - 46), \(m.y - 56))")
    }
  }

  @Test func theTrackerSaysNothingWhereTheViewIsNot() {
    let reference = Self.picture(width: 160, height: 160, squareAt: 50, 60)
    let tracker = TemplateTracker(patch: reference.smoothed().cropped(46, 56, 94, 104), levels: 2)
    let empty = GrayImage(width: 160, height: 160, pixels: (0..<(160 * 160)).map { UInt8(20 + ($0 * 7919) % 13) })
    #expect(tracker.find(in: TemplateTracker.Frame(empty, levels: 2), xs: 0...110, ys: 0...110, rows: 0..<160) == nil)
  }

  @Test func onsetIsTheFirstFrameThatMoves() {
    // Eight still frames, then the square moves one pixel per frame.
    let frames = (0..<16).map { n in Self.picture(width: 100, height: 100, squareAt: 20 + Double(max(0, n - 7)), 30) }
    let onset = MotionOnset(frames: frames, rows: 0..<100)
    #expect(onset.first == 8)
    #expect(onset.last == 15)
  }

  @Test func leastSquaresRecoversAnExponentialAndTheLineSlopesStandardError() throws {
    // y = 3 exp(-t / 0.4), exact: the fit returns the parameters.
    let t = (0..<40).map { Double($0) / 40 }
    let solver = LeastSquares(lower: [0.1, 0.01], upper: [10, 5], steps: [1e-6, 1e-6])
    let fit = try #require(solver.fit(start: [1, 1]) { q in t.map { q[0] * exp(-$0 / q[1]) - 3 * exp(-$0 / 0.4) } })
    #expect(abs(fit.parameters[0] - 3) < 1e-5 && abs(fit.parameters[1] - 0.4) < 1e-6)
    // A straight line through noisy points: the slope's standard error is the textbook
    // σ / √Σ(x − x̄)² with σ² = RSS / (n − 2).
    let x = (0..<20).map(Double.init)
    let noise = (0..<20).map { Double(($0 * 37) % 11) / 10 - 0.5 }
    let y = zip(x, noise).map { 2 + 0.5 * $0 + $1 }
    let line = try #require(LeastSquares(lower: [-100, -100], upper: [100, 100], steps: [1e-6, 1e-6]).fit(start: [0, 0]) { q in
      zip(x, y).map { q[0] + q[1] * $0 - $1 }
    })
    let mx = x.reduce(0, +) / 20
    let sxx = x.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
    let rss = zip(x, y).reduce(0.0) { $0 + pow(line.parameters[0] + line.parameters[1] * $1.0 - $1.1, 2) }
    let expected = (rss / 18 / sxx).squareRoot()
    #expect(abs(try #require(line.standardErrors[1]) / expected - 1) < 1e-3)
  }

  @Test func showinfoTimesAreReadInOrder() {
    let log = """
      [Parsed_showinfo_1 @ 0x1] n:   0 pts:      0 pts_time:0       duration:256 ...
      [Parsed_showinfo_1 @ 0x1] color_range:tv color_space:bt709
      [Parsed_showinfo_1 @ 0x1] n:   1 pts:    512 pts_time:0.0333333 duration:256
      [Parsed_showinfo_1 @ 0x1] n:   2 pts:    768 pts_time:0.05    duration:256
      """
    #expect(Recording.showinfoTimes(log) == [0, 0.0333333, 0.05])
  }

  @Test func progressAxisProjectsOntoTheLine() throws {
    let axis = try #require(ProgressAxis(progress: [0, 0.5, 1], centers: [Point(10, 500), Point(10, 286), Point(10, 72)]))
    #expect(abs(axis.progress(of: Point(12, 393)) - 0.25) < 1e-12)
  }
}
