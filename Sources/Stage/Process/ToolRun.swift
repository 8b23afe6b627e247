import CSpawn
import Foundation

/// Runs ffprobe or ffmpeg as a `ChildProcess` (it dies with Flipbook) and collects what it
/// writes, with a deadline: a tool that hangs on a malformed file is killed, never waited for.
///
/// `run` does it in one call. A tool that reads a file on its standard input can instead be
/// started early (`init(_:_:takesInput:stderrKeep:)`), so that its start-up (ffprobe spends
/// about 70 ms loading its libraries) happens while something else runs, and be given the
/// file later (`feed(file:)`) and read (`finish`).
public final class ToolRun: @unchecked Sendable {
  /// What the tool did.
  public struct Output: Sendable {
    public var status: ChildProcess.Ending
    /// Its standard output (empty when it went to a `sink`).
    public var out: [UInt8]
    /// The end of its standard error.
    public var err: String
    /// Whether the deadline killed it.
    public var timedOut: Bool
  }

  /// Why a tool could not be run or read.
  public enum Failure: Error, CustomStringConvertible, Sendable {
    case pipe(tool: String)
    /// It could not be started: `ChildProcess`'s message (which names the executable and why).
    case start(String)
    /// It wrote more than `bytes` to its standard output, and was killed.
    case tooMuchOutput(tool: String, bytes: Int)

    public var description: String {
      switch self {
      case .pipe(let tool): return "cannot make a pipe for \(tool)"
      case .start(let message): return message
      case .tooMuchOutput(let tool, let bytes): return "\(tool) wrote more than \(bytes >> 20) MiB"
      }
    }
  }

  private let name: String
  private let child: ChildProcess
  private let outFD: Int32
  private let errors: StreamTail
  private let lock = NSLock()
  /// The write end of the tool's standard input until it is fed; nil without input.
  private var inputFD: Int32?
  /// What `finish` returned (a second call returns it again).
  private var result: Output?

  /// Starts `executable` (an absolute path). With `takesInput` its standard input is a pipe
  /// that `feed(file:)` fills (until then the tool waits for it), else /dev/null. The last
  /// `stderrKeep` bytes of its standard error are kept.
  public init(_ executable: String, _ arguments: [String], takesInput: Bool = false, stderrKeep: Int = 1 << 16) throws(Failure) {
    name = (executable as NSString).lastPathComponent
    var fds: [Int32] = []
    func pipe() throws(Failure) -> (read: Int32, write: Int32) {
      var p: [Int32] = [0, 0]
      guard cspawn_pipe(&p) == 0 else {
        for fd in fds { close(fd) }
        throw .pipe(tool: (executable as NSString).lastPathComponent)
      }
      fds += p
      return (p[0], p[1])
    }
    let out = try pipe(), err = try pipe()
    let input = takesInput ? try pipe() : nil
    do {
      child = try ChildProcess(
        executable, arguments, stdin: input.map { .descriptor($0.read) } ?? .null, stdout: .descriptor(out.write),
        stderr: .descriptor(err.write))
    } catch {
      for fd in fds { close(fd) }
      if case .mp4(let message) = error { throw .start(message) }
      throw .start("cannot start \(executable): \(error.description)")
    }
    close(out.write)
    close(err.write)
    if let input { close(input.read) }
    outFD = out.read
    inputFD = input?.write
    errors = StreamTail(fd: err.read, keep: stderrKeep)
  }

  /// Copies the file at `path` into the tool's standard input on a thread of its own, then
  /// closes it. A tool that stops reading early (having read what it needs) is no error; a
  /// file that cannot be read gives the tool an empty input. Only the first call feeds.
  public func feed(file path: String) {
    guard let fd = takeInput() else { return }
    signal(SIGPIPE, SIG_IGN)  // a tool that stops reading must give EPIPE, not kill Flipbook
    Thread.detachNewThread {
      defer { close(fd) }
      let file = open(path, O_RDONLY | O_CLOEXEC)
      guard file >= 0 else { return }
      defer { close(file) }
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let n = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        if buffer.withUnsafeBytes({ AtomicFile.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<n]), to: fd) }) != nil { return }
      }
    }
  }

  /// The write end of the tool's standard input, once: whoever takes it closes it.
  private func takeInput() -> Int32? {
    lock.withLock {
      defer { inputFD = nil }
      return inputFD
    }
  }

  /// Kills the tool (one started early that is no longer wanted) and reaps it.
  public func abandon() {
    child.kill(SIGKILL)
    _ = try? finish(timeout: 10)
  }

  /// Reads the tool's standard output to its end (into `Output.out`, or chunk by chunk into
  /// `sink`), waits for it and returns what it did. It is killed when it runs `timeout`
  /// seconds past this call, or writes more than `maxOutput` bytes. Call from one thread; a
  /// second call returns the first one's output.
  public func finish(
    timeout: Double, maxOutput: Int = 64 << 20, sink: ((ArraySlice<UInt8>) -> Void)? = nil
  ) throws(Failure) -> Output {
    if let result { return result }
    if let fd = takeInput() { close(fd) }
    let timer = Watchdog(child: child, after: timeout)
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var overflow = false
    var total = 0
    while true {
      let n = buffer.withUnsafeMutableBytes { read(outFD, $0.baseAddress, $0.count) }
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
    close(outFD)
    let ending = child.wait()
    timer.cancel()
    let err = errors.finish()
    // Killed by the deadline: the watchdog fired and the tool did not end by itself first.
    let output = Output(status: ending, out: out, err: err, timedOut: timer.fired && ending == .signalled(SIGKILL))
    result = output
    if overflow { throw .tooMuchOutput(tool: name, bytes: maxOutput) }
    return output
  }

  /// Runs `executable` with `arguments` (standard input /dev/null) to its end: standard
  /// output collected up to `maxOutput` bytes (more kills it), the last `stderrKeep` bytes of
  /// standard error kept, killed after `timeout` seconds. With `sink`, standard output goes
  /// to it chunk by chunk instead of into `Output.out`.
  public static func run(
    _ executable: String, _ arguments: [String], timeout: Double, maxOutput: Int = 64 << 20,
    stderrKeep: Int = 1 << 16, sink: ((ArraySlice<UInt8>) -> Void)? = nil
  ) throws(Failure) -> Output {
    try ToolRun(executable, arguments, stderrKeep: stderrKeep).finish(timeout: timeout, maxOutput: maxOutput, sink: sink)
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
}
