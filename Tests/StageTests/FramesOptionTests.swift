import Foundation
import TestSupport
import Testing
@testable import Stage

/// `render --frames` through the built binary: a negative number after a space reaches
/// Flipbook's parser (not ArgumentParser's "Missing value"), and `..B` counts from frame 0.
@Suite struct FramesOptionTests {
  @Test func negativeNumberAfterASpaceIsExplained() throws {
    let dir = makeTemporaryDirectory("cli-negative-range")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--frames", "-3"])
    #expect(r.status == 1)
    #expect(r.stderr == "flipbook: error: bad frame range '-3': frame numbers count from 0; write ..3 (or 0..3) for frames 0 to 3, or 3.. for the last 3\n")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
  }

  @Test func openStartRendersTheFirstFrames() throws {
    let dir = makeTemporaryDirectory("cli-open-start")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--frames", "..2"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(listing(dir + "/out") == (0...2).map { FrameDirectory.fileName(frame: $0) } + ["manifest.json"])
  }
}
