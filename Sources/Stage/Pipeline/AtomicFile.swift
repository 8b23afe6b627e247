import Foundation

/// Writes files so they appear only complete: bytes go to `<path>.tmp`, which is renamed
/// onto `path` once fully written. On failure the temporary file is removed.
public enum AtomicFile {
  /// Writes `bytes` to `path` through `path + ".tmp"`.
  public static func write(_ bytes: [UInt8], to path: String) throws(StageError) {
    let tmp = path + ".tmp"
    let cleanup = InterruptCleanup.shared
    guard let fd = cleanup.creating(tmp, { open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }) else {
      throw .write(path: tmp, reason: "interrupted")
    }
    guard fd >= 0 else {
      let reason = errnoText()
      cleanup.unregister(file: tmp)
      throw .write(path: tmp, reason: reason)
    }
    var offset = 0
    var failure: String?
    bytes.withUnsafeBytes { raw in
      while offset < raw.count {
        let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          failure = errnoText(); return
        }
        offset += n
      }
    }
    if close(fd) != 0, failure == nil { failure = errnoText() }
    if let failure {
      _ = cleanup.finishing(tmp) { unlink(tmp) }
      throw .write(path: tmp, reason: failure)
    }
    guard let renamed = cleanup.finishing(tmp, { rename(tmp, path) == 0 ? nil : errnoText() }) else {
      throw .write(path: path, reason: "interrupted")
    }
    if let reason = renamed {
      unlink(tmp)
      throw .write(path: path, reason: reason)
    }
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }
}
