import Foundation
import Testing
import TestSupport
@testable import Stage

/// Issue 24 item 14: a symbolic link planted inside an output folder (the lock, a frame, a
/// bundle file) is refused with an error naming it; its target keeps its bytes.
@Suite struct OutputFolderLinkTests {
  static let victimBytes = Array("precious\n".utf8)

  /// A folder `out` holding a link `name` to a file `victim` outside it.
  func planted(_ label: String, name: String) -> (out: String, victim: String) {
    let dir = makeTemporaryDirectory(label)
    let out = dir + "/out"
    try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let victim = dir + "/victim.txt"
    _ = FileManager.default.createFile(atPath: victim, contents: Data(Self.victimBytes))
    #expect(symlink(victim, out + "/" + name) == 0)
    return (out, victim)
  }

  func expectRefused(_ r: ProcessResult, link: String, victim: String) {
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr.contains("cannot write \(link): it is a symbolic link; Flipbook never follows a link inside an output folder"), "\(r.stderr)")
    #expect(bytes(victim) == Self.victimBytes)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == victim)
  }

  @Test func renderRefusesALinkedLock() throws {
    let (out, victim) = planted("link-lock", name: ".flipbook.lock")
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", out, "--frames", "0..1"])
    expectRefused(r, link: out + "/.flipbook.lock", victim: victim)
  }

  /// A frame of the same clip is kept by a re-render (so it is not removed first): a link
  /// there would have the frame written into its target.
  @Test func rerenderRefusesALinkedFrame() throws {
    let (out, victim) = planted("link-frame", name: "unused")
    #expect(try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", out, "--frames", "0..1"]).status == 0)
    #expect(unlink(out + "/frame_00001.png") == 0 && symlink(victim, out + "/frame_00001.png") == 0)
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "-o", out, "--frames", "0..1"])
    expectRefused(r, link: out + "/frame_00001.png", victim: victim)
  }

  @Test func compareRefusesALinkedLock() throws {
    let (out, victim) = planted("link-compare", name: ".flipbook.lock")
    let r = try runFlipbook(["compare", Fixtures.path("tiny.yaml"), "--refresh", "10,5", "-o", out])
    expectRefused(r, link: out + "/.flipbook.lock", victim: victim)
  }

  /// Every file of the bundle is checked before the first frame (with --force, which replaces
  /// a bundle's files, too).
  @Test func reviewRefusesALinkedBundleFileBeforeRendering() throws {
    let (out, victim) = planted("link-review", name: "tiny-metrics.json")
    let r = try runFlipbook(["review", Fixtures.path("tiny.yaml"), "-o", out, "--force"])
    expectRefused(r, link: out + "/tiny-metrics.json", victim: victim)
    #expect(listing(out) == ["tiny-metrics.json"])
  }

  @Test func atomicWriteInAnOutputFolderRefusesLinksAndFIFOs() throws {
    let (out, victim) = planted("link-atomic", name: "manifest.json")
    #expect(throws: StageError.write(path: out + "/manifest.json", reason: AtomicFile.linkInFolder)) {
      try AtomicFile.write([1, 2, 3], to: out + "/manifest.json", place: .inOutputFolder)
    }
    #expect(bytes(victim) == Self.victimBytes)
    #expect(mkfifo(out + "/fifo", 0o644) == 0)
    #expect(throws: StageError.self) { try AtomicFile.write([1], to: out + "/fifo", place: .inOutputFolder) }
    // A path the user named still follows its link (docs/output.md).
    try AtomicFile.write([7], to: out + "/manifest.json")
    #expect(bytes(victim) == [7])
  }

  /// The MP4's temporary is created by Flipbook (O_EXCL | O_NOFOLLOW) before ffmpeg opens it.
  @Test func anEmptyFileIsNeverCreatedThroughALink() throws {
    let (out, victim) = planted("link-create", name: "clip.mp4.1-2.tmp")
    #expect(throws: StageError.self) { try AtomicFile.createEmpty(out + "/clip.mp4.1-2.tmp") }
    #expect(bytes(victim) == Self.victimBytes)
    try AtomicFile.createEmpty(out + "/new.tmp")
    #expect(bytes(out + "/new.tmp") == [])
  }
}
