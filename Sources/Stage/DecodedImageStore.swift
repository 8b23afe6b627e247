import Foundation
import Raster

/// Decoded photos kept on disk between runs, so a scene rendered again (the designer's loop:
/// edit, render, look) reads its photos' pixels instead of decoding their PNGs: T2's 21
/// photos are 31 MB of pixels, read in about 20 ms against about 130 ms of decoding on two
/// cores (docs/performance.md). `AssetCache` asks it after a miss in memory and fills it after
/// a decode.
///
/// - Where: `$FLIPBOOK_CACHE_DIR`, else `$XDG_CACHE_HOME/flipbook/decoded`, else
///   `~/.cache/flipbook/decoded`; `FLIPBOOK_CACHE=off` turns it off. The folder is made
///   0700 and used only when it is a real folder (not a link) owned by this user and not
///   writable by others; otherwise photos are decoded as without it.
/// - What: one file per decoded photo, `<key>.px`: the 8 bytes `FLIPBKPX`, the width and
///   height (32-bit little-endian), then the premultiplied RGBA pixels `PNGDecoder` gave. The
///   key is the SHA-256 of the running executable's identity (another build never reads this
///   one's pixels), the photo's resolved path and its identity as `AssetCache` sees it
///   (device, inode, size, modification and status-change times), so a photo written again,
///   renamed over or touched back has another key. A file whose header or size disagree is
///   not used (it is removed), so a truncated or foreign file costs a decode, never a picture.
/// - Written to a unique temporary name, then renamed: a reader sees a whole file or none,
///   with any number of renders at once. At most `maxBytes` (1 GiB) is kept: the first save of
///   a process, and each quarter of `maxBytes` written after it, removes the least recently
///   used files (a hit touches its file) beyond it, and temporaries more than an hour old.
/// - Best effort: any failure to read or write means the photo is decoded as without it.
public final class DecodedImageStore: @unchecked Sendable {
  /// The folder of the `.px` files.
  public let folder: String
  /// The most bytes of `.px` files kept.
  public let maxBytes: Int
  private let lock = NSLock()
  /// Bytes of `.px` files written since the folder was last pruned (nil: not pruned yet).
  private var writtenSincePrune: Int?
  /// What made the pixels: the running executable's identity (its device, inode, size and
  /// modification time), so another build of Flipbook, whose decoder may differ, never reads
  /// this one's files. nil (no store) when it cannot be found.
  static let producer: String? = {
    var s = stat()
    guard stat("/proc/self/exe", &s) == 0 else { return nil }
    return "\(s.st_dev) \(s.st_ino) \(s.st_size) \(s.st_mtim.tv_sec).\(s.st_mtim.tv_nsec)"
  }()

  static let magic: [UInt8] = Array("FLIPBKPX".utf8)
  static let headerBytes = 16
  /// The largest photo kept, in pixels (a 16384 x 16384 photo; larger ones are decoded each time).
  static let maxPixels = 1 << 28
  /// The longest side a file may claim (checked before the sides are multiplied).
  static let maxSide = 1 << 20

  /// The store of this user's cache folder, or nil when it is turned off or unusable.
  public static let standard: DecodedImageStore? = {
    let env = ProcessInfo.processInfo.environment
    if env["FLIPBOOK_CACHE"] == "off" { return nil }
    return DecodedImageStore(folder: defaultFolder(env))
  }()

  /// The folder for an environment: see the type's documentation.
  static func defaultFolder(_ env: [String: String]) -> String? {
    if let dir = env["FLIPBOOK_CACHE_DIR"], !dir.isEmpty { return dir }
    if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/flipbook/decoded" }
    if let home = env["HOME"], home.hasPrefix("/") { return home + "/.cache/flipbook/decoded" }
    return nil
  }

  /// A store in `folder` (made with its parents when missing), or nil when it cannot be used.
  public init?(folder: String?, maxBytes: Int = 1 << 30) {
    guard let folder, !folder.isEmpty, Self.producer != nil else { return nil }
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var s = stat()
    guard lstat(folder, &s) == 0, s.st_mode & S_IFMT == S_IFDIR, s.st_uid == geteuid(), s.st_mode & 0o022 == 0,
      access(folder, R_OK | W_OK | X_OK) == 0
    else { return nil }
    self.folder = folder
    self.maxBytes = maxBytes
  }

  /// The file name for the photo at `path` (resolved) with `identity`.
  func name(_ path: String, _ identity: AssetCache.Identity) -> String {
    var h = ContentHash()
    h.update("flipbook decoded photo v1\0\(Self.producer ?? "")\0\(path)\0")
    h.update(
      "\(identity.device) \(identity.inode) \(identity.size) \(identity.modified.0).\(identity.modified.1) \(identity.changed.0).\(identity.changed.1)")
    return h.hexDigest() + ".px"
  }

  /// The pixels kept for the photo, or nil.
  func load(_ path: String, _ identity: AssetCache.Identity) -> Bitmap? {
    let file = folder + "/" + name(path, identity)
    let fd = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var s = stat()
    var header = [UInt8](repeating: 0, count: Self.headerBytes)
    guard fstat(fd, &s) == 0, s.st_mode & S_IFMT == S_IFREG, readFully(fd, &header, count: Self.headerBytes),
      Array(header[0..<8]) == Self.magic
    else { return discard(file) }
    func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(header[at + $1]) << (8 * $1) } }
    let width = u32(8), height = u32(12)
    guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height), width * height <= Self.maxPixels, Int(s.st_size) == Self.headerBytes + width * height * 4 else {
      return discard(file)
    }
    let count = width * height * 4
    var complete = false
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      complete = readFully(fd, buffer.baseAddress!, count: count)
      initialized = count
    }
    guard complete else { return discard(file) }
    _ = futimens(fd, nil)  // most recently used
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// Keeps `bitmap`, the decoded photo at `path` with `identity`.
  func save(_ bitmap: Bitmap, _ path: String, _ identity: AssetCache.Identity) {
    guard bitmap.width * bitmap.height <= Self.maxPixels, bitmap.pixels.count + Self.headerBytes <= maxBytes else { return }
    let file = folder + "/" + name(path, identity)
    let temporary = AtomicFile.temporaryName(for: file)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { return }
    var header = Self.magic
    for v in [bitmap.width, bitmap.height] { header += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    let written = header.withUnsafeBytes { AtomicFile.writeAll($0, to: fd) } == nil
      && bitmap.pixels.withUnsafeBytes { AtomicFile.writeAll($0, to: fd) } == nil
    guard close(fd) == 0, written, rename(temporary, file) == 0 else {
      unlink(temporary)
      return
    }
    let due = lock.withLock { () -> Bool in
      let total = (writtenSincePrune ?? maxBytes) + Self.headerBytes + bitmap.pixels.count
      let due = writtenSincePrune == nil || total > maxBytes / 4
      writtenSincePrune = due ? 0 : total
      return due
    }
    if due { prune() }
  }

  /// Removes the least recently used files beyond `maxBytes`, and temporaries more than an hour
  /// old: at a process's first save, and again after each quarter of `maxBytes` written (a
  /// preview that runs for hours).
  private func prune() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    var files: [(path: String, bytes: Int, used: Int)] = []
    let hourAgo = Int(Date().timeIntervalSince1970) - 3600
    for name in names {
      let path = folder + "/" + name
      var s = stat()
      guard lstat(path, &s) == 0, s.st_mode & S_IFMT == S_IFREG else { continue }
      if name.hasSuffix(".tmp") {
        if Int(s.st_mtim.tv_sec) < hourAgo { unlink(path) }
      } else if name.hasSuffix(".px") {
        files.append((path, Int(s.st_size), Int(s.st_mtim.tv_sec)))
      }
    }
    var total = files.reduce(0) { $0 + $1.bytes }
    for f in files.sorted(by: { $0.used < $1.used }) where total > maxBytes {
      if unlink(f.path) == 0 { total -= f.bytes }
    }
  }

  private func discard(_ file: String) -> Bitmap? {
    unlink(file)
    return nil
  }
}

/// Reads exactly `count` bytes (false at an early end or an error).
private func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
  var done = 0
  while done < count {
    let n = read(fd, buffer + done, count - done)
    if n < 0 && errno == EINTR { continue }
    if n <= 0 { return false }
    done += n
  }
  return true
}
