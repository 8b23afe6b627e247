import Foundation
import TestSupport
import Testing

/// scripts/make-gif, checked by reading the GIF's own blocks (GIFStructure), not ffprobe.
@Suite(.serialized) struct MakeGIFTests {
  let script = repositoryRoot.appendingPathComponent("scripts/make-gif").path

  /// A 100-frame, 60 fps H.264 clip (1.6667 s) made by ffmpeg's test source.
  func makeClip(in dir: URL, frames: Int = 100) throws -> URL {
    let clip = dir.appendingPathComponent("clip.mp4")
    let r = try runProcess("ffmpeg", [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=60", "-frames:v", "\(frames)",
      "-c:v", "libx264", "-pix_fmt", "yuv420p", clip.path,
    ])
    try #require(r.status == 0, "ffmpeg could not make the test clip: \(r.stderr)")
    return clip
  }

  @Test func delaysSumToTheClipsDurationAt50fps() throws {
    let dir = try makeTemporaryFolder("gif50")
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try makeClip(in: dir)
    let gif = dir.appendingPathComponent("clip.gif")
    let r = try runProcess("bash", [script, clip.path, gif.path])
    try #require(r.status == 0, "\(r.stderr)")
    let g = try GIFStructure(Array(try Data(contentsOf: gif)))
    // 100 frames at 60 fps last 166.67 cs: 167 cs to the nearest centisecond.
    #expect(g.delays.reduce(0, +) == 167)
    // ceil(1.6667 s * 50) = 84 samples; the 84th would last 1 cs (browsers play that as 10),
    // so the next-to-last is dropped and the last shown 3 cs: 82 * 2 + 3 = 167.
    #expect(g.delays.count == 83)
    #expect(g.delays.dropLast().allSatisfy { $0 == 2 })
    #expect(g.delays.last == 3)
    #expect(g.width == 96 && g.height == 64)
    #expect(g.loopCount == 0)
  }

  @Test func delaysAreExactAt25fpsFromAFrameFolder() throws {
    let dir = try makeTemporaryFolder("gif25")
    defer { try? FileManager.default.removeItem(at: dir) }
    let frames = dir.appendingPathComponent("frames")
    try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
    let r0 = try runProcess("ffmpeg", [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=60", "-frames:v", "30",
      "-start_number", "0", frames.appendingPathComponent("frame_%05d.png").path,
    ])
    try #require(r0.status == 0, "\(r0.stderr)")
    try #"{"fps": 60, "frameCount": 30}"#.write(
      to: frames.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
    let gif = dir.appendingPathComponent("frames.gif")
    let r = try runProcess("bash", [script, frames.path, gif.path, "--fps", "25", "--width", "32"])
    try #require(r.status == 0, "\(r.stderr)")
    let g = try GIFStructure(Array(try Data(contentsOf: gif)))
    // 30 frames at 60 fps = 0.5 s = 50 cs; 25 fps gives 12.5 -> 13 samples of 4 cs, the last 2.
    #expect(g.delays == Array(repeating: 4, count: 12) + [2])
    #expect(g.width == 32 && g.height == 24)
  }

  @Test func writesAWebMWithEveryFrame() throws {
    let dir = try makeTemporaryFolder("webm")
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try makeClip(in: dir, frames: 12)
    let gif = dir.appendingPathComponent("clip.gif")
    let r = try runProcess("bash", [script, clip.path, gif.path, "--webm"])
    try #require(r.status == 0, "\(r.stderr)")
    let webm = dir.appendingPathComponent("clip.webm")
    let probe = try runProcess("ffprobe", [
      "-v", "error", "-count_frames", "-show_entries", "stream=codec_name,nb_read_frames", "-of", "csv=p=0", webm.path,
    ])
    #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "vp9,12")
  }

  @Test(arguments: [["--fps", "60"], ["--fps", "30"], ["--width", "abc"], ["--bogus"]])
  func rejectsBadOptionsWithoutWritingAnything(_ options: [String]) throws {
    let dir = try makeTemporaryFolder("gifbad")
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try makeClip(in: dir, frames: 6)
    let gif = dir.appendingPathComponent("out.gif")
    let r = try runProcess("bash", [script, clip.path, gif.path] + options)
    #expect(r.status != 0)
    #expect(r.stderr.contains("make-gif: error:"))
    #expect(!FileManager.default.fileExists(atPath: gif.path))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".make-gif") }
    #expect(leftovers.isEmpty)
  }
}
