import ArgumentParser
import Charts
import Foundation
import Motion
import PNG
import Raster
import Scene

/// `flipbook curves`: samples timings written in the scene format's own syntax.
struct CurvesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "curves",
    abstract: "Print (or plot) sampled values of spring and curve timings written as a scene writes them.",
    discussion: """
      Each argument is one timing in scene syntax, for example:
        'spring: {duration: 0.44, dampingRatio: 0.82}'
        'spring: {duration: 0.5, dampingRatio: 1, initialVelocity: 2}'
        'spring: {mass: 1, stiffness: 100, damping: 10}'
        'spring: {response: 0.35, dampingFraction: 0.86}'
        'spring: {duration: 0.5, bounce: 0.3}'
        'curve: easeIn, duration: 0.32'
        'curve: [0.25, 0.1, 0.25, 1], duration: 0.5, delay: 0.1'
      Values are progress (0 at the start, 1 at the end); velocity is progress per second.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json }

  @Argument(help: "Timings in scene syntax (quote each one).")
  var timings: [String] = []

  @Option(help: "Sampling rate in frames per second (samples at 0, 1/fps, 2/fps, … through the last end).")
  var fps: Double = 60

  @Option(help: ArgumentHelp("Sample at these times instead (seconds, comma separated).", valueName: "t1,t2,…"))
  var times: String?

  @Option(help: "Sample until this time (seconds) instead of the last timing's end.")
  var until: Double?

  @Option(help: "Output format: csv or json.")
  var format: Format = .csv

  @Flag(help: "Print one spring in all its parameterisations (UIKit, Core Animation, SwiftUI) and its settling durations.")
  var convert = false

  @Option(help: ArgumentHelp("Also draw the timings as a chart into this PNG file.", valueName: "file.png"))
  var plot: String?

  func validate() throws {
    if timings.isEmpty { throw ValidationError("Give at least one timing, e.g. 'spring: {duration: 0.44, dampingRatio: 0.82}'.") }
    if convert && timings.count != 1 { throw ValidationError("--convert takes exactly one spring.") }
    guard fps.isFinite, fps > 0, fps <= 100_000 else { throw ValidationError("--fps must be in (0, 100000] (got \(fps)).") }
    if let until, !(until.isFinite && until >= 0) { throw ValidationError("--until must be a time >= 0 in seconds (got \(until)).") }
    if times != nil, until != nil {
      throw ValidationError("--until and --times do not go together: --times lists every sample time, --until ends the --fps sampling.")
    }
    if let times { _ = try parseTimes(times) }
  }

  func run() throws {
    var specs: [(text: String, spec: TimingSpec, timing: Timing)] = []
    var failed = false
    for (i, text) in timings.enumerated() {
      do {
        let spec = try TimingSpec.parse(text, name: "argument \(i + 1)")
        let timing = try spec.motionTiming()
        specs.append((text, spec, timing))
      } catch let report as DiagnosticReport {
        FileHandle.standardError.write(Data((report.description + Self.syntaxHint(text)).utf8))
        failed = true
      } catch let diagnostic as SceneDiagnostic {
        let report = DiagnosticReport([diagnostic], sources: [.snippet("argument \(i + 1)"): text])
        FileHandle.standardError.write(Data((report.description + Self.syntaxHint(text)).utf8))
        failed = true
      }
    }
    if failed { throw ExitCode(65) }

    if convert {
      guard let params = specs[0].spec.motionSpringParameters, case .spring(let s) = specs[0].spec.kind else {
        fail("--convert needs a spring, not a curve ('\(specs[0].text)').", code: 64)
      }
      let conversion = try SpringConversion(params, initialVelocity: s.initialVelocity, text: specs[0].text)
      print(format == .json ? conversion.json() : conversion.report(), terminator: "")
      return
    }

    let sampleTimes = try self.sampleTimes(for: specs.map(\.timing))
    let table = CurveTable(columns: specs.map { CurveTable.Column(label: $0.text, timing: $0.timing) }, times: sampleTimes)
    let text = format == .csv ? table.csv() : table.json()

    // The chart first: if it cannot be written, nothing is printed.
    if let plot {
      let chart = CurveChart(series: specs.map { CurveChart.Series(label: $0.text, timing: $0.timing) }, until: until)
      let bitmap: Raster.Bitmap
      do {
        bitmap = try chart.render()
      } catch {
        fail("cannot draw the chart: \(error)", code: 70)
      }
      do {
        try writePNG(bitmap, to: plot, encoder: PNGEncoder(level: 6), makeFolder: false)  // temporary sibling, then rename
      } catch {
        fail("\(error)", code: 73)
      }
    }
    print(text, terminator: "")
  }

  /// A hint for a timing written as Swift (`spring(duration: 0.5, bounce: 0.2)`, `.easeIn`)
  /// rather than in scene syntax; empty otherwise.
  static func syntaxHint(_ text: String) -> String {
    let t = text.trimmingCharacters(in: .whitespaces)
    let swiftLike = t.hasPrefix(".") || t.range(of: #"^[A-Za-z]+\s*\("#, options: .regularExpression) != nil
    guard swiftLike else { return "" }
    return "hint: write a timing as a scene does, a key and its value: "
      + "'spring: {duration: 0.5, bounce: 0.2}', 'spring: {duration: 0.44, dampingRatio: 0.82}', "
      + "'curve: easeIn, duration: 0.3' (see flipbook curves --help)\n"
  }

  /// Prints `message` to standard error and exits with `code`.
  private func fail(_ message: String, code: Int32) -> Never {
    let text = message.hasPrefix("error:") || message.contains(": error:") ? message : "error: " + message
    FileHandle.standardError.write(Data((text + "\n").utf8))
    Foundation.exit(code)
  }

  private func sampleTimes(for timings: [Timing]) throws -> [Double] {
    if let times { return try parseTimes(times) }
    let end = until ?? timings.map(\.endTime).max() ?? 0
    let count = (end * fps).rounded(.up)
    guard count <= 1_000_000 else {
      fail("that is \(Int(count) + 1) samples (\(String(format: "%.1f", end)) s at \(fps) fps); use --until, --times or a lower --fps.", code: 64)
    }
    return (0...Int(count)).map { Double($0) / fps }
  }

  private func parseTimes(_ text: String) throws -> [Double] {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    return try parts.map { part in
      guard let t = Double(part), t.isFinite else {
        throw ValidationError("--times takes comma-separated seconds, e.g. 0.05,0.1,0.2 ('\(part)' is not a number).")
      }
      return t
    }
  }
}
