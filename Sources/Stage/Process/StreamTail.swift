import Foundation

/// Reads a descriptor (a child's standard error) to its end on a thread of its own, keeping
/// its last `keep` bytes, so the child never blocks on a full pipe and an error can quote what
/// it said last. `MP4Writer` keeps ffmpeg's last 4 KiB; `ToolRun` keeps what its caller asks.
final class StreamTail: @unchecked Sendable {
  private let keep: Int
  private var data: [UInt8] = []
  private let group = DispatchGroup()

  init(fd: Int32, keep: Int) {
    self.keep = keep
    group.enter()
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 1 << 14)
      while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        data.append(contentsOf: buffer[0..<n])
        if data.count > 2 * keep { data.removeFirst(data.count - keep) }
      }
      close(fd)
      group.leave()
    }
  }

  /// Waits for the end of the stream (the writer has exited or closed it) and returns its last
  /// `keep` bytes as text. May be called again.
  func finish() -> String {
    group.wait()
    return String(decoding: data.suffix(keep), as: UTF8.self)
  }
}
