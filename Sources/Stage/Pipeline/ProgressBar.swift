import Foundation

/// A one-line progress bar on stderr (`[#####.....] 45/120 frames  23.4 frames/s  ETA 3.2 s`),
/// redrawn at most ten times a second. Silent when stderr is not a terminal, so logs and CI
/// output stay clean.
public final class ProgressBar: @unchecked Sendable {
  private let total: Int
  private let label: String
  private let enabled: Bool
  private let start = DispatchTime.now().uptimeNanoseconds
  private var lastDraw: UInt64 = 0
  private let lock = NSLock()

  /// - Parameter enabled: defaults to "stderr is a terminal".
  public init(total: Int, label: String = "frames", enabled: Bool = isatty(STDERR_FILENO) == 1) {
    self.total = total
    self.label = label
    self.enabled = enabled
  }

  /// Reports `done` of `total` finished; cheap to call from any thread.
  public func update(_ done: Int) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = DispatchTime.now().uptimeNanoseconds
    guard done == total || now - lastDraw > 100_000_000 else { return }
    lastDraw = now
    FileHandle.standardError.write(Data(Self.line(done: done, total: total, label: label, seconds: Double(now - start) / 1e9).utf8))
  }

  /// Ends the bar's line.
  public func finish() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\n".utf8))
  }

  /// The bar's text for `done` of `total` after `seconds` (starts with a carriage return).
  static func line(done: Int, total: Int, label: String, seconds: Double) -> String {
    let width = 24
    let filled = total == 0 ? width : width * done / total
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let rate = seconds > 0 ? Double(done) / seconds : 0
    let eta = rate > 0 ? Double(total - done) / rate : 0
    return "\r[\(bar)] \(done)/\(total) \(label)  \(format(rate)) \(label)/s  ETA \(format(eta)) s   "
  }

  private static func format(_ x: Double) -> String {
    let tenths = Int((x * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
