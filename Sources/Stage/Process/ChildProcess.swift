import CSpawn
import Foundation

/// A child process (ffmpeg, a shipped script) that cannot outlive Flipbook: it runs in a process
/// group of its own, and a watchdog kills that group when Flipbook dies, even by SIGKILL
/// (see `cspawn.h`). While it runs it is registered with `InterruptCleanup`, so SIGINT, SIGTERM
/// or SIGHUP of Flipbook kill the group (the child and anything it started) before Flipbook exits.
public final class ChildProcess: @unchecked Sendable {
  /// How a child ended.
  public enum Ending: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)

    public var succeeded: Bool { self == .exited(0) }

    public var description: String {
      switch self {
      case .exited(let code): return "exited with status \(code)"
      case .signalled(let s): return "was killed by signal \(s)\(s == SIGKILL ? " (SIGKILL: out of memory?)" : "")"
      }
    }
  }

  /// Where one of the child's standard streams goes.
  public enum Stream: Sendable {
    /// The same as Flipbook's.
    case inherit
    case null
    case descriptor(Int32)

    var raw: Int32 {
      switch self {
      case .inherit: return -1
      case .null: return -2
      case .descriptor(let fd): return fd
      }
    }
  }

  /// The child's process id, which is also its process group id.
  public let pid: Int32
  private var handle: cspawn_child
  private var ending: Ending?
  private let lock = NSLock()

  /// Starts `executable` (an absolute path) with `arguments`, in Flipbook's environment with
  /// the variables of `environment` added (or replaced).
  public init(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], stdin: Stream = .null,
    stdout: Stream = .inherit, stderr: Stream = .inherit
  ) throws(StageError) {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var envp: [UnsafeMutablePointer<CChar>?] = []
    if !environment.isEmpty {
      let merged = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
      envp = merged.keys.sorted().map { strdup("\($0)=\(merged[$0]!)") } + [nil]
    }
    defer { for p in envp { free(p) } }
    // Registered before the fork so a signal cannot slip between start and registration:
    // InterruptCleanup only kills positive ids it knows, and this one is filled in below.
    let started = argv.withUnsafeBufferPointer { args in
      envp.withUnsafeBufferPointer { env in
        InterruptCleanup.shared.starting({
          cspawn_start(executable, args.baseAddress, env.isEmpty ? nil : env.baseAddress, stdin.raw, stdout.raw, stderr.raw)
        }, pid: { $0.pid })
      }
    }
    guard let started else { throw .mp4("interrupted before \(executable) could start") }
    guard started.pid > 0 else {
      throw .mp4("cannot start \(executable): \(String(cString: strerror(started.error)))")
    }
    handle = started
    pid = started.pid
  }

  /// Waits for the child to end, then stops its watchdog. Safe to call more than once, and
  /// from several threads. The wait itself holds no lock, so `kill` works meanwhile (a
  /// deadline can still end a child whose output has closed); the child is reaped under the
  /// lock, so `kill` never signals an id that might already belong to another process.
  @discardableResult
  public func wait() -> Ending {
    if let ending = lock.withLock({ ending }) { return ending }
    cspawn_wait_exited(pid)
    lock.lock()
    defer { lock.unlock() }
    if let ending { return ending }
    var code: Int32 = 0
    let signal = cspawn_wait(pid, &code)
    let result: Ending = signal == 0 ? .exited(code) : .signalled(max(signal, 0))
    InterruptCleanup.shared.unregister(child: pid)
    cspawn_release(handle)
    ending = result
    return result
  }

  /// Sends `signal` to the child's whole process group (the child and what it started).
  /// Returns false when the child had already been reaped (nothing is sent).
  @discardableResult
  public func kill(_ signal: Int32 = SIGKILL) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard ending == nil else { return false }
    Glibc.kill(-pid, signal)
    return true
  }
}
