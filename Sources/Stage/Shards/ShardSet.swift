import Foundation
import JSONText
import Scene

/// The shards of one clip, read from their folders and checked before anything is written:
/// every `shard-K-of-N.json` in the folders belongs to the same clip (scene hash, settings and
/// manifest) and the same split N, each shard K appears once, no shard is missing, each covers
/// exactly its frames, and every frame file is present with the SHA-256 its shard recorded.
/// Each problem names the shard (its manifest's path and K/N) and its frames; all of them are
/// reported at once.
public struct ShardSet: Sendable {
  /// One shard manifest and the folder that holds it and its frames.
  public struct Member: Sendable {
    public var folder: String
    public var path: String
    public var manifest: ShardManifest
  }

  /// Every shard, in index order.
  public let members: [Member]
  /// The whole clip's manifest (every shard carries the same).
  public var clip: JSONValue { members[0].manifest.clip }
  public var frameCount: Int { members[0].manifest.frameCount }
  public var sceneHash: String { members[0].manifest.sceneHash }

  /// Reads and checks the shards in `folders` (each holds one or more shard manifests and their
  /// frames; several shards may share a folder). Throws `.assembly` listing every problem.
  public static func load(folders: [String]) throws(StageError) -> ShardSet {
    var problems: [String] = []
    var read: [Member] = []
    for folder in folders {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        problems.append("\(folder): no such folder")
        continue
      }
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { Shard.fromManifestName($0) != nil }.sorted()
      if names.isEmpty {
        problems.append(
          "\(folder): no shard manifest (shard-K-of-N.json) in it; a shard writes it after its last frame, so its render has not finished or was not run with --shard")
      }
      for name in names {
        let path = join(folder, name)
        let data: [UInt8]
        switch InputFile.read(path, maxBytes: ShardManifest.maxBytes) {
        case .success(let bytes): data = bytes
        case .failure(.tooLarge(let bytes)):
          problems.append(
            "\(path): it is \(bytes) bytes; a shard manifest is at most \(ShardManifest.maxBytes) bytes (16 MiB; one of 20,000 frames is about 2 MB)")
          continue
        case .failure(let problem):
          problems.append("\(path): the file \(problem.text)")
          continue
        }
        do {
          read.append(Member(folder: folder, path: path, manifest: try ShardManifest(bytes: data, path: path)))
        } catch {
          if case .assembly(let p) = error { problems += p } else { problems.append("\(error)") }
        }
      }
    }
    guard problems.isEmpty, !read.isEmpty else { throw .assembly(problems.isEmpty ? ["no shards given"] : problems) }
    let members = try checkMembership(read)
    try verifyFrames(members)
    return ShardSet(members: members)
  }

  /// The clip the most shards agree on (the first shard's on a tie); every other shard is
  /// foreign. Then duplicates, gaps and each shard's frame list.
  private static func checkMembership(_ read: [Member]) throws(StageError) -> [Member] {
    func key(_ m: Member) -> String { String(decoding: m.manifest.clipBytes, as: UTF8.self) + "/\(m.manifest.shard.count)" }
    var votes: [String: Int] = [:]
    for m in read { votes[key(m), default: 0] += 1 }
    let best = votes.values.max()!
    let reference = read.first { votes[key($0)] == best }!
    let count = reference.manifest.shard.count, frameCount = reference.manifest.frameCount
    var problems: [String] = []
    var byIndex: [Int: [Member]] = [:]
    for m in read {
      if key(m) == key(reference) {
        byIndex[m.manifest.shard.index, default: []].append(m)
      } else {
        problems.append(foreign(m, reference: reference))
      }
    }
    for k in 0..<count {
      let shard = try! Shard(index: k, count: count)
      let frames = (try? shard.frames(of: frameCount)).map(describe) ?? "no frames"
      let found = byIndex[k] ?? []
      if found.isEmpty {
        let folders = Array(Set(read.map(\.folder))).sorted().joined(separator: ", ")
        problems.append("\(shard) (frames \(frames)) is missing: no \(shard.manifestName) in \(folders)")
      } else if found.count > 1 {
        problems.append("\(shard) (frames \(frames)) is given \(found.count) times: \(found.map(\.path).joined(separator: ", ")); every frame must come from one shard")
      }
      for m in found {
        let listed = m.manifest.frames.map(\.number)
        guard let expected = try? shard.frames(of: frameCount), listed == Array(expected) else {
          problems.append("\(m.path) (\(shard)) lists frames \(describe(listed)), but \(shard) of \(frameCount) frames is frames \(frames)")
          continue
        }
      }
    }
    guard problems.isEmpty else { throw .assembly(problems) }
    return (0..<count).map { byIndex[$0]![0] }
  }

  /// Why `m` is not a shard of `reference`'s clip, naming what differs.
  private static func foreign(_ m: Member, reference r: Member) -> String {
    let frames = describe(m.manifest.frames.map(\.number))
    let head = "\(m.path) (\(m.manifest.shard), frames \(frames)) is a foreign shard"
    if m.manifest.sceneHash != r.manifest.sceneHash {
      let mine = Set(m.manifest.settings), theirs = Set(r.manifest.settings)
      var what = "scene hash \(m.manifest.sceneHash.prefix(12)) vs \(r.manifest.sceneHash.prefix(12))"
      if m.manifest.scene != r.manifest.scene { what += "; scene \(m.manifest.scene) vs \(r.manifest.scene)" }
      let differ = m.manifest.settings.filter { !theirs.contains($0) }
      let others = r.manifest.settings.filter { !mine.contains($0) }
      if !differ.isEmpty || !others.isEmpty {
        what += "; settings \(differ.joined(separator: " ")) vs \(others.joined(separator: " "))"
      } else if m.manifest.scene == r.manifest.scene {
        what += "; same settings, so the scene file or an asset changed"
      }
      return "\(head): it was rendered from another scene or settings than \(r.path) (\(what))"
    }
    if m.manifest.shard.count != r.manifest.shard.count {
      return "\(head): it is one of \(m.manifest.shard.count) shards, \(r.path) one of \(r.manifest.shard.count); render every shard with the same N"
    }
    return "\(head): its clip manifest differs from \(r.path)'s (same scene hash: rendered by another Flipbook version?)"
  }

  /// Every frame file exists and has its recorded SHA-256.
  private static func verifyFrames(_ members: [Member]) throws(StageError) {
    var problems: [String] = []
    for m in members {
      var bad: [String] = []
      for f in m.manifest.frames {
        let path = join(m.folder, FrameDirectory.fileName(frame: f.number))
        guard let data = FileManager.default.contents(atPath: path) else {
          bad.append("frame \(f.number) (\(path)) is missing")
          continue
        }
        if ContentHash.hex([UInt8](data)) != f.sha256 { bad.append("frame \(f.number) (\(path)) does not match its SHA-256") }
      }
      if !bad.isEmpty {
        problems.append("\(m.path) (\(m.manifest.shard)): " + bad.prefix(5).joined(separator: "; ") + (bad.count > 5 ? "; and \(bad.count - 5) more frames" : ""))
      }
    }
    guard problems.isEmpty else { throw .assembly(problems) }
  }

  /// The path of frame `n` (in its shard's folder) and the SHA-256 it must have.
  public func source(frame n: Int) -> (path: String, sha256: String) {
    for m in members {
      if let first = m.manifest.frames.first?.number, n >= first, n - first < m.manifest.frames.count {
        return (Self.join(m.folder, FrameDirectory.fileName(frame: n)), m.manifest.frames[n - first].sha256)
      }
    }
    preconditionFailure("frame \(n) is in no shard")
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// `30..59`, `7`, or the numbers when they are not a run.
  static func describe(_ frames: [Int]) -> String {
    guard let first = frames.first, let last = frames.last else { return "none" }
    if last >= first, frames == Array(first...last) { return first == last ? "\(first)" : "\(first)..\(last)" }
    return frames.map(String.init).joined(separator: ",")
  }

  static func describe(_ frames: ClosedRange<Int>) -> String { describe(Array(frames)) }
}
