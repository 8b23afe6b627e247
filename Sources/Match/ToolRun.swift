import Foundation
import Stage

/// Runs ffprobe or ffmpeg as a `ChildProcess` (it dies with Flipbook) and collects what it
/// writes, with a deadline: a tool that hangs on a malformed file is killed, never waited for.
enum ToolRun {
  struct Output {
    var status: ChildProcess.Ending
    var out: [UInt8]
    var err: String
    var timedOut: Bool
  }

  /// `executable` with `arguments`; stdout collected up to `maxOutput` bytes (more kills the
  /// child), stderr's last `stderrKeep` bytes kept; killed after `timeout` seconds.
  /// With `sink`, stdout goes to it chunk by chunk instead of into `Output.out`.
  static func run(
    _ executable: String, _ arguments: [String], timeout: Double, maxOutput: Int = 64 << 20,
    stderrKeep: Int = 1 << 16, sink: ((ArraySlice<UInt8>) -> Void)? = nil
  ) throws(MatchError) -> Output {
    var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0 else { throw .tool("cannot make a pipe for \(executable)") }
    guard pipe(&errPipe) == 0 else {
      close(outPipe[0]); close(outPipe[1])
      throw .tool("cannot make a pipe for \(executable)")
    }
    // Not inherited by other children started meanwhile (the child gets its own copies).
    for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let child: ChildProcess
    do {
      child = try ChildProcess(executable, arguments, stdin: .null, stdout: .descriptor(outPipe[1]), stderr: .descriptor(errPipe[1]))
    } catch {
      for fd in outPipe + errPipe { close(fd) }
      throw .tool("\(error)")
    }
    close(outPipe[1]); close(errPipe[1])
    let timer = Watchdog(child: child, after: timeout)
    let errText = StreamTail(fd: errPipe[0], keep: stderrKeep)
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var overflow = false
    var total = 0
    while true {
      let n = buffer.withUnsafeMutableBytes { read(outPipe[0], $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      total += n
      if total > maxOutput {
        overflow = true
        child.kill(SIGKILL)
        break
      }
      if let sink { sink(buffer[0..<n]) } else { out.append(contentsOf: buffer[0..<n]) }
    }
    close(outPipe[0])
    let ending = child.wait()
    timer.cancel()
    let err = errText.finish()
    if overflow { throw .tool("\((executable as NSString).lastPathComponent) wrote more than \(maxOutput >> 20) MiB") }
    return Output(status: ending, out: out, err: err, timedOut: timer.fired)
  }

  /// Kills a child that runs past its deadline.
  final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var didFire = false

    init(child: ChildProcess, after seconds: Double) {
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in self?.fire(child) }
    }

    var fired: Bool { lock.withLock { didFire } }

    private func fire(_ child: ChildProcess) {
      lock.withLock {
        guard !done else { return }
        didFire = true
        child.kill(SIGKILL)
      }
    }

    func cancel() { lock.withLock { done = true } }
  }

  /// Reads a descriptor to its end on a thread of its own, keeping the last `keep` bytes.
  final class StreamTail: @unchecked Sendable {
    private var data: [UInt8] = []
    private let group = DispatchGroup()

    init(fd: Int32, keep: Int = 1 << 16) {
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

    func finish() -> String {
      group.wait()
      return String(decoding: data, as: UTF8.self)
    }
  }
}
