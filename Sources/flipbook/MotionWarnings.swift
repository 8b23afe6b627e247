import Foundation
import Scene
import Stage

/// Prints `MotionCheck`'s warnings for `clip` on stderr, each as
/// `file:line:column: warning: ...` with its source line and notes (docs/motion.md,
/// "Warnings"); returns how many there were. Warnings never change an exit status, except
/// under `check --strict`.
@discardableResult
func printMotionWarnings(_ clip: Clip, label: String? = nil) -> Int {
  let warnings = MotionCheck.warnings(clip)
  guard !warnings.isEmpty else { return 0 }
  var text = label.map { "\($0):\n" } ?? ""
  for w in warnings { text += SourceSnippet.render(severity: "warning", message: w.message, notes: w.notes, at: w.location) }
  FileHandle.standardError.write(Data(text.utf8))
  return warnings.count
}
