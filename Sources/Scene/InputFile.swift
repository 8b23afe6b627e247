import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the files a scene names (the scene itself, its assets) without trusting them: only
/// regular files are read (a FIFO, a terminal or `/dev/stdin` would block, a device may never
/// end), the size is checked before anything is read, and every failure says what it is (a
/// symbolic-link loop is not "no such file").
public enum InputFile {
  /// Why a file was not read, phrased to follow "the file ...".
  public enum Problem: Error, Equatable {
    case missing
    case symlinkLoop
    case directory
    /// A FIFO, socket, character or block device: `kind` names it.
    case notRegular(kind: String)
    case permissionDenied
    /// Larger than the limit given: its size in bytes.
    case tooLarge(bytes: Int)
    /// Any other system error, by its text.
    case system(String)

    /// "no such file", "is a symbolic link loop (too many levels of symbolic links)", ...
    public var text: String {
      switch self {
      case .missing: "no such file"
      case .symlinkLoop: "is a symbolic link loop (too many levels of symbolic links)"
      case .directory: "is a directory"
      case .notRegular(let kind): "is \(kind), not a regular file (it could block or never end)"
      case .permissionDenied: "cannot be read (permission denied)"
      case .tooLarge(let bytes): "is \(bytes) bytes"
      case .system(let text): "cannot be read (\(text))"
      }
    }
  }

  /// At most `maxBytes` bytes of the regular file at `path`, or `.tooLarge` (checked from its
  /// size before reading, and again while reading in case it grows).
  public static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], Problem> {
    read(path, count: maxBytes, failIfLonger: true)
  }

  /// The first `count` bytes (fewer if the file is shorter) of the regular file at `path`.
  static func prefix(_ path: String, count: Int) -> Result<[UInt8], Problem> {
    read(path, count: count, failIfLonger: false)
  }

  private static func read(_ path: String, count: Int, failIfLonger: Bool) -> Result<[UInt8], Problem> {
    // O_NONBLOCK: opening a FIFO with no writer must not wait for one.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    if fd < 0 { return .failure(problem(errno)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(problem(errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .failure(.directory)
    case S_IFIFO: return .failure(.notRegular(kind: "a FIFO (named pipe)"))
    case S_IFSOCK: return .failure(.notRegular(kind: "a socket"))
    case S_IFCHR: return .failure(.notRegular(kind: "a character device"))
    case S_IFBLK: return .failure(.notRegular(kind: "a block device"))
    default: return .failure(.notRegular(kind: "not a regular file"))
    }
    let size = Int(info.st_size)
    if failIfLonger, size > count { return .failure(.tooLarge(bytes: size)) }
    // One byte more than allowed tells a file that grew since fstat from one that did not.
    let capacity = failIfLonger ? count + 1 : count
    var bytes = [UInt8](repeating: 0, count: min(capacity, max(size, 0) + 1))
    var filled = 0
    while filled < bytes.count {
      let got = bytes.withUnsafeMutableBytes { raw in
        systemRead(fd, raw.baseAddress! + filled, raw.count - filled)
      }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(problem(errno))
      }
      if got == 0 { break }
      filled += got
      if filled == bytes.count, bytes.count < capacity { bytes += [UInt8](repeating: 0, count: min(capacity - bytes.count, 1 << 16)) }
    }
    if failIfLonger, filled > count { return .failure(.tooLarge(bytes: max(size, filled))) }
    return .success(Array(bytes[..<filled]))
  }

  private static func problem(_ code: Int32) -> Problem {
    switch code {
    case ENOENT, ENOTDIR: .missing
    case ELOOP: .symlinkLoop
    case EISDIR: .directory
    case EACCES, EPERM: .permissionDenied
    default: .system(String(cString: strerror(code)))
    }
  }
}

#if canImport(Glibc)
  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  private let systemRead = Darwin.read
#endif
