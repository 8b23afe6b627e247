import CSpawn
import Foundation
import Raster
import YUV

/// Streams raw frames into ffmpeg while they are rendered (no PNG round trip) and leaves a
/// verified clip at `path`. ffmpeg writes to a unique temporary sibling
/// (`OUT.mp4.<pid>-<random>.tmp`), which is checked with ffprobe and renamed into place only
/// when it passes; on any failure nothing is left at `path` and the temporary is removed.
///
/// - `path` must be a new path or a regular file (a symlink is followed when the user named the
///   path; refused inside an output folder, `AtomicFile.Place`): an MP4 cannot go to a
///   device or a FIFO, since `+faststart` rewrites the file and ffprobe reads it back.
/// - The path reaches ffmpeg as `file:/absolute/path`, so a name such as `-y.mp4`, `pipe:1`
///   or `file:x.mp4` is a file of that name, never an option or a protocol. ffprobe reads
///   the finished temporary from a pipe that Flipbook fills: it is started when the last frame
///   has been sent, so its start-up overlaps ffmpeg's last frames (`MP4Verifier.startProbe`).
/// - ffmpeg and ffprobe are both looked up before the first frame is rendered.
/// - ffmpeg and ffprobe run as `ChildProcess`es: they die with Flipbook, even when Flipbook is SIGKILLed.
///   The temporary such a kill leaves is removed by the next render to the same path.
/// - When ffmpeg fails, the error quotes the end of its standard error, and says when the disk
///   that holds the clip is full.
///
/// Frames must arrive in order, converted by `YUV420Frame(converting:)` from `width` x `height`
/// bitmaps (odd sizes padded to even). They are sent as yuv420p, 1.5 bytes a pixel, the
/// format x264 encodes, so ffmpeg converts nothing (it used to take 4-byte RGBA and convert
/// it itself: 2.7 times the pipe traffic, and swscale's time). The pipe's buffer is sized for
/// a whole frame where the system allows (see `pipeBufferBytes`). The bitmaps are
/// premultiplied, so a frame with transparency shows as composited over black (Flipbook's
/// frames are opaque: the canvas background is always drawn).
public final class MP4Writer: @unchecked Sendable {
  /// Where the clip ends up (absolute, symlinks resolved).
  public let path: String
  public let width: Int, height: Int
  public let fps: Double
  public let quality: ClipQuality
  private let temporary: String
  private let child: ChildProcess
  private let stdinFD: Int32
  private let stderrTail: StreamTail
  private var framesWritten = 0
  /// The last frame converted: the next one reuses its unchanged rows (same bytes).
  private let conversions = YUVConversionCache()
  private var closed = false
  /// The size of ffmpeg's input pipe buffer: one whole frame (rounded up by the kernel to a
  /// power of two pages) when allowed, else /proc/sys/fs/pipe-max-size (1 MiB by default for
  /// an unprivileged process), else the kernel's default of 64 KiB.
  public let pipeBufferBytes: Int

  /// Checks that `path` can take a clip and that ffmpeg and ffprobe are installed, without
  /// starting anything; returns the absolute path the clip will be written to.
  public static func check(_ path: String, place: AtomicFile.Place = .named) throws(StageError) -> String {
    guard !path.isEmpty else { throw .mp4("the MP4 path is empty") }
    let resolved: String
    switch try AtomicFile.target(path, place: place) {
    case .file(let file): resolved = file
    case .stream:
      throw .write(
        path: path,
        reason: "an MP4 must go to a file, not a device or FIFO (ffmpeg rewrites it for +faststart and ffprobe reads it back); write it to a file and copy it")
    }
    _ = try ExternalTool.require("ffmpeg")
    _ = try ExternalTool.require("ffprobe")
    return ExternalTool.absolute(resolved)
  }

  public init(
    path requested: String, place: AtomicFile.Place = .named, width: Int, height: Int, fps: Double, quality: ClipQuality = .review
  ) throws(StageError) {
    path = try Self.check(requested, place: place)
    self.width = width
    self.height = height
    self.fps = fps
    self.quality = quality
    let ffmpeg = try ExternalTool.require("ffmpeg")
    signal(SIGPIPE, SIG_IGN)  // a dying ffmpeg must give EPIPE, not kill us
    Self.removeAbandonedTemporaries(of: path)
    temporary = AtomicFile.temporaryName(for: path)
    InterruptCleanup.shared.register(file: temporary)
    // Flipbook creates the temporary itself (O_EXCL, O_NOFOLLOW) before ffmpeg opens it, so
    // ffmpeg never writes through a link planted at that name.
    do throws(StageError) { try AtomicFile.createEmpty(temporary) } catch {
      InterruptCleanup.shared.unregister(file: temporary)
      throw error
    }
    var input: [Int32] = [0, 0], errors: [Int32] = [0, 0]
    guard cspawn_pipe(&input) == 0 else {
      InterruptCleanup.shared.unregister(file: temporary)
      throw .mp4("cannot make a pipe for ffmpeg: \(AtomicFile.errnoText())")
    }
    guard cspawn_pipe(&errors) == 0 else {
      close(input[0]); close(input[1])
      InterruptCleanup.shared.unregister(file: temporary)
      throw .mp4("cannot make a pipe for ffmpeg: \(AtomicFile.errnoText())")
    }
    let rate = MP4Settings.rational(fps)
    let padded = YUV420Frame.paddedSize(width: width, height: height)
    pipeBufferBytes = Int(cspawn_pipe_size(input[1], Int32(clamping: YUV420Frame.byteCount(width: padded.width, height: padded.height))))
    let arguments =
      ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
      + MP4Settings.rawInputArguments(width: padded.width, height: padded.height, fps: rate)
      + MP4Settings.outputArguments(fps: rate, input: .yuv420p, quality: quality) + [ExternalTool.fileURL(temporary)]
    do {
      let environment = MP4Settings.encoderEnvironment(inherited: ProcessInfo.processInfo.environment["GLIBC_TUNABLES"])
      child = try ChildProcess(
        ffmpeg, arguments, environment: environment, stdin: .descriptor(input[0]), stdout: .null, stderr: .descriptor(errors[1]))
    } catch {
      for fd in input + errors { close(fd) }
      InterruptCleanup.shared.unregister(file: temporary)
      throw error
    }
    close(input[0])
    close(errors[1])
    stdinFD = input[1]
    stderrTail = StreamTail(fd: errors[0], keep: 4096)
  }

  /// Converts a frame for `write(_:)` (on any thread: this is the costly part).
  public func convert(_ bitmap: Bitmap) throws(StageError) -> YUV420Frame {
    guard bitmap.width == width, bitmap.height == height else {
      throw .mp4("frame is \(bitmap.width)x\(bitmap.height), the clip is \(width)x\(height)")
    }
    return conversions.convert(bitmap)
  }

  /// Sends the next frame. Call in frame order, from one thread at a time.
  public func write(_ frame: YUV420Frame) throws(StageError) {
    let padded = YUV420Frame.paddedSize(width: width, height: height)
    guard frame.width == padded.width, frame.height == padded.height else {
      throw .mp4("frame is \(frame.width)x\(frame.height), the clip is \(padded.width)x\(padded.height)")
    }
    if let failure = frame.bytes.withUnsafeBytes({ AtomicFile.writeAll($0, to: stdinFD) }) {
      closeInput()
      let ending = child.wait()
      throw .mp4("ffmpeg stopped reading frames (\(failure)); it \(ending.description): \(diagnosis())")
    }
    framesWritten += 1
  }

  /// Closes ffmpeg's input, waits for it, verifies the clip and moves it to `path`.
  public func finish() throws(StageError) {
    closeInput()
    // ffprobe starts while ffmpeg encodes the frames it still holds; it then reads the clip
    // from a pipe as soon as ffmpeg is done. One that cannot start is tried again by path.
    let probe = try? MP4Verifier.startProbe()
    let ending = child.wait()
    guard ending.succeeded else {
      probe?.abandon()
      let message = diagnosis()
      cleanUp()
      throw .mp4("ffmpeg \(ending.description): \(message)")
    }
    do {
      try MP4Verifier.verify(
        temporary, width: width, height: height, fps: fps, frameCount: framesWritten, quality: quality, probe: probe)
    } catch {
      // ffmpeg can exit 0 after its writes failed on a full disk; the clip then fails the probe.
      let full = diskNote()
      cleanUp()
      if let full, case .mp4(let message) = error { throw .mp4("\(message); \(full)") }
      throw error
    }
    guard let renamed = InterruptCleanup.shared.finishing(temporary, { rename(temporary, path) == 0 ? nil : AtomicFile.errnoText() }) else {
      throw .mp4("interrupted")
    }
    if let reason = renamed {
      cleanUp()
      throw .write(path: path, reason: reason)
    }
  }

  /// Stops ffmpeg and removes everything it wrote; for when rendering failed.
  public func abort() {
    closeInput()
    child.kill(SIGKILL)
    child.wait()
    cleanUp()
  }

  private func closeInput() {
    guard !closed else { return }
    closed = true
    close(stdinFD)
  }

  private func cleanUp() {
    unlink(temporary)
    InterruptCleanup.shared.unregister(file: temporary)
  }

  /// The end of ffmpeg's standard error, and whether the clip's disk is full.
  private func diagnosis() -> String {
    var text = stderrTail.finish().trimmingCharacters(in: .whitespacesAndNewlines)
    if let full = diskNote(), !text.contains("No space left") { text += (text.isEmpty ? "" : "; ") + full }
    return text.isEmpty ? "ffmpeg printed nothing" : text
  }

  /// "the disk holding DIR is full (N bytes free)" when less than 1 MiB is free there, else nil.
  private func diskNote() -> String? {
    let folder = (temporary as NSString).deletingLastPathComponent
    var fs = statvfs()
    guard statvfs(folder, &fs) == 0 else { return nil }
    let free = UInt64(fs.f_bavail) * UInt64(fs.f_frsize)
    return free < 1 << 20 ? "the disk holding \(folder) is full (\(free) bytes free)" : nil
  }

  /// Removes `OUT.mp4.<pid>-<random>.tmp` files whose render is no longer running (one killed by
  /// SIGKILL, which no handler can clean up after).
  static func removeAbandonedTemporaries(of path: String) {
    let folder = (path as NSString).deletingLastPathComponent
    let base = (path as NSString).lastPathComponent
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where AtomicFile.isTemporary(name, of: base) {
      let middle = name.dropFirst(base.count + 1).dropLast(4)
      if let pid = Int32(middle.prefix { $0 != "-" }), pid > 0, kill(pid, 0) == 0 || errno != ESRCH { continue }
      unlink(folder + "/" + name)
    }
  }
}
