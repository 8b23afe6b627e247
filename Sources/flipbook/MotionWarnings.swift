import Foundation
import Scene
import Stage

/// Prints `MotionCheck`'s warnings for `clip` on stderr, each as
/// `file:line:column: warning: ...` with its source line and notes (docs/motion.md,
/// "Warnings"); returns how many there were. Warnings never change an exit status, except
/// under `check --strict`.
@discardableResult
func printMotionWarnings(_ clip: Clip, label: String? = nil) -> Int {
  printWarnings(MotionCheck.warnings(clip), label: label)
}

/// Prints `warnings` as `printMotionWarnings` does; returns how many there were.
@discardableResult
func printWarnings(_ warnings: [MotionWarning], label: String? = nil) -> Int {
  guard !warnings.isEmpty else { return 0 }
  var text = label.map { "\($0):\n" } ?? ""
  for w in warnings { text += SourceSnippet.render(severity: "warning", message: w.message, notes: w.notes, at: w.location) }
  FileHandle.standardError.write(Data(text.utf8))
  return warnings.count
}

/// `MotionCheck` run on a thread of its own while the frames render (on a 2-core machine it
/// is otherwise half a second before the first frame of T2), its warnings printed once,
/// by `print()`, the first call waiting for the check to end.
final class MotionWarningsBeside: @unchecked Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var warnings: [MotionWarning] = []
  private var printed = false

  /// Starts checking `clip`.
  init(_ clip: Clip) {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let found = MotionCheck.warnings(clip)
      lock.withLock { warnings = found }
      finished.signal()
    }
  }

  /// Waits for the check and prints its warnings on stderr, the first time only.
  func print() {
    let first = lock.withLock {
      defer { printed = true }
      return !printed
    }
    guard first else { return }
    finished.wait()  // the check's thread takes the lock to store its warnings: not held here
    printWarnings(lock.withLock { warnings })
  }
}
