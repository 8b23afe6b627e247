import Foundation
import Stage

/// The MP4 that `render -o OUT.gif` encodes first, beside the GIF: `.OUT.gif.<pid>.mp4`. A
/// run killed by SIGKILL (which no handler sees) leaves it, or its encoder's
/// `.OUT.gif.<pid>.mp4.<pid>-<random>.tmp`; the next run to the same GIF removes those of
/// runs no longer alive.
enum GIFTemporaryMP4 {
  /// This process's temporary MP4 for `gif`.
  static func path(for gif: String) -> String {
    folder(of: gif) + "/." + (gif as NSString).lastPathComponent + ".\(getpid()).mp4"
  }

  /// Removes the temporaries of `gif` left by runs whose process is gone.
  static func removeAbandoned(for gif: String) {
    let folder = folder(of: gif)
    let prefix = "." + (gif as NSString).lastPathComponent + "."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard let pid = Int32(digits), pid > 0, pid != getpid() else { continue }
      let mp4 = prefix + digits + ".mp4"
      guard name == mp4 || AtomicFile.isTemporary(name, of: mp4) else { continue }
      if kill(pid, 0) == 0 || errno != ESRCH { continue }  // alive (or not ours to signal)
      unlink(folder + "/" + name)
    }
  }

  private static func folder(of gif: String) -> String {
    let dir = (gif as NSString).deletingLastPathComponent
    return dir.isEmpty ? "." : dir
  }
}
