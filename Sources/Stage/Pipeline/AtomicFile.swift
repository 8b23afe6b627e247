import Foundation

/// Writes every output file Flipbook makes (frames, manifests, stills, sheets, charts, JSON).
///
/// What happens depends on what is at `path` (a symlink is followed, so the link stays and
/// its target gets the bytes):
/// - nothing, or a regular file: the bytes go to a temporary sibling with a unique name
///   (`NAME.<pid>-<random>.tmp`), which is renamed onto the target once fully written, so the
///   target only ever appears complete. On failure the temporary file is removed.
/// - a character device or a FIFO (`/dev/null`, `/dev/stdout` on a terminal or pipe, a named
///   pipe): the bytes are written to it directly, as `cat > path` would; it is never replaced.
///   (A FIFO with no reader blocks, as it would for any program.)
/// - a folder, a block device, a socket, or a symlink to nothing: refused with an error.
///
/// A file Flipbook names itself inside an output folder (`Place.inOutputFolder`: frames,
/// manifests, the lock, bundle files, temporaries) follows a stricter rule: only nothing or a
/// regular file is accepted there; a symbolic link (to anything), a device or a FIFO is refused,
/// so a link planted in a folder never makes Flipbook write elsewhere.
public enum AtomicFile {
  /// Who chose the path, which decides whether a symbolic link there is followed.
  public enum Place: Equatable, Sendable {
    /// A path the user named (`-o clip.mp4`, `still -o`, `--json`): a link is followed, a
    /// character device or FIFO is written in place.
    case named
    /// A file Flipbook names inside an output folder: a link, device or FIFO is refused.
    case inOutputFolder
  }

  /// What an output path names.
  public enum Target: Equatable, Sendable {
    /// A new path or a regular file (`path` resolved through symlinks): temporary + rename.
    case file(String)
    /// A character device or FIFO: written in place.
    case stream(String)
  }

  /// Writes `bytes` to `path` (see the type's rules).
  public static func write(_ bytes: [UInt8], to path: String, place: Place = .named) throws(StageError) {
    switch try target(path, place: place) {
    case .stream(let device): try writeDirectly(bytes, to: device)
    case .file(let file): try writeThroughTemporary(bytes, to: file)
    }
  }

  /// Classifies `path`; throws for anything Flipbook will not write to.
  public static func target(_ path: String, place: Place = .named) throws(StageError) -> Target {
    var link = stat()
    guard lstat(path, &link) == 0 else {
      if errno == ENOENT { return .file(path) }
      throw .write(path: path, reason: errnoText())
    }
    if place == .inOutputFolder {
      switch link.st_mode & S_IFMT {
      case S_IFREG: return .file(path)
      case S_IFLNK: throw .write(path: path, reason: linkInFolder)
      default: throw .write(path: path, reason: "it is not a regular file; Flipbook writes only regular files inside an output folder: remove it")
      }
    }
    var resolved = path
    var info = link
    if (link.st_mode & S_IFMT) == S_IFLNK {
      guard stat(path, &info) == 0, let real = realpath(path, nil) else {
        throw .write(path: path, reason: "it is a symbolic link to nothing (\(errnoText())); remove it or name its target")
      }
      resolved = String(cString: real)
      free(real)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file(resolved)
    case S_IFCHR, S_IFIFO: return .stream(resolved)
    case S_IFDIR: throw .write(path: path, reason: "it is a folder; give a file name")
    case S_IFBLK: throw .write(path: path, reason: "it is a block device; Flipbook never writes to one")
    default: throw .write(path: path, reason: "it is not a regular file, a character device or a FIFO")
    }
  }

  /// Why a symbolic link inside an output folder is refused.
  public static let linkInFolder =
    "it is a symbolic link; Flipbook never follows a link inside an output folder (it would write to the link's target): remove it"

  /// Creates `path` as a new, empty regular file (`O_CREAT | O_EXCL | O_NOFOLLOW`: never
  /// through a link, never over an existing file) for a child process to fill.
  public static func createEmpty(_ path: String) throws(StageError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .write(path: path, reason: errnoText()) }
    close(fd)
  }

  /// A unique temporary sibling of `path`: `path.<pid>-<random>.tmp`.
  public static func temporaryName(for path: String) -> String {
    "\(path).\(getpid())-\(String(UInt32.random(in: .min ... .max), radix: 16)).tmp"
  }

  /// True for names `temporaryName(for:)` makes from `base` (and the older `base.tmp`).
  public static func isTemporary(_ name: String, of base: String) -> Bool {
    guard name.hasPrefix(base + "."), name.hasSuffix(".tmp") else { return false }
    let middle = name.dropFirst(base.count + 1).dropLast(4)
    return middle.isEmpty || middle.allSatisfy { $0.isHexDigit || $0 == "-" }
  }

  private static func writeThroughTemporary(_ bytes: [UInt8], to path: String) throws(StageError) {
    let tmp = temporaryName(for: path)
    let cleanup = InterruptCleanup.shared
    guard let fd = cleanup.creating(tmp, { open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) }) else {
      throw .write(path: path, reason: "interrupted")
    }
    guard fd >= 0 else {
      let reason = errnoText()
      cleanup.unregister(file: tmp)
      throw .write(path: tmp, reason: reason)
    }
    var failure = bytes.withUnsafeBytes { writeAll($0, to: fd) }
    if close(fd) != 0, failure == nil { failure = errnoText() }
    if let failure {
      _ = cleanup.finishing(tmp) { unlink(tmp) }
      throw .write(path: path, reason: failure)
    }
    guard let renamed = cleanup.finishing(tmp, { rename(tmp, path) == 0 ? nil : errnoText() }) else {
      throw .write(path: path, reason: "interrupted")
    }
    if let reason = renamed {
      unlink(tmp)
      throw .write(path: path, reason: reason)
    }
  }

  private static func writeDirectly(_ bytes: [UInt8], to path: String) throws(StageError) {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .write(path: path, reason: errnoText()) }
    var failure = bytes.withUnsafeBytes { writeAll($0, to: fd) }
    if close(fd) != 0, failure == nil { failure = errnoText() }
    if let failure { throw .write(path: path, reason: failure) }
  }

  /// Writes every byte (retrying short writes and EINTR); the error text, or nil.
  static func writeAll(_ raw: UnsafeRawBufferPointer, to fd: Int32) -> String? {
    var offset = 0
    while offset < raw.count {
      let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        return errnoText()
      }
      offset += n
    }
    return nil
  }

  static func errnoText() -> String { String(cString: strerror(errno)) }
}
