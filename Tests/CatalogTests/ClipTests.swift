import Foundation
import Scene
import Stage
import TestSupport
import Testing

/// The default catalog clip, rendered by the built `flipbook` binary straight to MP4 and read
/// back by ffprobe (an independent tool): codec, profile, pixel format, BT.709 tags, limited
/// range, size, exact fps, frame count and duration. Rendered at scale 0.5 to keep CI cheap;
/// the encoder settings do not depend on the scale.
@Suite struct ClipTests {
  @Test(arguments: [nil, "cancelling"] as [String?])
  func defaultSceneClipPassesFFprobeChecks(variant: String?) throws {
    let stem = "t2-photos-drag-to-dismiss"
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("flipbook-clip-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = dir + "/clip.mp4"

    let r = try runFlipbook(
      ["render", Catalog.path(stem), "--mp4", out, "--scale", "0.5"] + (variant.map { ["--variant", $0] } ?? []))
    #expect(r.status == 0, "\(r.stderr)")

    // What the clip must hold: the scene's own frame count at 60 fps (from the simulation),
    // and 390 x 844 pt at scale 0.5 = 195 x 422 px, padded (never resized) to the even 196 x 422.
    let document = try Catalog.load(stem, variant: variant)
    let frames = try Clip(document: document, fps: 60, scale: 0.5).frameCount

    let probe = try ClipProbe.read(out)
    #expect(probe.codec == "h264")
    #expect(probe.profile == "High")
    #expect(probe.pixelFormat == "yuv420p")
    #expect(probe.colorPrimaries == "bt709")
    #expect(probe.colorTransfer == "bt709")
    #expect(probe.colorSpace == "bt709")
    #expect(probe.colorRange == "tv")
    #expect(probe.width == 196 && probe.height == 422)
    #expect(probe.frameRate == "60/1")
    #expect(probe.frameCount == frames)
    #expect(abs(probe.duration - Double(frames) / 60) < 0.001)
  }
}
