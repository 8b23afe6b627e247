import Foundation
import TestSupport
import Testing
@testable import Stage

/// The built `flipbook` binary end to end (built alongside the tests by `swift build --build-tests`).
@Suite(.serialized) struct CLITests {
  @Test func renderWritesFramesAndManifest() throws {
    let dir = makeTemporaryDirectory("cli")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--jobs", "2"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(listing(dir + "/out") == [FolderLock.fileName] + (0...5).map { FrameDirectory.fileName(frame: $0) } + ["manifest.json"])
    let manifest = String(decoding: bytes(dir + "/out/manifest.json") ?? [], as: UTF8.self)
    #expect(manifest.contains("\"frameCount\": 6,"))
    #expect(manifest.contains("\"sceneHash\": \""))
    #expect(r.stderr.isEmpty)  // no progress bar when stderr is not a terminal
    // The same frame from `still --frame`.
    let s = try runFlipbook(["still", Fixtures.path("tiny.yaml"), "--frame", "2", "-o", dir + "/still.png", "--png-level", "1"])
    #expect(s.status == 0, "\(s.stderr)")
    #expect(bytes(dir + "/still.png") == bytes(dir + "/out/frame_00002.png"))
  }

  @Test func invalidSceneWritesNothing() throws {
    let dir = makeTemporaryDirectory("cli-bad")
    let scene = dir + "/bad.yaml"
    let text = (try String(contentsOfFile: Fixtures.path("tiny.yaml"), encoding: .utf8))
      .replacingOccurrences(of: "assets/red.png", with: Fixtures.directory + "/assets/red.png")
      .replacingOccurrences(of: "assets/wide.png", with: Fixtures.directory + "/assets/wide.png")
      .replacingOccurrences(of: "duration: 0.3}", with: "duration: -0.3}")
    try text.write(toFile: scene, atomically: true, encoding: .utf8)
    let r = try runFlipbook(["render", scene, "-o", dir + "/out"])
    #expect(r.status == 65)
    #expect(r.stderr.contains("bad.yaml:"))
    #expect(r.stderr.contains("error:"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
  }

  @Test func badFramesRangeIsAnErrorBeforeWriting() throws {
    let dir = makeTemporaryDirectory("cli-range")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--frames", "3..9"])
    #expect(r.status == 1)
    #expect(r.stderr == "flipbook: error: bad frame range '3..9': the clip has 6 frames (0..5), frame 9 is past its end\n")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
  }

  /// The MP4's bytes do not depend on the machine: the same render on one core and on two
  /// writes the same file (x264's thread count is fixed, `ClipQuality.encoderThreads`; with
  /// x264's default the two files differed).
  @Test func mp4IsTheSameBytesOnOneCoreAndOnTwo() throws {
    try #require(ProcessInfo.processInfo.activeProcessorCount >= 2, "needs two cores")
    let dir = makeTemporaryDirectory("cli-mp4-cores")
    for cores in ["0", "0,1"] {
      let r = try runProcess("/usr/bin/taskset", ["-c", cores, flipbookBinary, "render", Fixtures.path("tiny.yaml"),
                                                 "--mp4", dir + "/cores-\(cores).mp4", "--scale", "0.5"])
      #expect(r.status == 0, "\(r.stderr)")
    }
    let one = try #require(bytes(dir + "/cores-0.mp4")), two = try #require(bytes(dir + "/cores-0,1.mp4"))
    #expect(one == two)
  }

  @Test func mp4PassesTheProbe() throws {
    let dir = makeTemporaryDirectory("cli-mp4")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "--mp4", dir + "/tiny.mp4", "--scale", "0.5"])
    #expect(r.status == 0, "\(r.stderr)")
    let info = try MP4Verifier.probe(dir + "/tiny.mp4")
    #expect(info.codec == "h264" && info.profile == "High" && info.pixelFormat == "yuv420p")
    #expect(info.width == 30 && info.height == 50 && info.frameCount == 6 && info.frameRate == 10)
    #expect(info.colorTags == ["color_primaries": "bt709", "color_transfer": "bt709", "color_space": "bt709", "color_range": "tv"])
    #expect(listing(dir) == ["tiny.mp4"])
  }

  /// `--quality` reaches x264: its options string (an SEI in the stream) names the preset's
  /// CRF, motion-estimation depth (x264's presets: ultrafast subme=0, superfast subme=1, slow
  /// subme=8) and tune animation's deblocking (1:1); ultrafast's clip is Constrained Baseline
  /// (no CABAC, B-frames or 8x8 transforms), which the verifier accepts for draft.
  @Test(arguments: [
    ("draft", "crf=20.0", "subme=0", false, "Constrained Baseline"), ("review", "crf=17.0", "subme=1", true, "High"),
    ("final", "crf=16.0", "subme=8", true, "High"),
  ])
  func qualityPicksTheX264Preset(quality: String, crf: String, subme: String, animation: Bool, profile: String) throws {
    let dir = makeTemporaryDirectory("cli-quality")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "--mp4", dir + "/q.mp4", "--scale", "0.5", "--quality", quality])
    #expect(r.status == 0, "\(r.stderr)")
    let text = String(decoding: try #require(bytes(dir + "/q.mp4")), as: UTF8.self)
    let options = try #require(text.range(of: "options: ").map { String(text[$0.upperBound...].prefix(2000)) })
    let words = Set(options.split(separator: " ").map(String.init))
    #expect(words.contains(crf) && words.contains(subme), "\(options)")
    #expect(words.contains("deblock=1:1:1") == animation, "\(options)")
    #expect(try MP4Verifier.probe(dir + "/q.mp4").profile == profile)
  }

  @Test func qualityWithoutAClipIsRefused() throws {
    let dir = makeTemporaryDirectory("cli-quality-png")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--quality", "final"])
    #expect(r.status == 64)
    #expect(r.stderr.contains("--quality sets the MP4's encoding; give --mp4 OUT.mp4"), "\(r.stderr)")
    let bad = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "--mp4", dir + "/x.mp4", "--quality", "best"])
    #expect(bad.status == 64 && bad.stderr.contains("draft"), "\(bad.stderr)")
    #expect(listing(dir).isEmpty)
  }

  /// Two shards into one folder, then make-mp4: the whole clip, byte-identical frames.
  @Test func shardsConcatenate() throws {
    let dir = makeTemporaryDirectory("cli-shards")
    let whole = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/whole"])
    let a = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/shards", "--frames", "0..2"])
    let b = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/shards", "--frames", "3..5"])
    #expect(whole.status == 0 && a.status == 0 && b.status == 0)
    for n in 0...5 {
      let name = FrameDirectory.fileName(frame: n)
      #expect(bytes(dir + "/whole/" + name) == bytes(dir + "/shards/" + name))
    }
    let r = try runProcess("/bin/bash", [MakeMP4ScriptTests.script, dir + "/shards", dir + "/clip.mp4"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try MP4Verifier.probe(dir + "/clip.mp4").frameCount == 6)
  }
}
