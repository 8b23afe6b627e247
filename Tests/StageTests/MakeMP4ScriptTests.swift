import Foundation
import Raster
import TestSupport
import Testing
@testable import Stage

/// `scripts/make-mp4` must produce a clip with the same stream properties as `render --mp4`.
/// Its PNG frames are made by ffmpeg here, so this test does not depend on Flipbook's encoder.
@Suite(.serialized) struct MakeMP4ScriptTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/make-mp4").path

  /// Frames 3...10 of a 33x17 clip at 24 fps, as PNG files plus a manifest.
  func frameFolder() throws -> String {
    let dir = makeTemporaryDirectory("makemp4")
    let ffmpeg = ExternalTool.find("ffmpeg")!
    for n in 3...10 {
      let raw = dir + "/f.rgba"
      _ = FileManager.default.createFile(atPath: raw, contents: Data(patternFrame(n, width: 33, height: 17).pixels))
      let r = try runProcess(ffmpeg, ["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "33x17", "-i", raw,
        dir + "/" + FrameDirectory.fileName(frame: n)])
      #expect(r.status == 0, "\(r.stderr)")
      try FileManager.default.removeItem(atPath: raw)
    }
    try AtomicFile.write(Manifest(
      fps: 24, pixelWidth: 33, pixelHeight: 17, scale: 1, frameCount: 20, frames: 3...10, sceneHash: "x", events: []).bytes,
      to: dir + "/manifest.json")
    return dir
  }

  @Test func sameTagsAsTheRawPipe() throws {
    let dir = try frameFolder()
    let scripted = dir + "/scripted.mp4"
    let r = try runProcess("/bin/bash", [Self.script, dir, scripted])
    #expect(r.status == 0, "\(r.stderr)")
    let piped = dir + "/piped.mp4"
    try ClipWriter.render(
      manifest: Manifest(fps: 24, pixelWidth: 33, pixelHeight: 17, scale: 1, frameCount: 20, frames: 3...10, sceneHash: "x", events: []),
      outputs: ClipOutputs(mp4: piped), pipeline: FramePipeline(jobs: 2),
      frame: { patternFrame($0, width: 33, height: 17) }, encode: rawEncode)
    let a = try MP4Verifier.probe(scripted), b = try MP4Verifier.probe(piped)
    #expect(a.fields == b.fields)
    #expect(a.frameCount == 8 && a.width == 34 && a.height == 18 && a.fields["r_frame_rate"] == "24/1")
    #expect(a.colorTags == ["color_primaries": "bt709", "color_transfer": "bt709", "color_space": "bt709", "color_range": "tv"])
  }

  /// The script's presets are ClipQuality's, read from the built binary (`flipbook quality`):
  /// x264's arguments, and the profile the script's ffprobe check expects.
  @Test(arguments: ClipQuality.allCases)
  func presetsComeFromTheBinary(_ quality: ClipQuality) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["FLIPBOOK"] = flipbookBinary
    let r = try runProcess("/bin/bash", [Self.script, "--x264-arguments", quality.rawValue], environment: environment)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == quality.x264Arguments.joined(separator: " ") + "\n")
    let printed = try runProcess(flipbookBinary, ["quality", quality.rawValue])
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(printed.stdout == quality.x264Arguments.joined(separator: " ") + "\n" + quality.profile + "\n" + MP4Settings.encoderTunables + "\n")
  }

  @Test func unknownQualityIsRefused() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["FLIPBOOK"] = flipbookBinary
    let r = try runProcess("/bin/bash", [Self.script, "--x264-arguments", "best"], environment: environment)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("make-mp4: error: --quality 'best': Error: The value 'best' is invalid"), "\(r.stderr)")
  }

  @Test func missingFrameFailsWithoutOutput() throws {
    let dir = try frameFolder()
    try FileManager.default.removeItem(atPath: dir + "/frame_00007.png")
    let out = dir + "/clip.mp4"
    let r = try runProcess("/bin/bash", [Self.script, dir, out])
    #expect(r.status != 0)
    #expect(r.stderr == "make-mp4: error: \(dir)/frame_00007.png is missing (the manifest lists frames 3..10)\n")
    #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: out + ".tmp"))
  }

  /// A frame cut short used to be skipped by ffmpeg, which then repeated its neighbour and
  /// still wrote the expected number of frames: the clip passed every check.
  @Test func truncatedFrameFailsWithoutOutput() throws {
    let dir = try frameFolder()
    let frame = dir + "/frame_00007.png"
    let whole = try #require(bytes(frame))
    try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: frame))
    let out = dir + "/clip.mp4"
    let r = try runProcess("/bin/bash", [Self.script, dir, out])
    #expect(r.status != 0)
    #expect(r.stderr.hasSuffix("make-mp4: error: ffmpeg failed (its message is above; a frame that does not decode stops the clip)\n"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: out + ".tmp"))
  }
}
