import Foundation
import TestSupport
import Testing
@testable import Stage

/// Issue 13's output faults, through the built binary: `--jobs` bounds, devices and FIFOs as
/// outputs, MP4 paths that look like options or protocols, missing tools, a full disk.
@Suite(.serialized) struct OutputCLITests {
  static let hugeJobs = "4611686018427387904"

  @Test(arguments: ["render", "review", "compare"])
  func hugeJobsIsAUsageErrorNotACrash(command: String) throws {
    let dir = makeTemporaryDirectory("jobs")
    var args = [command, Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--jobs", Self.hugeJobs]
    if command == "compare" { args += ["--vary", "hold.after=0.1,0.2"] }
    let r = try runFlipbook(args)
    #expect(r.status == 64, "\(r.status) \(r.stderr)")
    #expect(r.stderr.contains("--jobs must be at most 256 (got \(Self.hugeJobs))"), "\(r.stderr)")
    #expect(listing(dir).isEmpty)
  }

  static var isRoot: Bool { getuid() == 0 }

  /// `mknod n c 1 3` (the null device): `still -o n` writes into it and leaves it a device.
  @Test(.enabled(if: isRoot, "mknod needs root")) func stillIntoACharacterDeviceKeepsTheDevice() throws {
    let dir = makeTemporaryDirectory("chardev")
    let node = dir + "/n"
    #expect(mknod(node, S_IFCHR | 0o666, (1 << 8) | 3) == 0)
    let r = try runFlipbook(["still", Fixtures.path("tiny.yaml"), "--frame", "1", "-o", node])
    #expect(r.status == 0, "\(r.stderr)")
    var info = stat()
    #expect(stat(node, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR, "the device was replaced")
    #expect(listing(dir) == ["n"])
    // An MP4 cannot go to a device: refused before anything runs, the device untouched.
    let m = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "--mp4", node])
    #expect(m.status == 1)
    #expect(m.stderr.contains("an MP4 must go to a file, not a device or FIFO"), "\(m.stderr)")
    #expect(stat(node, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    #expect(listing(dir) == ["n"])
  }

  /// A FIFO gets the PNG's bytes (read on the other end) and stays a FIFO.
  @Test func stillIntoAFIFOStreamsThePNG() throws {
    let dir = makeTemporaryDirectory("fifo")
    let fifo = dir + "/pipe"
    #expect(mkfifo(fifo, 0o644) == 0)
    let reader = Reader(path: fifo)
    let r = try runFlipbook(["still", Fixtures.path("tiny.yaml"), "--frame", "2", "-o", fifo, "--png-level", "1"])
    #expect(r.status == 0, "\(r.stderr)")
    let streamed = reader.finish()
    let file = try runFlipbook(["still", Fixtures.path("tiny.yaml"), "--frame", "2", "-o", dir + "/file.png", "--png-level", "1"])
    #expect(file.status == 0)
    #expect(streamed == bytes(dir + "/file.png"))
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  /// A symlink to a file keeps being a symlink; its target gets the new bytes.
  @Test func stillThroughASymlinkReplacesTheTarget() throws {
    let dir = makeTemporaryDirectory("symlink")
    _ = FileManager.default.createFile(atPath: dir + "/target.png", contents: Data("old".utf8))
    #expect(symlink("target.png", dir + "/link.png") == 0)
    let r = try runFlipbook(["still", Fixtures.path("tiny.yaml"), "--frame", "0", "-o", dir + "/link.png"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.png")) == "target.png")
    #expect(bytes(dir + "/target.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    #expect(listing(dir) == ["link.png", "target.png"])
  }

  /// `--mp4=-y.mp4`, `--mp4 pipe:1` and `--mp4 file:x.mp4` are files of those names, relative to
  /// the working directory; nothing reaches standard output and no temporary stays.
  @Test(arguments: ["-y.mp4", "pipe:1", "file:x.mp4"])
  func mp4PathsAreFileNames(name: String) throws {
    let dir = makeTemporaryDirectory("mp4name")
    let r = try runProcess("/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" render \"$3\" --scale 0.5 \"--mp4=$4\"", "sh", dir, flipbookBinary, Fixtures.path("tiny.yaml"), name])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(listing(dir) == [name])
    #expect(!r.stdoutBytes.contains(0), "binary output reached stdout")
    let info = try MP4Verifier.probe(dir + "/" + name)
    #expect(info.frameCount == 6)
  }

  /// With ffprobe missing, `render --mp4` fails before rendering anything.
  @Test func missingFFprobeIsFoundBeforeTheRender() throws {
    let dir = makeTemporaryDirectory("noprobe")
    let bin = dir + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    #expect(symlink(ExternalTool.find("ffmpeg")!, bin + "/ffmpeg") == 0)
    let r = try runFlipbook(
      ["render", Fixtures.path("tiny.yaml"), "-o", dir + "/out", "--mp4", dir + "/clip.mp4"], environment: ["PATH": bin])
    #expect(r.status == 1)
    #expect(r.stderr.contains("ffprobe is not installed or not on PATH"), "\(r.stderr)")
    #expect(listing(dir) == ["bin"])
  }

  static var canMountTmpfs: Bool {
    guard isRoot else { return false }
    let dir = makeTemporaryDirectory("mountprobe")
    guard (try? runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir]))?.status == 0 else { return false }
    _ = try? runProcess("/bin/umount", [dir])
    return true
  }

  /// An MP4 on a full disk says so (it used to say "(no message)": ffmpeg's log file was on the
  /// same full disk).
  @Test(.enabled(if: canMountTmpfs, "needs root to mount a small tmpfs")) func fullDiskIsNamed() throws {
    let dir = makeTemporaryDirectory("fulldisk")
    // One page: the clip (about 12 KB) cannot fit.
    #expect(try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=4k", "tmpfs", dir]).status == 0)
    defer { _ = try? runProcess("/bin/umount", [dir]) }
    let r = try runFlipbook(["render", Fixtures.path("tiny.yaml"), "--mp4", dir + "/clip.mp4", "--scale", "4", "--fps", "60", "--set", "hold.after=3"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("No space left on device") || r.stderr.contains("is full"), "\(r.stderr)")
    #expect(!r.stderr.contains("(no message)"))
    #expect(listing(dir).isEmpty, "\(listing(dir))")
  }
}

/// Reads a FIFO to its end on a thread of its own.
final class Reader: @unchecked Sendable {
  private var data: [UInt8] = []
  private let done = DispatchSemaphore(value: 0)

  init(path: String) {
    Thread { [self] in
      let fd = open(path, O_RDONLY)
      var buffer = [UInt8](repeating: 0, count: 65536)
      while fd >= 0 {
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { break }
        data += buffer[..<n]
      }
      if fd >= 0 { close(fd) }
      done.signal()
    }.start()
  }

  func finish() -> [UInt8] {
    done.wait()
    return data
  }
}
