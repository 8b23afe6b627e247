import Foundation

/// A render's claim on its output folder, held from before the first frame until after
/// `manifest.json` (an advisory `flock` on `DIR/.flipbook.lock`, released when the render ends or
/// dies, even by SIGKILL).
///
/// The lock file also records which clip the folder's frames belong to (its scene hash and
/// frame count, one line), and it stays after the render. The rules:
/// - The lock file is opened without following links (`O_NOFOLLOW`) and must be a regular
///   file: a link planted as `.flipbook.lock` is refused, its target untouched.
/// - A whole-clip render takes the folder exclusively; any other render into it meanwhile fails.
/// - A `--frames` shard takes it shared, so shards of one clip (same scene hash) can write into
///   one folder at once, from one machine or several (flock works over NFS v4); a shard of a
///   different clip, or any render while a whole-clip render runs, fails.
/// - The first render to take a folder (exclusive, or a shard with no other shard running)
///   prepares it: removes `manifest.json` and unfinished temporaries, and the frames (and shard
///   manifests) of another clip (judged by the recorded hash, else the manifest's) or frames
///   past the clip's end.
///   A shard joining running shards of its clip removes nothing.
public final class FolderLock: @unchecked Sendable {
  public static let fileName = ".flipbook.lock"

  public let folder: String
  private var fd: Int32

  /// Takes `folder` (which must exist) for writing the frames `frames` of the clip with
  /// `sceneHash` and `frameCount` frames, preparing it as the type describes.
  public init(folder: String, sceneHash: String, frameCount: Int, frames: ClosedRange<Int>) throws(StageError) {
    self.folder = folder
    let path = folder + "/" + Self.fileName
    // Never through a link (O_NOFOLLOW: a planted link would have its target rewritten), and
    // only a regular file.
    fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw .write(path: path, reason: errno == ELOOP ? AtomicFile.linkInFolder : AtomicFile.errnoText())
    }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      fd = -1
      throw .write(path: path, reason: "it is not a regular file; Flipbook writes only regular files inside an output folder: remove it")
    }
    let record = "\(sceneHash) \(frameCount)"
    let shard = frames != 0...(frameCount - 1)
    do throws(StageError) {
      if flock(fd, LOCK_EX | LOCK_NB) == 0 {
        try prepare(recorded: readRecord(), sceneHash: sceneHash, frameCount: frameCount)
        try writeRecord(record)
        if shard {
          // Let sibling shards in. (Not atomic: another render may take the lock in between;
          // it then rewrites the record, which is checked below.)
          guard flock(fd, LOCK_SH) == 0 else { throw StageError.write(path: path, reason: AtomicFile.errnoText()) }
          guard readRecord() == record else { throw busy(path, reason: "a render of a different clip took it") }
        }
      } else if errno == EWOULDBLOCK {
        guard shard, flock(fd, LOCK_SH | LOCK_NB) == 0 else {
          throw busy(path, reason: "another flipbook render is writing into it")
        }
        guard readRecord() == record else {
          throw busy(path, reason: "shards of a different clip are being rendered into it")
        }
        try removeManifest()
      } else {
        throw StageError.write(path: path, reason: AtomicFile.errnoText())
      }
    } catch {
      close(fd)
      fd = -1
      throw error
    }
  }

  deinit { release() }

  /// Gives the folder back (also done when the process ends).
  public func release() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
  }

  private func busy(_ path: String, reason: String) -> StageError {
    .write(
      path: folder,
      reason: "\(reason) (it holds \(path)); wait for it to finish or choose another folder")
  }

  private func readRecord() -> String? {
    var buffer = [UInt8](repeating: 0, count: 256)
    let n = pread(fd, &buffer, buffer.count, 0)
    guard n > 0 else { return nil }
    let text = String(decoding: buffer[..<n], as: UTF8.self)
    return text.split(separator: "\n").first.map(String.init)
  }

  private func writeRecord(_ record: String) throws(StageError) {
    let bytes = Array((record + "\n").utf8)
    guard ftruncate(fd, 0) == 0, bytes.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else {
      throw .write(path: folder + "/" + Self.fileName, reason: AtomicFile.errnoText())
    }
  }

  private var manifestPath: String { folder + "/manifest.json" }

  private func removeManifest() throws(StageError) {
    guard unlink(manifestPath) == 0 || errno == ENOENT else {
      throw .write(path: manifestPath, reason: "cannot remove the old manifest (\(AtomicFile.errnoText()))")
    }
  }

  /// The exclusive holder's clean-up: old manifest, temporaries, frames that are not this clip's.
  private func prepare(recorded: String?, sceneHash: String, frameCount: Int) throws(StageError) {
    let owner = recorded.map { String($0.prefix { $0 != " " }) } ?? manifestSceneHash()
    let sameClip = owner == sceneHash
    try removeManifest()
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
      throw .write(path: folder, reason: "cannot list the output folder (\(error.localizedDescription))")
    }
    for name in names {
      let stale: Bool
      if let n = FrameDirectory.frameNumber(name) {
        stale = !sameClip || n >= frameCount
      } else if Shard.fromManifestName(name) != nil {
        stale = !sameClip
      } else {
        stale = FrameDirectory.isTemporary(name)
      }
      guard stale else { continue }
      let path = folder + "/" + name
      guard unlink(path) == 0 || errno == ENOENT else {
        throw .write(path: path, reason: "cannot remove it from the output folder (\(AtomicFile.errnoText()))")
      }
    }
  }

  /// The `sceneHash` of an existing manifest.json (written by Flipbook), or nil.
  private func manifestSceneHash() -> String? {
    guard let data = FileManager.default.contents(atPath: manifestPath),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object["sceneHash"] as? String
  }
}
