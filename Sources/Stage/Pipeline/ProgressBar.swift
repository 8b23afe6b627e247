import Foundation

/// A one-line progress bar on stderr (`[#####.....] 45/120 frames  23.4 frames/s  ETA 3.2 s`),
/// redrawn at most ten times a second. Silent when stderr is not a terminal, so logs and CI
/// output stay clean. The rate and the ETA come from `ProgressRate` (recent frames).
public final class ProgressBar: @unchecked Sendable {
  private let total: Int
  private let label: String
  private let enabled: Bool
  private let clock: @Sendable () -> Double
  private let start: Double
  private var lastDraw: Double = -.infinity
  private var rate: ProgressRate
  private var done = 0
  private let lock = NSLock()

  /// - Parameters:
  ///   - enabled: defaults to "stderr is a terminal".
  ///   - clock: seconds on any fixed origin (default: the monotonic clock); tests pass their own.
  public init(
    total: Int, label: String = "frames", enabled: Bool = isatty(STDERR_FILENO) == 1,
    clock: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
  ) {
    self.total = total
    self.label = label
    self.enabled = enabled
    self.clock = clock
    self.start = clock()
    self.rate = ProgressRate(total: total)
  }

  /// Reports `done` of `total` finished; cheap to call from any thread.
  public func update(_ done: Int) {
    lock.lock()
    defer { lock.unlock() }
    let now = clock()
    rate.record(done: done, at: now - start)
    self.done = done
    guard enabled, done == total || now - lastDraw > 0.1 else { return }
    lastDraw = now
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// The bar as it would be drawn now (starts with a carriage return).
  var text: String {
    Self.line(done: done, total: total, label: label, rate: rate.rate, eta: rate.eta)
  }

  /// Ends the bar's line.
  public func finish() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\n".utf8))
  }

  /// The bar's text for `done` of `total` at `rate` per second with `eta` seconds left
  /// (starts with a carriage return).
  static func line(done: Int, total: Int, label: String, rate: Double, eta: Double) -> String {
    let width = 24
    let filled = total == 0 ? width : width * done / total
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    return "\r[\(bar)] \(done)/\(total) \(label)  \(format(rate)) \(label)/s  ETA \(format(eta)) s   "
  }

  private static func format(_ x: Double) -> String {
    let tenths = Int((x * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

/// The rate of a job's progress and the time it has left, from `(done, seconds)` updates,
/// measured over the last `window` seconds: a render's start (loading, simulating, starting
/// ffmpeg) and any change of pace weigh only while they are recent. (The average since the
/// start said 13.5 s at 25 % of a render with a 2 s start and 10 frames/s after it, where
/// 7.5 s were left.)
public struct ProgressRate: Sendable {
  public let total: Int
  /// Seconds of recent updates the rate is measured over.
  public let window: Double
  /// Updates, oldest first; `samples[first]` is the newest one at least `window` old (the
  /// base of the measure) or, early on, the oldest.
  private var samples: [(done: Int, seconds: Double)] = []
  private var first = 0

  public init(total: Int, window: Double = 2) {
    self.total = total
    self.window = window
  }

  /// `done` items finished `seconds` after the start.
  public mutating func record(done: Int, at seconds: Double) {
    samples.append((done, seconds))
    // Move the base up while the next sample is still at least `window` old.
    while first + 1 < samples.count - 1, samples[first + 1].seconds <= seconds - window { first += 1 }
    if first > 1024, first > samples.count / 2 {
      samples.removeFirst(first)
      first = 0
    }
  }

  /// Items per second over the window (over all the time so far before a second update).
  public var rate: Double {
    guard let last = samples.last else { return 0 }
    if samples.count - first < 2 { return last.seconds > 0 ? Double(last.done) / last.seconds : 0 }
    let base = samples[first]
    let dt = last.seconds - base.seconds
    return dt > 0 ? Double(last.done - base.done) / dt : 0
  }

  /// Seconds left at `rate`.
  public var eta: Double {
    let done = samples.last?.done ?? 0
    let r = rate
    return r > 0 ? Double(max(total - done, 0)) / r : 0
  }
}
