import Foundation
import TestSupport
import Testing

/// The numeric rows of a CSV, without the header.
func rows(_ csv: String) -> [[Double]] {
  csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
}

@Suite struct CurvesCommandTests {
  // motion-model §9 through the command line, to 1e-4.
  @Test func section9SpringVectors() throws {
    let r = try runFlipbook([
      "curves", "spring: {duration: 0.45, dampingRatio: 0.75}", "spring: {duration: 0.5, dampingRatio: 1.0, initialVelocity: 2.0}",
      "spring: {duration: 0.5, dampingRatio: 1}", "spring: {mass: 1, stiffness: 100, damping: 10}",
      "--times", "0.05,0.1,0.2,0.25,0.3,0.4,0.4499999,0.4999999,0.5,1.0",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let table = rows(r.stdout)
    #expect(table.count == 10)
    func value(_ row: Int, _ column: Int) -> Double { table[row][1 + 2 * column] }
    let a: [(Int, Double)] = [(0, 0.316700126), (1, 0.726762750), (2, 1.022004653), (4, 1.013756550), (6, 0.999201137), (8, 1)]
    for (row, y) in a { #expect(abs(value(row, 0) - y) < 1e-4, "D 0.45 row \(row)") }
    let b: [(Int, Double)] = [(0, 0.272018369), (1, 0.576437155), (2, 0.889301173), (4, 0.975296549), (5, 0.994908834), (7, 0.999)]
    for (row, y) in b { #expect(abs(value(row, 1) - y) < 1e-4, "D 0.5 v0 2 row \(row)") }
    let c: [(Int, Double)] = [(1, 0.550908374), (3, 0.944477184), (5, 0.994805111)]
    for (row, y) in c { #expect(abs(value(row, 2) - y) < 1e-4, "D 0.5 critical row \(row)") }
    let d: [(Int, Double)] = [(1, 0.340299847), (3, 1.023359580), (8, 1.074590567), (9, 1.002170117)]
    for (row, y) in d { #expect(abs(value(row, 3) - y) < 1e-4, "CA (1, 100, 10) row \(row)") }
  }

  @Test func section9Curves() throws {
    let r = try runFlipbook([
      "curves", "curve: easeIn, duration: 1", "curve: easeOut, duration: 1", "curve: easeInEaseOut, duration: 1",
      "curve: default, duration: 1", "--times", "0.25,0.5,0.75",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let expected: [[Double]] = [
      [0.093464651, 0.315356813, 0.621861869], [0.378138131, 0.684643187, 0.906535349],
      [0.129161931, 0.5, 0.870838069], [0.408510591, 0.802403388, 0.960458978],
    ]
    let table = rows(r.stdout)
    for (curve, values) in expected.enumerated() {
      for (row, y) in values.enumerated() { #expect(abs(table[row][1 + 2 * curve] - y) < 1e-4) }
    }
  }

  @Test func fpsSamplesThroughTheEnd() throws {
    let r = try runFlipbook(["curves", "curve: linear, duration: 0.1", "--fps", "50"])
    #expect(r.stdout == "time,value,velocity\n0,0.000000000,10.000000000\n0.02,0.200000000,10.000000000\n0.04,0.400000000,10.000000000\n0.06,0.600000000,10.000000000\n0.08,0.800000000,10.000000000\n0.1,1.000000000,0.000000000\n")
  }

  @Test func convertPrintsAllForms() throws {
    let r = try runFlipbook(["curves", "--convert", "spring: {duration: 0.5, bounce: 0.3}"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("stiffness: 157.913670417, damping: 17.59291886"))
  }

  @Test func badTimingIsAnErrorWithACaret() throws {
    let r = try runFlipbook(["curves", "spring: {duration: 0.4, dampingRatio: -0.2}"])
    #expect(r.status == 65)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("argument 1:1:"))
    #expect(r.stderr.contains("dampingRatio"))
    #expect(r.stderr.contains("^"))
  }

  @Test func undampedSpringIsAnError() throws {
    let r = try runFlipbook(["curves", "spring: {mass: 1, stiffness: 100, damping: 0}"])
    #expect(r.status == 65)
    // Out of range when read (damping must be > 0), before any sampling.
    #expect(r.stderr == """
      argument 1:1:44: error: damping must be > 0 and <= 1000000 (got 0)
      spring: {mass: 1, stiffness: 100, damping: 0}
                                                 ^

      """)
  }

  @Test func plotWritesAPNG() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-curves-\(getpid()).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let r = try runFlipbook(["curves", "spring: {duration: 0.44, dampingRatio: 0.82}", "--plot", path, "--times", "0.1"])
    #expect(r.status == 0, "\(r.stderr)")
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }

  @Test func unwritablePlotPrintsNothing() throws {
    let r = try runFlipbook(["curves", "curve: easeIn, duration: 0.3", "--plot", "/nonexistent-flipbook-dir/x.png"])
    #expect(r.status == 73)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("/nonexistent-flipbook-dir/x.png"))
  }

  @Test func convertRejectsCurves() throws {
    let r = try runFlipbook(["curves", "--convert", "curve: easeIn, duration: 0.3"])
    #expect(r.status == 64)
    #expect(r.stderr.hasPrefix("error: --convert needs a spring"))
  }

  @Test func badTimesIsAUsageError() throws {
    let r = try runFlipbook(["curves", "curve: linear, duration: 1", "--times", "0.1,abc"])
    #expect(r.status != 0)
    #expect(r.stderr.contains("'abc' is not a number"))
  }
}
