import Foundation
import PNG
import Raster
import TestSupport
import Testing
import YUV

/// `YUV420Frame(converting:)` against ffmpeg's own conversion, the one `render --mp4` used
/// before (`pad=…,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p`, default flags):
/// every Y, Cb and Cr byte within one code value, on catalog frames and on noise.
@Suite(.serialized) struct FFmpegAgreementTests {
  static let filter = "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:black,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"

  func ffmpegPlanes(_ bitmap: Bitmap) throws -> [UInt8] {
    let dir = FileManager.default.temporaryDirectory.path + "/flipbook-yuv-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let raw = dir + "/in.rgba"
    _ = FileManager.default.createFile(atPath: raw, contents: Data(bitmap.pixels))
    let r = try runProcess("ffmpeg", [
      "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(bitmap.width)x\(bitmap.height)", "-i", raw,
      "-vf", Self.filter, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    return r.stdoutBytes
  }

  /// The largest difference per plane (Y, Cb, Cr).
  func maxDifference(_ bitmap: Bitmap) throws -> [Int] {
    let ours = YUV420Frame(converting: bitmap)
    let theirs = try ffmpegPlanes(bitmap)
    #expect(theirs.count == ours.bytes.count)
    guard theirs.count == ours.bytes.count else { return [999] }
    let luma = ours.width * ours.height, chroma = luma / 4
    let ranges = [0..<luma, luma..<(luma + chroma), (luma + chroma)..<(luma + 2 * chroma)]
    return ranges.map { r in r.map { abs(Int(ours.bytes[$0]) - Int(theirs[$0])) }.max() ?? 0 }
  }

  @Test(arguments: [
    ("t2-photos-drag-to-dismiss", "0.5"), ("t1-modal-card", "0.3"), ("t6-full-page-swipe-back", "0.4"),
    ("t8-pull-up-player", "0.6"), ("t9-system-sheet", "0.35"),
  ])
  func catalogFramesWithinOneCodeValue(scene: String, time: String) throws {
    let dir = FileManager.default.temporaryDirectory.path + "/flipbook-yuvcat-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let png = dir + "/frame.png"
    let scenePath = repositoryRoot.appendingPathComponent("Scenes/\(scene).yaml").path
    let r = try runFlipbook(["still", scenePath, "--time", time, "--scale", "1", "-o", png])
    try #require(r.status == 0, "\(r.stderr)")
    let bitmap = try PNGDecoder().decode(contentsOf: png)
    #expect(try maxDifference(bitmap).allSatisfy { $0 <= 1 })
  }

  /// Noise is the worst case for the chroma filter (every tap matters); 33 x 17 is odd both
  /// ways. (Frames at most 8 px high, after padding, differ: ffmpeg shortens its filter there.)
  @Test(arguments: [(64, 48), (33, 17), (7, 9), (1, 10)])
  func noiseWithinOneCodeValue(width: Int, height: Int) throws {
    var rng = SplitMix64(seed: UInt64(width * 1000 + height))
    var px = [UInt8](repeating: 255, count: width * height * 4)
    for i in 0..<(width * height) {
      for c in 0..<3 { px[4 * i + c] = UInt8(truncatingIfNeeded: rng.next()) }
    }
    let d = try maxDifference(Bitmap(width: width, height: height, pixels: px))
    #expect(d.allSatisfy { $0 <= 1 }, "max differences \(d)")
  }
}
