import Foundation
import TestSupport
import Testing
@testable import Stage

/// `render --frames` and `still --frame/--time` through the built binary: a negative number
/// after a space reaches Flipbook's checks (not ArgumentParser's "Missing value"), and `..B`
/// counts from frame 0.
@Suite struct FramesOptionTests {
  @Test func negativeNumberAfterASpaceIsExplained() throws {
    let dir = makeTemporaryDirectory("cli-negative-range")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--frames", "-3"])
    #expect(r.status == 1)
    #expect(r.stderr == "flipbook: error: bad frame range '-3': frame numbers count from 0; write ..3 (or 0..3) for frames 0 to 3, or 3.. for the last 3\n")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
  }

  @Test func stillExplainsANegativeFrameOrTime() throws {
    let dir = makeTemporaryDirectory("cli-still-negative")
    let frame = try runFlipbook(["still", Fixtures.path("tiny.yaml"), "--frame", "-3", "-o", dir + "/f.png"])
    #expect(frame.status == 1)
    #expect(frame.stderr == "flipbook: error: --frame -3 is outside the clip's frames 0...5\n")
    let time = try runFlipbook(["still", Fixtures.path("tiny.yaml"), "--time", "-0.5", "-o", dir + "/t.png"])
    #expect(time.status == 1)
    #expect(time.stderr == "flipbook: error: --time -0.5 is outside the clip (0...0.5 s)\n")
    #expect(listing(dir) == [])
  }

  /// T7 lasts 1.2 s, which its timeline sums to 1.2000000000000002 in binary floating point:
  /// the message shows six significant digits.
  @Test func stillShowsTheClipsLengthShort() throws {
    let dir = makeTemporaryDirectory("cli-still-length")
    let scene = repositoryRoot.appendingPathComponent("Scenes/t7-tab-crossfade.yaml").path
    let r = try runFlipbook(["still", scene, "--time", "99", "-o", dir + "/t.png"])
    #expect(r.status == 1)
    #expect(r.stderr == "flipbook: error: --time 99 is outside the clip (0...1.2 s)\n")
  }

  @Test func openStartRendersTheFirstFrames() throws {
    let dir = makeTemporaryDirectory("cli-open-start")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--frames", "..2"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(listing(dir + "/out") == [FolderLock.fileName] + (0...2).map { FrameDirectory.fileName(frame: $0) } + ["manifest.json"])
  }
}
