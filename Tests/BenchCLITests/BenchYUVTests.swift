import Foundation
import TestSupport
import Testing

/// `flipbook bench --yuv` end to end, on the flat grey photos of BenchCommandTests: the report
/// names the frame's size and the kernels this process ran, which follow
/// FLIPBOOK_PORTABLE_KERNELS.
@Suite struct BenchYUVTests {
  @Test func yuvBenchReportsTheConversion() throws {
    let assets = try BenchCommandTests.makeAssets()
    defer { try? FileManager.default.removeItem(atPath: assets) }
    let json = "\(assets)/y.json"
    var environment = ProcessInfo.processInfo.environment
    environment["FLIPBOOK_PORTABLE_KERNELS"] = "1"
    let r = try runFlipbook(["bench", "--yuv", "--scale", "2", "--runs", "2", "--assets", assets, "--json", json], environment: environment)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("canonical frame 780 x 1688 px (scale 2) to yuv420p, 2 runs"), "\(r.stdout)")
    #expect(r.stdout.contains("kernels: portable"), "\(r.stdout)")
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
    #expect(report?["width"] as? Int == 780 && report?["height"] as? Int == 1688)
    #expect(report?["kernels"] as? String == "portable")
    let samples = (report?["milliseconds"] as? [String: Any])?["samples"] as? [Double]
    #expect(samples?.count == 2 && samples?.allSatisfy { $0 > 0 } == true)
  }

  @Test func yuvOptionsAreChecked() throws {
    let both = try runFlipbook(["bench", "--yuv", "--material"])
    #expect(both.status == 64 && both.stderr.contains("--yuv, --material and --scene are separate benchmarks"), "\(both.stderr)")
    let frame = try runFlipbook(["bench", "--yuv", "--frame-out", "/tmp/x.png"])
    #expect(frame.status == 64 && frame.stderr.contains("--frame-out does not apply to --yuv"), "\(frame.stderr)")
  }
}
