import Foundation
import Raster
import TestSupport
import Testing
@testable import Stage

func solidFrame(width: Int, height: Int, r: UInt8, g: UInt8, b: UInt8) -> Bitmap {
  var px = [UInt8](repeating: 255, count: width * height * 4)
  for i in 0..<(width * height) { px[4 * i] = r; px[4 * i + 1] = g; px[4 * i + 2] = b }
  return Bitmap(width: width, height: height, pixels: px)
}

@Suite(.serialized) struct MP4Tests {
  func manifest(width: Int, height: Int, frames: Int, fps: Double) -> Manifest {
    Manifest(
      fps: fps, pixelWidth: width, pixelHeight: height, scale: 1, frameCount: frames, frames: 0...(frames - 1),
      sceneHash: "t", events: [])
  }

  @Test func rawPipeProducesATaggedEvenH264Clip() throws {
    let dir = makeTemporaryDirectory("mp4")
    let out = dir + "/clip.mp4"
    try ClipWriter.render(
      manifest: manifest(width: 33, height: 17, frames: 12, fps: 30), outputs: ClipOutputs(mp4: out),
      pipeline: FramePipeline(jobs: 2), frame: { _ in solidFrame(width: 33, height: 17, r: 255, g: 0, b: 0) },
      encode: rawEncode)
    #expect(listing(dir) == ["clip.mp4"])
    let info = try MP4Verifier.probe(out)
    #expect(info.codec == "h264")
    #expect(info.profile == "High")
    #expect(info.pixelFormat == "yuv420p")
    #expect(info.width == 34 && info.height == 18)  // padded, not resized
    #expect(info.frameCount == 12)
    #expect(info.frameRate == 30)
    #expect(info.colorTags == [
      "color_primaries": "bt709", "color_transfer": "bt709", "color_space": "bt709", "color_range": "tv",
    ])
    // Pure red through BT.709 limited range: Y = 16 + 219·0.2126 = 62.6,
    // Cb = 128 − 224·0.2126/1.8556 = 102.3, Cr = 128 + 112 = 240.
    let ffmpeg = ExternalTool.find("ffmpeg")!
    let yuv = try runProcess(ffmpeg, ["-v", "error", "-i", out, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"]).stdoutBytes
    #expect(yuv.count == 34 * 18 * 3 / 2)
    let y = Int(yuv[8 * 34 + 8]), cb = Int(yuv[34 * 18 + 4 * 17 + 4]), cr = Int(yuv[34 * 18 + 9 * 17 + 4 * 17 + 4])
    #expect(abs(y - 63) <= 2, "Y = \(y)")
    #expect(abs(cb - 102) <= 2, "Cb = \(cb)")
    #expect(abs(cr - 240) <= 2, "Cr = \(cr)")
  }

  @Test func verifierRejectsAWrongFrameCount() throws {
    let dir = makeTemporaryDirectory("mp4count")
    let out = dir + "/clip.mp4"
    try ClipWriter.render(
      manifest: manifest(width: 16, height: 16, frames: 5, fps: 60), outputs: ClipOutputs(mp4: out),
      pipeline: FramePipeline(jobs: 1), frame: { patternFrame($0, width: 16, height: 16) }, encode: rawEncode)
    #expect(throws: StageError.mp4("\(out) failed verification: frame count is 5, expected 6")) {
      try MP4Verifier.verify(out, width: 16, height: 16, fps: 60, frameCount: 6)
    }
  }

  @Test func failedRenderLeavesNoClip() throws {
    let dir = makeTemporaryDirectory("mp4fail")
    let out = dir + "/clip.mp4"
    #expect(throws: StageError.frame(7, reason: "injected failure")) {
      try ClipWriter.render(
        manifest: manifest(width: 16, height: 16, frames: 20, fps: 60), outputs: ClipOutputs(directory: dir + "/png", mp4: out),
        pipeline: FramePipeline(jobs: 2),
        frame: { n in
          if n == 7 { throw InjectedFailure() }
          return patternFrame(n, width: 16, height: 16)
        }, encode: rawEncode)
    }
    #expect(listing(dir) == ["png"])
    #expect(!listing(dir + "/png").contains { $0.hasSuffix(".tmp") || $0 == "manifest.json" })
  }

  /// The frames are converted to yuv420p on the worker threads, in any order; the clip must
  /// not depend on how many there are.
  @Test func sameClipBytesForAnyJobs() throws {
    let dir = makeTemporaryDirectory("mp4jobs")
    var clips: [[UInt8]] = []
    for jobs in [1, 3] {
      let out = dir + "/clip\(jobs).mp4"
      try ClipWriter.render(
        manifest: manifest(width: 33, height: 21, frames: 10, fps: 30), outputs: ClipOutputs(mp4: out),
        pipeline: FramePipeline(jobs: jobs), frame: { patternFrame($0, width: 33, height: 21) }, encode: rawEncode)
      clips.append(try #require(bytes(out)))
    }
    #expect(clips[0] == clips[1])
  }

  /// ffmpeg's input pipe holds a whole frame when the system allows it, else as much as it
  /// allows (fs.pipe-max-size: 1 MiB by default; even root needs CAP_SYS_RESOURCE for more).
  @Test func pipeHoldsAWholeFrame() throws {
    let dir = makeTemporaryDirectory("mp4pipe")
    let writer = try MP4Writer(path: dir + "/clip.mp4", width: 1170, height: 2532, fps: 60)
    defer { writer.abort() }
    let frame = 1170 * 2532 * 3 / 2
    let most = Int((try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    #expect(most > 0)
    #expect(writer.pipeBufferBytes >= min(frame, most))
  }

  @Test func rationalFrameRates() {
    #expect(MP4Settings.rational(60) == "60")
    #expect(MP4Settings.rational(29.97002997002997) == "30000/1001")
    #expect(MP4Settings.rational(12.5) == "25/2" || MP4Settings.rational(12.5) == "125/10")
  }
}
