import Foundation

/// Notices when any of a set of files changes, by polling: each file's modification and
/// status-change times (nanoseconds), size, device and inode (`stat`; a missing file counts as
/// a state of its own). Polling is simple and
/// works on every file system, including editors that save by writing a new file and
/// renaming it over the old one.
public struct FileWatcher: Sendable {
  /// One file's observed state.
  struct Stamp: Hashable, Sendable {
    var modified: Int?, modifiedNanoseconds: Int?
    var changed: Int?, changedNanoseconds: Int?
    var size: Int64?
    var device: UInt64?
    var inode: UInt64?
  }

  public private(set) var paths: [String]
  private var stamps: [String: Stamp] = [:]

  public init(paths: [String]) {
    self.paths = paths
    stamps = Dictionary(uniqueKeysWithValues: paths.map { ($0, FileWatcher.stamp($0)) })
  }

  /// Watches `newPaths` from now on. A path already watched keeps the state seen before,
  /// so a change made while the caller was reading the files still shows at the next poll;
  /// a new path is taken as it is now.
  public mutating func watch(_ newPaths: [String]) {
    var next: [String: Stamp] = [:]
    for p in newPaths { next[p] = stamps[p] ?? FileWatcher.stamp(p) }
    paths = newPaths
    stamps = next
  }

  /// Re-reads every watched file; true when any changed since it was last seen.
  public mutating func poll() -> Bool {
    var changed = false
    for p in paths {
      let now = FileWatcher.stamp(p)
      if now != stamps[p] { stamps[p] = now; changed = true }
    }
    return changed
  }

  static func stamp(_ path: String) -> Stamp {
    var s = stat()
    guard stat(path, &s) == 0 else { return Stamp() }
    return Stamp(
      modified: Int(s.st_mtim.tv_sec), modifiedNanoseconds: Int(s.st_mtim.tv_nsec),
      changed: Int(s.st_ctim.tv_sec), changedNanoseconds: Int(s.st_ctim.tv_nsec),
      size: Int64(s.st_size), device: UInt64(s.st_dev), inode: UInt64(s.st_ino))
  }
}
