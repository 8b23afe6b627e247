import Foundation
import TestSupport
import Testing

/// scripts/make-gif, checked by reading the GIF's own blocks (GIFStructure), not ffprobe.
@Suite(.serialized) struct MakeGIFTests {
  let script = repositoryRoot.appendingPathComponent("scripts/make-gif").path

  /// A 100-frame, 60 fps H.264 clip (1.6667 s) made by ffmpeg's test source.
  func makeClip(in dir: URL, frames: Int = 100, size: String = "96x64") throws -> URL {
    let clip = dir.appendingPathComponent("clip.mp4")
    let r = try runProcess("ffmpeg", [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(size):rate=60", "-frames:v", "\(frames)",
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

  /// Under --max-size a GIF gives up frames per second and colours before width, and never
  /// gets narrower than 320 px: a phone-sized clip (390 px) at 360 px, capped at 55 % of its
  /// full GIF, comes out 360 px wide at a lower rate and says so (it used to come out about
  /// 240 px wide at 50 fps); a cap no legible GIF of it meets fails at 320 px, 10 fps and 32
  /// colours, names the clip to share instead, and writes nothing.
  @Test func maxSizeKeepsTheWidthLegible() throws {
    let dir = try makeTemporaryFolder("gif-legible")
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try makeClip(in: dir, frames: 30, size: "390x844")
    let full = dir.appendingPathComponent("full.gif")
    let r0 = try runProcess("bash", [script, clip.path, full.path, "--width", "360"])
    try #require(r0.status == 0, "\(r0.stderr)")
    let size = try FileManager.default.attributesOfItem(atPath: full.path)[.size] as! Int
    let capped = dir.appendingPathComponent("capped.gif")
    let cap = size * 55 / 100
    let r1 = try runProcess("bash", [script, clip.path, capped.path, "--width", "360", "--max-size", String(cap)])
    try #require(r1.status == 0, "\(r1.stderr)")
    let g = try GIFStructure(Array(try Data(contentsOf: capped)))
    #expect(g.width == 360)
    let cappedSize = try FileManager.default.attributesOfItem(atPath: capped.path)[.size] as! Int
    #expect(cappedSize <= cap)
    // 30 frames at 60 fps = 50 cs: at 50 fps 25 frames of 2 cs; fewer, longer frames now.
    let shortest = g.delays.dropLast().min() ?? 0
    #expect(g.delays.reduce(0, +) == 50 && g.delays.count < 25 && shortest >= 4, "\(g.delays)")
    #expect(r1.stderr.contains("make-gif: to fit --max-size \(cap): ") && r1.stderr.contains("fps instead of 50"), "\(r1.stderr)")
    #expect(!r1.stderr.contains("px wide instead of"), "\(r1.stderr)")
    // Too small for any legible GIF of it.
    let tiny = dir.appendingPathComponent("tiny.gif")
    let r2 = try runProcess("bash", [script, clip.path, tiny.path, "--width", "360", "--max-size", "2000"])
    #expect(r2.status != 0)
    #expect(r2.stderr.contains("even at 320 px, 10 fps and 32 colours"), "\(r2.stderr)")
    #expect(r2.stderr.contains("share \(clip.path) (the clip) instead"), "\(r2.stderr)")
    #expect(!FileManager.default.fileExists(atPath: tiny.path))
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
