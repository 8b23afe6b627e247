import Foundation
import Raster
import TestSupport
import Testing
@testable import Stage

/// `ToolRun` (a tool started early and fed a file later), `ChildProcess`'s added environment,
/// and the two routes by which ffprobe reads a clip.
@Suite struct ToolRunTests {
  /// Bytes no two offsets of which repeat in a short period, so a chunk out of place shows.
  func patternFile(_ bytes: Int) -> String {
    let path = makeTemporaryDirectory("toolrun") + "/input.bin"
    let data = Data((0..<bytes).map { i in UInt8(truncatingIfNeeded: (i &* 2_654_435_761) >> 13) })
    FileManager.default.createFile(atPath: path, contents: data)
    return path
  }

  @Test func aToolStartedEarlyIsFedTheWholeFile() throws {
    // 3 MiB and a bit: more than a pipe holds, and not a whole number of the feeder's chunks.
    let path = patternFile(3 << 20 + 12_345)
    let run = try ToolRun("/bin/cat", [], takesInput: true)
    usleep(50_000)  // cat is waiting on its input meanwhile
    run.feed(file: path)
    let output = try run.finish(timeout: 30)
    #expect(output.status == .exited(0))
    #expect(output.out == [UInt8](FileManager.default.contents(atPath: path)!))
    #expect(!output.timedOut)
  }

  @Test func aToolThatStopsReadingEarlyIsNoError() throws {
    let path = patternFile(8 << 20)
    let run = try ToolRun("/usr/bin/head", ["-c", "10"], takesInput: true)
    run.feed(file: path)
    let output = try run.finish(timeout: 30)
    #expect(output.status == .exited(0))
    #expect(output.out == Array([UInt8](FileManager.default.contents(atPath: path)!).prefix(10)))
  }

  @Test func aFileThatCannotBeReadIsAnEmptyInput() throws {
    let run = try ToolRun("/usr/bin/wc", ["-c"], takesInput: true)
    run.feed(file: "/nonexistent/clip.mp4")
    let output = try run.finish(timeout: 30)
    #expect(String(decoding: output.out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test func finishingWithoutFeedingClosesTheInput() throws {
    let run = try ToolRun("/usr/bin/wc", ["-c"], takesInput: true)
    let output = try run.finish(timeout: 30)  // would wait forever if the input stayed open
    #expect(output.status == .exited(0) && !output.timedOut)
  }

  @Test func anAbandonedToolIsKilledAndReaped() throws {
    let run = try ToolRun("/bin/sleep", ["30"])
    let started = Date()
    run.abandon()
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(try run.finish(timeout: 1).status == .signalled(SIGKILL))
  }

  @Test func theDeadlineKillsAToolThatHangs() throws {
    let output = try ToolRun.run("/bin/sleep", ["30"], timeout: 0.3)
    #expect(output.timedOut)
    #expect(output.status == .signalled(SIGKILL))
  }

  /// A tool that closes its output and then hangs: the deadline still kills it (waiting for
  /// the child holds no lock that `kill` needs).
  @Test func theDeadlineKillsAToolWhoseOutputHasClosed() throws {
    let started = Date()
    let output = try ToolRun.run("/bin/sh", ["-c", "exec >&- 2>&-; sleep 30"], timeout: 0.3)
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(output.timedOut && output.status == .signalled(SIGKILL))
  }

  @Test func aToolThatCannotStartSaysWhyOnce() {
    #expect(throws: ToolRun.Failure.self) { _ = try ToolRun.run("/nonexistent/tool", [], timeout: 5) }
    do {
      _ = try ToolRun.run("/nonexistent/tool", [], timeout: 5)
    } catch {
      #expect(error.description == "cannot start /nonexistent/tool: No such file or directory")
    }
  }

  @Test func tooMuchOutputKillsTheTool() throws {
    #expect(throws: ToolRun.Failure.self) {
      _ = try ToolRun.run("/usr/bin/yes", [], timeout: 30, maxOutput: 1 << 20)
    }
  }

  @Test func theChildGetsTheAddedVariablesAndKeepsTheRest() throws {
    // A value with a space, an `=` and a colon reaches the child unchanged; PATH is inherited.
    let dir = makeTemporaryDirectory("childenv")
    let script = dir + "/env.sh"
    try "printf '%s|%s' \"$FLIPBOOK_TEST_VALUE\" \"${PATH:+set}\" > \"$1\"\n".write(toFile: script, atomically: true, encoding: .utf8)
    let child = try ChildProcess(
      "/bin/sh", [script, dir + "/out.txt"], environment: ["FLIPBOOK_TEST_VALUE": "a b=c:d"], stdout: .null, stderr: .null)
    #expect(child.wait() == .exited(0))
    #expect(try String(contentsOfFile: dir + "/out.txt", encoding: .utf8) == "a b=c:d|set")
  }

  @Test func theEncoderTunablesComeBeforeTheUsersOwn() {
    let own = MP4Settings.encoderTunables
    #expect(MP4Settings.encoderEnvironment(inherited: nil) == ["GLIBC_TUNABLES": own])
    #expect(MP4Settings.encoderEnvironment(inherited: "") == ["GLIBC_TUNABLES": own])
    #expect(
      MP4Settings.encoderEnvironment(inherited: "glibc.malloc.trim_threshold=0")
        == ["GLIBC_TUNABLES": own + ":glibc.malloc.trim_threshold=0"])
    // 32 MiB and 1 GiB, as the doc comment says; a frame's planes at scale 3 (4.4 MB) fit.
    #expect(own == "glibc.malloc.mmap_threshold=\(32 << 20):glibc.malloc.trim_threshold=\(1 << 30)")
  }

  @Test func ffprobeFedThroughAPipeReadsWhatItReadsByPath() throws {
    let dir = makeTemporaryDirectory("probepipe")
    let out = dir + "/clip.mp4"
    try ClipWriter.render(
      manifest: Manifest(
        fps: 30, pixelWidth: 24, pixelHeight: 14, scale: 1, frameCount: 7, frames: 0...6, sceneHash: "t", events: []),
      outputs: ClipOutputs(mp4: out), pipeline: FramePipeline(jobs: 2),
      frame: { patternFrame($0, width: 24, height: 14) }, encode: rawEncode)
    let byPath = try MP4Verifier.probe(out)
    #expect(byPath.frameCount == 7 && byPath.width == 24 && byPath.profile == "High")
    let started = try MP4Verifier.startProbe()
    try MP4Verifier.verify(out, width: 24, height: 14, fps: 30, frameCount: 7, probe: started)
    #expect(throws: StageError.mp4("\(out) failed verification: frame count is 7, expected 8")) {
      try MP4Verifier.verify(out, width: 24, height: 14, fps: 30, frameCount: 8, probe: try MP4Verifier.startProbe())
    }
    // Not a clip: ffprobe's own complaint, through the pipe as by path.
    try "not an mp4".write(toFile: dir + "/bad.mp4", atomically: true, encoding: .utf8)
    #expect(throws: StageError.self) {
      try MP4Verifier.verify(dir + "/bad.mp4", width: 24, height: 14, fps: 30, frameCount: 7, probe: try MP4Verifier.startProbe())
    }
  }
}

/// The allocator settings of the batch commands: glibc has `mallopt` and takes all three.
@Suite struct BatchAllocatorTests {
  @Test func glibcTakesTheSettings() {
    #expect(BatchAllocator.configure(jobs: 2))
    #expect(BatchAllocator.configure(jobs: 1_000))  // more heaps than threads is allowed
  }
}
