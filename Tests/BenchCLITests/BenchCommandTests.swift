import Foundation
import PNG
import Raster
import TestSupport
import Testing

/// `flipbook bench` end to end, on flat grey photos of the real sizes written to a temp folder.
@Suite struct BenchCommandTests {
  static func makeAssets() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cli-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, w, h) in [("coffee", 600, 400), ("chelsea", 451, 300), ("rocket", 640, 427)] {
      var pixels = [UInt8](repeating: 100, count: w * h * 4)
      for k in stride(from: 3, to: pixels.count, by: 4) { pixels[k] = 255 }
      try Data(PNGEncoder(level: 1).encode(Bitmap(width: w, height: h, pixels: pixels), name: "\(folder)/\(name).png")).write(to: URL(fileURLWithPath: "\(folder)/\(name).png"))
    }
    return folder
  }

  @Test func benchWritesFrameReportAndJSON() throws {
    let assets = try Self.makeAssets()
    defer { try? FileManager.default.removeItem(atPath: assets) }
    let frame = "\(assets)/frame.png", json = "\(assets)/bench.json"
    let r = try runFlipbook([
      "bench", "--scale", "2", "--runs", "2", "--encoders", "frames", "--assets", assets,
      "--frame-out", frame, "--json", json,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("canonical frame 780 x 1688 px (scale 2), 2 runs"))
    #expect(r.stdout.contains("frames (RGB L1 rle per-row, 64-row strips)"))
    let bitmap = try PNGDecoder().decode(contentsOf: frame)
    #expect(bitmap.width == 780 && bitmap.height == 1688)
    #expect(bitmap.pixel(x: 10, y: 10) == (153, 153, 153, 255))  // white under the 0.4 dim
    // A grid pixel: grey 100 dimmed, 100 × 0.6 = 60.
    #expect(bitmap.pixel(x: 300, y: 1200) == (60, 60, 60, 255))
    let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
    let render = report?["render"] as? [String: Any]
    #expect((render?["samples"] as? [Double])?.count == 2)
    let encodings = report?["encodings"] as? [[String: Any]]
    #expect(encodings?.count == 1)
    #expect(encodings?.first?["roundTrips"] as? Bool == true)
  }

  @Test func badScaleIsAUsageError() throws {
    let r = try runFlipbook(["bench", "--scale", "4"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("--scale must be 2 or 3, got 4"))
  }

  @Test func missingAssetsFolderIsNamed() throws {
    let r = try runFlipbook(["bench", "--assets", "/nonexistent/assets"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("--assets /nonexistent/assets: no such folder"))
  }

  @Test func corruptAssetNamesItsPath() throws {
    let assets = try Self.makeAssets()
    defer { try? FileManager.default.removeItem(atPath: assets) }
    let rocket = "\(assets)/rocket.png"
    let bytes = try Data(contentsOf: URL(fileURLWithPath: rocket))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: rocket))
    let r = try runFlipbook(["bench", "--assets", assets, "--runs", "1", "--encoders", "none"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("\(rocket): error: truncated PNG"))
  }
}
