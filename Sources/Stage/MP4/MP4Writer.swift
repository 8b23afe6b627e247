import Foundation
import Raster

/// Streams raw frames into ffmpeg while they are rendered (no PNG round trip) and leaves a
/// verified clip at `path`. ffmpeg writes to `path + ".tmp"`, which is checked with ffprobe
/// and renamed into place only when it passes; on any failure nothing is left at `path`.
///
/// Frames must arrive in order, all `width` x `height`. They are sent as RGBA bytes: the
/// bitmaps are premultiplied, so a frame with transparency shows as composited over black
/// (Flipbook's frames are opaque: the canvas background is always drawn).
public final class MP4Writer: @unchecked Sendable {
  public let path: String
  public let width: Int, height: Int
  public let fps: Double
  private let process = Process()
  private let stdin: FileHandle
  private let logPath: String
  private var framesWritten = 0
  private var closed = false

  public init(path: String, width: Int, height: Int, fps: Double) throws(StageError) {
    self.path = path
    self.width = width
    self.height = height
    self.fps = fps
    let ffmpeg = try ExternalTool.require("ffmpeg")
    signal(SIGPIPE, SIG_IGN)  // a dying ffmpeg must give EPIPE, not kill us
    logPath = path + ".ffmpeg.log"
    InterruptCleanup.shared.register(file: logPath)
    InterruptCleanup.shared.register(file: path + ".tmp")
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    guard let log = FileHandle(forWritingAtPath: logPath) else {
      InterruptCleanup.shared.unregister(file: logPath)
      InterruptCleanup.shared.unregister(file: path + ".tmp")
      throw .write(path: logPath, reason: "cannot create ffmpeg's log file")
    }
    let rate = MP4Settings.rational(fps)
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments =
      [
        "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
        "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", rate, "-i", "pipe:0",
      ] + MP4Settings.outputArguments(fps: rate) + [path + ".tmp"]
    let pipe = Pipe()
    process.standardInput = pipe
    process.standardOutput = log
    process.standardError = log
    do { try process.run() } catch {
      try? FileManager.default.removeItem(atPath: logPath)
      InterruptCleanup.shared.unregister(file: logPath)
      InterruptCleanup.shared.unregister(file: path + ".tmp")
      throw .mp4("cannot start ffmpeg: \(error.localizedDescription)")
    }
    InterruptCleanup.shared.register(child: process.processIdentifier)
    stdin = pipe.fileHandleForWriting
  }

  /// Sends the next frame. Call in frame order, from one thread at a time.
  public func write(_ bitmap: Bitmap) throws(StageError) {
    guard bitmap.width == width, bitmap.height == height else {
      throw .mp4("frame is \(bitmap.width)x\(bitmap.height), the clip is \(width)x\(height)")
    }
    let fd = stdin.fileDescriptor
    var failure: Int32 = 0
    bitmap.pixels.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += n
      }
    }
    if failure != 0 {
      throw .mp4("ffmpeg stopped reading frames (\(String(cString: strerror(failure)))): \(log())")
    }
    framesWritten += 1
  }

  /// Closes ffmpeg's input, waits for it, verifies the clip and moves it to `path`.
  public func finish() throws(StageError) {
    closeInput()
    process.waitUntilExit()
    InterruptCleanup.shared.unregister(child: process.processIdentifier)
    let status = process.terminationStatus
    guard status == 0 else {
      let message = log()
      cleanUp()
      throw .mp4("ffmpeg failed with status \(status): \(message)")
    }
    do {
      try MP4Verifier.verify(path + ".tmp", width: width, height: height, fps: fps, frameCount: framesWritten)
    } catch {
      cleanUp()
      throw error
    }
    guard rename(path + ".tmp", path) == 0 else {
      let reason = String(cString: strerror(errno))
      cleanUp()
      throw .write(path: path, reason: reason)
    }
    try? FileManager.default.removeItem(atPath: logPath)
    InterruptCleanup.shared.unregister(file: path + ".tmp")
    InterruptCleanup.shared.unregister(file: logPath)
  }

  /// Stops ffmpeg and removes everything it wrote; for when rendering failed.
  public func abort() {
    closeInput()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    InterruptCleanup.shared.unregister(child: process.processIdentifier)
    cleanUp()
  }

  private func closeInput() {
    guard !closed else { return }
    closed = true
    try? stdin.close()
  }

  private func cleanUp() {
    try? FileManager.default.removeItem(atPath: path + ".tmp")
    try? FileManager.default.removeItem(atPath: logPath)
    InterruptCleanup.shared.unregister(file: path + ".tmp")
    InterruptCleanup.shared.unregister(file: logPath)
  }

  private func log() -> String {
    let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? "(no message)" : String(trimmed.suffix(2000))
  }
}
