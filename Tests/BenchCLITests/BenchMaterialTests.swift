import Foundation
import PNG
import Raster
import TestSupport
import Testing

/// `flipbook bench --material` end to end, on the flat grey photos of BenchCommandTests.
@Suite struct BenchMaterialTests {
  @Test func materialBenchWritesReportFrameAndBackdrop() throws {
    let assets = try BenchCommandTests.makeAssets()
    defer { try? FileManager.default.removeItem(atPath: assets) }
    let frame = "\(assets)/frame.png", backdrop = "\(assets)/backdrop.png", json = "\(assets)/m.json"
    let r = try runFlipbook([
      "bench", "--material", "--scale", "2", "--runs", "2", "--assets", assets,
      "--frame-out", frame, "--backdrop-out", backdrop, "--json", json,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("780 x 200 px bar at (0, 0) (scale 2), 2 runs"), "\(r.stdout)")
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
    #expect(report?["bar"] as? [Int] == [0, 0, 780, 200])
    #expect(report?["sigma"] as? Double == 40)  // 20 pt at scale 2
    #expect(report?["tint"] as? String == "#FBFBFDCC")
    #expect(((report?["milliseconds"] as? [String: Any])?["samples"] as? [Double])?.count == 2)
    let out = try PNGDecoder().decode(contentsOf: frame), under = try PNGDecoder().decode(contentsOf: backdrop)
    // Below the bar nothing changes; in it the material replaced the grid's flat grey 100.
    #expect(out.pixel(x: 300, y: 1200) == (100, 100, 100, 255) && under.pixel(x: 300, y: 1200) == (100, 100, 100, 255))
    #expect(under.pixel(x: 300, y: 150) == (100, 100, 100, 255))
    let bar = out.pixel(x: 300, y: 150)
    #expect(bar.r > 200 && bar.a == 255, "\(bar)")
  }

  @Test func materialOptionsAreChecked() throws {
    let r = try runFlipbook(["bench", "--backdrop-out", "/tmp/x.png"])
    #expect(r.status == 64 && r.stderr.contains("--backdrop-out needs --material"))
    let both = try runFlipbook(["bench", "--material", "--scene", "x.yaml"])
    #expect(both.status == 64 && both.stderr.contains("--material and --scene are separate benchmarks"))
  }
}
