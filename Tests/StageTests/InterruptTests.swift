import Foundation
import TestSupport
import Testing
@testable import Stage

/// Stopping a render with a signal (Ctrl-C, `timeout`, `kill`) leaves only complete files behind:
/// no `frame_NNNNN.png.tmp`, no `OUT.mp4.tmp` or ffmpeg log, and no ffmpeg still writing.
@Suite(.serialized) struct InterruptTests {
  // SIGTERM: a test runner may start children with SIGINT ignored, and an ignored SIGINT
  // stays ignored (as for any background job). SIGINT takes the same path.
  @Test func sigtermMidRenderLeavesNoUnfinishedFiles() throws {
    let dir = makeTemporaryDirectory("interrupt")
    let p = Process()
    p.executableURL = URL(fileURLWithPath: flipbookBinary)
    // About 14,000 frames: long enough to be stopped in the middle.
    p.arguments = [
      "render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--mp4", dir + "/clip.mp4",
      "--jobs", "2", "--fps", "240", "--scale", "4", "--set", "hold.after=60",
    ]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    let started = Date()
    while !FileManager.default.fileExists(atPath: dir + "/out/frame_00020.png"), p.isRunning,
      Date().timeIntervalSince(started) < 120
    {
      usleep(10_000)
    }
    #expect(p.isRunning, "the render ended before it could be interrupted")
    p.terminate()  // SIGTERM
    let signalled = Date()
    while p.isRunning, Date().timeIntervalSince(signalled) < 30 { usleep(10_000) }
    #expect(!p.isRunning, "still rendering 30 s after SIGTERM")
    if p.isRunning { kill(p.processIdentifier, SIGKILL) }
    p.waitUntilExit()
    #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM)
    usleep(500_000)  // an orphaned ffmpeg would write its clip.mp4.tmp by now
    #expect(listing(dir) == ["out"])
    let frames = listing(dir + "/out")
    // Frames are written by parallel jobs, so frame 20 existing does not mean 0...19 all do;
    // what must hold is that the frame seen before the signal is still there, complete.
    #expect(frames.contains("frame_00020.png"))
    #expect(frames.allSatisfy { ($0.hasPrefix("frame_") && $0.hasSuffix(".png")) || $0 == FolderLock.fileName }, "\(frames.filter { !$0.hasSuffix(".png") })")
  }

  /// SIGKILL cannot be caught, yet ffmpeg must not run on: its watchdog kills it. The temporary
  /// the kill leaves is removed by the next render to the same path.
  @Test func sigkillOfRenderMP4LeavesNoFFmpegAndTheNextRunCleansUp() throws {
    let dir = makeTemporaryDirectory("sigkill")
    let clip = dir + "/clip.mp4"
    let p = try start([
      "render", Fixtures.path("tiny.yaml"), "--mp4", clip, "--jobs", "2", "--fps", "240", "--scale", "4",
      "--set", "hold.after=60",
    ])
    let ffmpeg = try #require(waitForChild(of: p.processIdentifier, named: "ffmpeg"), "ffmpeg never started")
    usleep(300_000)  // let it write part of the clip
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    #expect(waitUntilGone(ffmpeg, seconds: 5), "ffmpeg \(ffmpeg) outlived a SIGKILLed flipbook")
    // What is left is only the clearly named temporary of the killed run (or nothing).
    let left = listing(dir)
    #expect(left.allSatisfy { AtomicFile.isTemporary($0, of: "clip.mp4") }, "\(left)")
    let again = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "--mp4", clip])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(listing(dir) == ["clip.mp4"])
  }

  /// `render -o OUT.gif` encodes `.OUT.gif.<pid>.mp4` first; a SIGKILL leaves it (or its
  /// encoder's temporary), and the next render to the same GIF removes what dead runs left.
  @Test func sigkillOfRenderGIFIsCleanedUpByTheNextRun() throws {
    let dir = makeTemporaryDirectory("sigkill-gif")
    let gif = dir + "/clip.gif"
    let p = try start([
      "render", Fixtures.path("tiny.yaml"), "-o", gif, "--jobs", "2", "--fps", "240", "--scale", "4",
      "--set", "hold.after=60",
    ])
    let ffmpeg = try #require(waitForChild(of: p.processIdentifier, named: "ffmpeg"), "ffmpeg never started")
    usleep(300_000)
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    #expect(waitUntilGone(ffmpeg, seconds: 5), "ffmpeg \(ffmpeg) outlived a SIGKILLed flipbook")
    let killed = ".clip.gif.\(p.processIdentifier).mp4"
    let left = listing(dir)
    #expect(!left.isEmpty && left.allSatisfy { $0 == killed || AtomicFile.isTemporary($0, of: killed) }, "\(left)")
    // A live run's temporary (this test's own pid) is not touched.
    let live = dir + "/.clip.gif.\(getpid()).mp4"
    _ = FileManager.default.createFile(atPath: live, contents: Data())
    let again = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", gif])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(listing(dir) == [".clip.gif.\(getpid()).mp4", "clip.gif"])
  }

  /// A review killed before its page is written leaves NAME.incomplete beside what it wrote;
  /// the next review of the same scene replaces that bundle without --force.
  @Test func killedReviewIsReplacedByTheNextRun() throws {
    let dir = makeTemporaryDirectory("review-killed")
    let scripts = dir + "/scripts"
    try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
    try "#!/usr/bin/env bash\nsleep 300\n".write(toFile: scripts + "/make-gif", atomically: true, encoding: .utf8)
    chmod(scripts + "/make-gif", 0o755)
    var environment = ProcessInfo.processInfo.environment
    environment["FLIPBOOK_SCRIPTS"] = scripts
    let p = try start(["review", Fixtures.path("tiny.yaml"), "-o", dir + "/out"], environment: environment)
    let bash = try #require(waitForChild(of: p.processIdentifier, named: "bash"), "make-gif never started")
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    _ = waitUntilGone(bash, seconds: 5)
    let left = listing(dir + "/out")
    #expect(left.contains("tiny.mp4") && left.contains("tiny.incomplete") && !left.contains("tiny.html"), "\(left)")
    let again = try runFlipbook(["review", Fixtures.path("tiny.yaml"), "-o", dir + "/out"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(listing(dir + "/out") == ["tiny-curves.png", "tiny-metrics.json", "tiny-sheet.png", "tiny.gif", "tiny.html", "tiny.mp4"])
    // A finished bundle is refused again without --force.
    let third = try runFlipbook(["review", Fixtures.path("tiny.yaml"), "-o", dir + "/out"])
    #expect(third.status == 1 && third.stderr.contains("already holds the review bundle tiny"), "\(third.stderr)")
  }

  /// A review stopped while scripts/make-gif runs leaves neither the script, nor what it started,
  /// nor the script's temporary (SIGTERM: cleaned up by Flipbook; SIGKILL: by the watchdog,
  /// which sends SIGTERM first so the script's trap runs).
  @Test(arguments: [SIGTERM, SIGKILL])
  func stoppedReviewLeavesNoScriptRunning(signal: Int32) throws {
    let dir = makeTemporaryDirectory("review-stop")
    // A stand-in make-gif that starts a long child and leaves a temporary until it is stopped.
    let scripts = dir + "/scripts"
    try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
    try """
      #!/usr/bin/env bash
      tmp="$2.partial"; : > "$tmp"; trap 'rm -f "$tmp"' EXIT; trap 'exit 143' TERM
      sleep 300
      """.write(toFile: scripts + "/make-gif", atomically: true, encoding: .utf8)
    chmod(scripts + "/make-gif", 0o755)
    var environment = ProcessInfo.processInfo.environment
    environment["FLIPBOOK_SCRIPTS"] = scripts
    let p = try start(["review", Fixtures.path("tiny.yaml"), "-o", dir + "/out"], environment: environment)
    let bash = try #require(waitForChild(of: p.processIdentifier, named: "bash"), "make-gif never started")
    let sleeper = try #require(waitForChild(of: bash, named: "sleep"), "make-gif's child never started")
    kill(p.processIdentifier, signal)
    p.waitUntilExit()
    #expect(waitUntilGone(bash, seconds: 5), "make-gif outlived flipbook")
    #expect(waitUntilGone(sleeper, seconds: 5), "make-gif's child outlived flipbook")
    let started = Date()  // the watchdog's SIGTERM and the trap run after flipbook has gone
    while listing(dir + "/out").contains(where: { $0.hasSuffix(".partial") }), Date().timeIntervalSince(started) < 5 {
      usleep(20_000)
    }
    #expect(!listing(dir + "/out").contains { $0.hasSuffix(".partial") }, "\(listing(dir + "/out"))")
  }

  func start(_ arguments: [String], environment: [String: String]? = nil) throws -> Process {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: flipbookBinary)
    p.arguments = arguments
    if let environment { p.environment = environment }
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    return p
  }

  /// The pid of `parent`'s child named `name` (by /proc), waiting up to 60 s for it.
  func waitForChild(of parent: Int32, named name: String) -> Int32? {
    let started = Date()
    while Date().timeIntervalSince(started) < 60 {
      let r = try? runProcess("/usr/bin/pgrep", ["-P", String(parent), "-x", name])
      if let pid = r?.stdout.split(separator: "\n").first.flatMap({ Int32($0) }) { return pid }
      usleep(20_000)
    }
    return nil
  }

  /// True once `pid` has ended (gone, or a zombie nobody has reaped yet).
  func waitUntilGone(_ pid: Int32, seconds: Double) -> Bool {
    let started = Date()
    while Date().timeIntervalSince(started) < seconds {
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
      if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
      usleep(20_000)
    }
    return false
  }
}
