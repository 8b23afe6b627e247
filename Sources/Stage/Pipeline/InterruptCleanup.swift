import Dispatch
import Foundation

/// What a render must undo when it is stopped by a signal (Ctrl-C, `timeout`, `kill`):
/// unfinished temporary files (`frame_NNNNN.png.<pid>-<random>.tmp`, `OUT.mp4.<pid>-<random>.tmp`)
/// and the child processes (ffmpeg, scripts/make-gif and its ffmpeg), which would otherwise go
/// on writing after Flipbook died.
///
/// `install()` catches SIGINT, SIGTERM and SIGHUP. On one of them, the handler takes the
/// lock for good (no file can be created or renamed into place after that), kills the
/// registered children, removes the registered files, and then dies of the same signal,
/// so the caller sees the usual status (130 for Ctrl-C in a shell). Files are registered
/// under the same lock as their `open` and their `rename`, so none slips through.
/// SIGKILL cannot be caught: a `kill -9` leaves at most one `.tmp` per job (the next render
/// into the same folder or MP4 path removes it), and `ChildProcess`'s watchdog kills the children.
public final class InterruptCleanup: @unchecked Sendable {
  public static let shared = InterruptCleanup()

  private let lock = NSLock()
  private var files: [String: Int] = [:]
  private var children: Set<Int32> = []
  private var sources: [any DispatchSourceSignal] = []
  private var stopping = false
  private var installed = false

  private init() {}

  /// Starts catching SIGINT, SIGTERM and SIGHUP, except those already ignored (once; later
  /// calls do nothing).
  public func install() {
    lock.lock()
    defer { lock.unlock() }
    guard !installed else { return }
    installed = true
    let queue = DispatchQueue(label: "flipbook.interrupt")
    for signo in [SIGINT, SIGTERM, SIGHUP] {
      // A signal ignored when we started (a background job's SIGINT, nohup's SIGHUP) stays ignored.
      let previous = signal(signo, SIG_IGN)
      if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
      let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
      source.setEventHandler { [unowned self] in self.stop(signal: signo) }
      source.resume()
      sources.append(source)
    }
  }

  /// Runs `body` (which creates `path`) with `path` registered for removal; returns nil
  /// without running it once a signal has arrived.
  func creating<T>(_ path: String, _ body: () -> T) -> T? {
    lock.lock()
    defer { lock.unlock() }
    guard !stopping else { return nil }
    files[path, default: 0] += 1
    return body()
  }

  /// Runs `body` (which renames or removes `path`) and forgets `path`; returns nil without
  /// running it once a signal has arrived.
  func finishing<T>(_ path: String, _ body: () -> T) -> T? {
    lock.lock()
    defer { lock.unlock() }
    guard !stopping else { return nil }
    forget(path)
    return body()
  }

  /// Registers a file to remove on a signal (for files created by a child process).
  public func register(file path: String) {
    lock.lock()
    files[path, default: 0] += 1
    lock.unlock()
  }

  public func unregister(file path: String) {
    lock.lock()
    forget(path)
    lock.unlock()
  }

  /// Runs `body` (which starts a child in a process group of its own and returns it with its
  /// process id) and registers the group to kill on a signal, under the lock, so no signal falls
  /// between the two; returns nil without running it once a signal has arrived.
  func starting<T>(_ body: () -> T, pid: (T) -> Int32) -> T? {
    lock.lock()
    defer { lock.unlock() }
    guard !stopping else { return nil }
    let started = body()
    if pid(started) > 0 { children.insert(pid(started)) }
    return started
  }

  func unregister(child pid: Int32) {
    lock.lock()
    children.remove(pid)
    lock.unlock()
  }

  private func forget(_ path: String) {
    guard let n = files[path] else { return }
    files[path] = n > 1 ? n - 1 : nil
  }

  /// Waits (5 ms a try) until no process of group `pid` is left, reaping the leader.
  private static func waitForGroup(_ pid: Int32, tries: Int) {
    var status: Int32 = 0
    for _ in 0..<tries {
      _ = waitpid(pid, &status, WNOHANG)
      if kill(-pid, 0) != 0 { return }
      usleep(5_000)
    }
  }

  /// Never returns: cleans up and dies of `signo`.
  private func stop(signal signo: Int32) -> Never {
    lock.lock()  // kept: nothing else is created or renamed from now on
    stopping = true
    // Each child leads its own process group. SIGTERM first, so a script's trap can remove its
    // temporaries (scripts/make-gif does); then SIGKILL for what is still there after 2 s.
    for pid in children { kill(-pid, SIGTERM) }
    for pid in children { Self.waitForGroup(pid, tries: 400) }
    for pid in children { kill(-pid, SIGKILL) }
    for pid in children { Self.waitForGroup(pid, tries: 200) }
    var removed = 0
    for path in files.keys where unlink(path) == 0 { removed += 1 }
    let name = signo == SIGINT ? "interrupted" : "stopped by signal \(signo)"
    let message = "\nflipbook: \(name); removed \(removed) unfinished file\(removed == 1 ? "" : "s")\n"
    FileHandle.standardError.write(Data(message.utf8))
    signal(signo, SIG_DFL)
    var set = sigset_t()  // the dispatch source may have blocked it on this thread
    sigemptyset(&set)
    sigaddset(&set, signo)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(signo)
    exit(128 + signo)
  }
}
