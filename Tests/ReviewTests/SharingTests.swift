import Foundation
import TestSupport
import Testing

/// Sharing without surprises (issue 12, point 4): what `review`, `render`, `still` and
/// `compare` write is what the user asked for, named so that nothing is overwritten silently.
@Suite(.serialized) struct SharingTests {
  let script = repositoryRoot.appendingPathComponent("scripts/make-gif").path
  let damping = "transition.interactive.complete.spring.dampingRatio"

  func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  func json(_ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
  }

  func gif(_ path: String) throws -> GIFStructure { try GIFStructure(Array(try Data(contentsOf: URL(fileURLWithPath: path)))) }

  /// ffprobe's count of the frames in a clip's video stream.
  func frameCount(_ path: String) throws -> Int? {
    let r = try runProcess("ffprobe", [
      "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path,
    ])
    return Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  // MARK: review

  /// Every file of a bundle has the mode any output gets (0644 under the umask); the GIF
  /// was 0600 (mktemp's mode, kept by the rename).
  @Test func reviewGIFIsReadableLikeEveryOutput() throws {
    let dir = try makeTemporaryFolder("share-mode")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try runFlipbook(["review", tinyScene, "-o", dir.path])
    try #require(r.status == 0, "\(r.stderr)")
    let mask = umask(0)
    umask(mask)
    let expected = 0o644 & ~Int(mask)
    for suffix in [".mp4", ".gif", "-sheet.png", "-curves.png", "-metrics.json", ".html"] {
      let m = try mode(dir.path + "/tiny-drag" + suffix)
      #expect(m == expected, "tiny-drag\(suffix): \(String(m, radix: 8))")
    }
  }

  /// `--gif-width 720` from a 48 px clip makes a 48 px GIF and says so.
  @Test func gifIsNeverUpscaled() throws {
    let dir = try makeTemporaryFolder("share-upscale")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try runFlipbook(["review", tinyScene, "--gif-width", "720", "-o", dir.path])
    try #require(r.status == 0, "\(r.stderr)")
    let g = try gif(dir.path + "/tiny-drag.gif")
    #expect(g.width == 48 && g.height == 64)
    #expect((r.stdout + r.stderr).contains("--gif-width 720 is wider than the clip (48 px): the GIF is 48 px wide (a GIF is never upscaled)"), "\(r.stdout)\(r.stderr)")
  }

  /// make-gif itself: a width above the source's is clamped, with a note.
  @Test func makeGIFNeverUpscales() throws {
    let dir = try makeTemporaryFolder("share-mg")
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try testClip(in: dir)
    let out = dir.appendingPathComponent("c.gif").path
    let r = try runProcess("bash", [script, clip, out, "--width", "720"])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(try gif(out).width == 96)
    #expect(r.stderr.contains("--width 720 is wider than the source (96 px); using 96 px (a GIF is never upscaled)"), "\(r.stderr)")
  }

  /// A 96 x 64, 60 fps, 100-frame test clip (ffmpeg's testsrc2: busy, so its GIF is large).
  func testClip(in dir: URL) throws -> String { try MakeGIFTests().makeClip(in: dir).path }

  /// Above the warning size the script says how big the GIF is and points to the clip it
  /// came from; `--max-size` shrinks the GIF (frame rate and palette, then width) until it fits, or fails
  /// without writing anything when it cannot.
  @Test func bigGIFsWarnAndMaxSizeShrinks() throws {
    let dir = try makeTemporaryFolder("share-size")
    defer { try? FileManager.default.removeItem(at: dir) }
    let clip = try testClip(in: dir)
    let full = dir.appendingPathComponent("full.gif").path
    let r0 = try runProcess("bash", [script, clip, full, "--warn-size", "1KB"])
    try #require(r0.status == 0, "\(r0.stderr)")
    let size = try FileManager.default.attributesOfItem(atPath: full)[.size] as! Int
    #expect(size > 1000)
    #expect(r0.stderr.contains("make-gif: warning: \(full) is \(size) bytes, more than 1000"), "\(r0.stderr)")
    #expect(r0.stderr.contains("share \(clip) instead"), "\(r0.stderr)")
    // Half the size: it fits, smaller than asked.
    let half = dir.appendingPathComponent("half.gif").path
    let r1 = try runProcess("bash", [script, clip, half, "--max-size", String(size / 2)])
    try #require(r1.status == 0, "\(r1.stderr)")
    let halfSize = try FileManager.default.attributesOfItem(atPath: half)[.size] as! Int
    #expect(halfSize <= size / 2, "\(halfSize) > \(size / 2)")
    let g = try gif(half)
    #expect(g.width < 96 || g.delays.count < 83, "nothing was reduced")
    // 100 bytes cannot hold any GIF of this clip: a clear failure, no file.
    let tiny = dir.appendingPathComponent("tiny.gif").path
    let r2 = try runProcess("bash", [script, clip, tiny, "--max-size", "100"])
    #expect(r2.status != 0)
    #expect(r2.stderr.contains("make-gif: error: cannot make \(tiny) 100 bytes or less"), "\(r2.stderr)")
    #expect(!FileManager.default.fileExists(atPath: tiny))
    // review passes --max-size on and accepts units.
    let review = dir.appendingPathComponent("review").path
    let r3 = try runFlipbook(["review", tinyScene, "--max-size", "1MB", "-o", review])
    #expect(r3.status == 0, "\(r3.stderr)")
    let bad = try runFlipbook(["review", tinyScene, "--max-size", "lots", "-o", review + "2"])
    #expect(bad.status == 64 && bad.stderr.contains("--max-size"), "\(bad.stderr)")
  }

  /// `--speed 0.25`: metrics.json gives the frames, rate and duration of the MP4 it sits
  /// beside, and the motion's own duration. The tiny scene has 22 frames at 30 fps (its
  /// motion lasts 21 / 30 = 0.7 s); at quarter speed the last one is output frame
  /// 21 x 4 = 84: 85 frames, 84 / 30 = 2.8 s.
  @Test func metricsDescribeWhatWasWritten() throws {
    let dir = try makeTemporaryFolder("share-metrics")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try runFlipbook(["review", tinyScene, "--speed", "0.25", "-o", dir.path])
    try #require(r.status == 0, "\(r.stderr)")
    let m = try json(dir.path + "/tiny-drag-metrics.json")
    #expect(m["frameCount"] as? Int == 85)
    #expect(try frameCount(dir.path + "/tiny-drag.mp4") == 85)
    #expect(m["fps"] as? Double == 30)
    #expect(m["speed"] as? Double == 0.25)
    #expect(abs((m["duration"] as? Double ?? 0) - 2.8) < 1e-6)
    #expect(abs((m["motionDuration"] as? Double ?? 0) - 0.7) < 1e-6)
    // Event times stay in motion seconds (the finger lifts at 0.3 s).
    #expect(m["releaseTime"] as? Double == 0.3)
  }

  /// A `--set` run beside a plain one gets its own name; the same bundle again is refused
  /// until `--force`.
  @Test func bundlesDoNotOverwriteEachOther() throws {
    let dir = try makeTemporaryFolder("share-names")
    defer { try? FileManager.default.removeItem(at: dir) }
    let plain = try runFlipbook(["review", tinyScene, "-o", dir.path])
    try #require(plain.status == 0, "\(plain.stderr)")
    let before = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/tiny-drag.mp4"))
    let set = try runFlipbook(["review", tinyScene, "--set", "\(damping)=0.5", "-o", dir.path])
    try #require(set.status == 0, "\(set.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.path + "/tiny-drag-dampingRatio=0.5.mp4"))
    #expect(FileManager.default.fileExists(atPath: dir.path + "/tiny-drag-dampingRatio=0.5-metrics.json"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/tiny-drag.mp4")) == before)
    let variant = try runFlipbook(["review", tinyScene, "--variant", "cancelling", "--set", "\(damping)=0.5", "-o", dir.path])
    try #require(variant.status == 0, "\(variant.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.path + "/tiny-drag-cancelling-dampingRatio=0.5.gif"))
    // Again: refused, nothing touched.
    let again = try runFlipbook(["review", tinyScene, "--speed", "0.5", "-o", dir.path])
    #expect(again.status == 1)
    #expect(again.stderr.contains("already holds the review bundle tiny-drag"), "\(again.stderr)")
    #expect(again.stderr.contains("--force"), "\(again.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/tiny-drag.mp4")) == before)
    // The match files of an earlier `review --match` count as the bundle's, and a bundle
    // replaced without a recording leaves none of them behind.
    for suffix in ["-match.json", "-match.png", "-match.mp4"] {
      FileManager.default.createFile(atPath: dir.path + "/tiny-drag" + suffix, contents: Data("old build".utf8))
    }
    let forced = try runFlipbook(["review", tinyScene, "--speed", "0.5", "--force", "-o", dir.path])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/tiny-drag.mp4")) != before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("tiny-drag-match") } == [])
  }

  // MARK: render and still

  /// `render -o x.mp4` writes an MP4 (it made a folder named x.mp4), `-o x.gif` a GIF; other
  /// file types are refused with the list of what is accepted, before anything is written.
  @Test func renderWritesWhatTheExtensionSays() throws {
    let dir = try makeTemporaryFolder("share-ext")
    defer { try? FileManager.default.removeItem(at: dir) }
    let mp4 = dir.path + "/clip.mp4"
    let r = try runFlipbook(["render", tinyScene, "-o", mp4])
    try #require(r.status == 0, "\(r.stderr)")
    var isDir: ObjCBool = true
    #expect(FileManager.default.fileExists(atPath: mp4, isDirectory: &isDir) && !isDir.boolValue)
    #expect(try frameCount(mp4) == 22)
    let gifPath = dir.path + "/clip.gif"
    let g = try runFlipbook(["render", tinyScene, "-o", gifPath])
    try #require(g.status == 0, "\(g.stderr)")
    // 22 frames at 30 fps last 73.3 cs: 73 cs of delays, 48 px wide as the clip.
    let structure = try gif(gifPath)
    #expect(structure.delays.reduce(0, +) == 73 && structure.width == 48)
    for bad in ["clip.webm", "clip.png", "clip.jpg", "clip.mov"] {
      let b = try runFlipbook(["render", tinyScene, "-o", dir.path + "/" + bad])
      #expect(b.status == 64, "\(bad): \(b.status)")
      #expect(b.stderr.contains("accepted: a folder (PNG frames and manifest.json), OUT.mp4 or OUT.gif"), "\(bad): \(b.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + bad))
    }
    // Only the two outputs (and nothing left over).
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["clip.mp4", "clip.gif"])
  }

  /// `still -o a.jpg` wrote PNG bytes into a .jpg; now it is refused, and .png is written.
  @Test func stillWritesPNGOnly() throws {
    let dir = try makeTemporaryFolder("share-still")
    defer { try? FileManager.default.removeItem(at: dir) }
    for bad in ["a.jpg", "a.jpeg", "a.gif", "a.webp"] {
      let r = try runFlipbook(["still", tinyScene, "--frame", "3", "-o", dir.path + "/" + bad])
      #expect(r.status == 64, "\(bad): \(r.status)")
      #expect(r.stderr.contains("still writes PNG: name the file .png"), "\(bad): \(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.path + "/" + bad))
    }
    let ok = try runFlipbook(["still", tinyScene, "--frame", "3", "-o", dir.path + "/a.PNG"])
    #expect(ok.status == 0, "\(ok.stderr)")
    let devnull = try runFlipbook(["still", tinyScene, "--frame", "3", "-o", "/dev/null"])
    #expect(devnull.status == 0, "\(devnull.stderr)")
  }

  // MARK: compare

  /// Varying a whole mapping labels each cell with the part that differs, not the mapping
  /// cut to "..."; `--label` names the cells outright.
  @Test func compareLabelsKeepWhatDiffers() throws {
    let dir = try makeTemporaryFolder("share-labels")
    defer { try? FileManager.default.removeItem(at: dir) }
    let spring = "transition.interactive.complete.spring"
    let r = try runFlipbook([
      "compare", tinyScene, "--vary", "\(spring)={duration: 0.3, dampingRatio: 0.5},{duration: 0.3, dampingRatio: 1.0}",
      "-o", dir.path + "/a.mp4",
    ])
    try #require(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("compared 2 cells (spring.dampingRatio 0.5 | spring.dampingRatio 1.0)"), "\(r.stdout)")
    let two = try runFlipbook([
      "compare", tinyScene, "--vary", "\(spring)={duration: 0.3, dampingRatio: 0.5},{duration: 0.4, dampingRatio: 1.0}",
      "-o", dir.path + "/b.mp4",
    ])
    #expect(two.stdout.contains("compared 2 cells (spring: duration 0.3, dampingRatio 0.5 | spring: duration 0.4, dampingRatio 1.0)"), "\(two.stdout)")
    let named = try runFlipbook([
      "compare", tinyScene, "--vary", "\(damping)=0.5,1.0", "--label", "soft", "--label", "stiff", "-o", dir.path + "/c.mp4",
    ])
    #expect(named.stdout.contains("compared 2 cells (soft | stiff)"), "\(named.stdout)\(named.stderr)")
    let wrong = try runFlipbook(["compare", tinyScene, "--vary", "\(damping)=0.5,1.0", "--label", "soft", "-o", dir.path + "/d.mp4"])
    #expect(wrong.status == 64 && wrong.stderr.contains("--label is given 1 time for 2 cells"), "\(wrong.stderr)")
  }

  /// A bad `--vary` value is reported as `--vary`, not `--set`.
  @Test func varyErrorsSayVary() throws {
    let dir = try makeTemporaryFolder("share-vary")
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try runFlipbook(["compare", tinyScene, "--vary", "\(damping)=-1,0.5", "-o", dir.path + "/x.mp4"])
    #expect(r.status == 65)
    #expect(r.stderr.contains("--vary \(damping)=-1: error: dampingRatio must be in 0.01...100 (got -1)"), "\(r.stderr)")
    #expect(!r.stderr.contains("--set"), "\(r.stderr)")
  }
}
