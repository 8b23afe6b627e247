import Foundation
import Raster
import Testing
@testable import Stage

/// Issue 13 ("Mixed output"): a render owns its folder while it runs, removes the old manifest
/// first, clears frames that are not its clip's, writes the manifest last, and temporary names
/// never collide.
@Suite struct OutputFolderTests {
  func manifest(hash: String, count: Int, frames: ClosedRange<Int>? = nil) -> Manifest {
    Manifest(
      fps: 60, pixelWidth: 8, pixelHeight: 6, scale: 1, frameCount: count, frames: frames ?? 0...(count - 1),
      sceneHash: hash, events: [])
  }

  /// A frame whose bytes say which clip it belongs to.
  func render(_ dir: String, hash: String, count: Int, frames: ClosedRange<Int>? = nil, failAt: Int? = nil) throws {
    try ClipWriter.render(
      manifest: manifest(hash: hash, count: count, frames: frames), outputs: ClipOutputs(directory: dir),
      pipeline: FramePipeline(jobs: 1),
      frame: { n in
        if n == failAt { throw InjectedFailure() }
        return patternFrame(n)
      },
      encode: { Array("clip \(hash)\n".utf8) + (try rawEncode($0)) })
  }

  func frameFiles(_ dir: String) -> [String] { listing(dir).filter { FrameDirectory.frameNumber($0) != nil } }

  func manifestHash(_ dir: String) -> String? {
    guard let data = FileManager.default.contents(atPath: dir + "/manifest.json"),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object["sceneHash"] as? String
  }

  @Test func shorterRerenderLeavesNoStaleFramesPastItsEnd() throws {
    let dir = makeTemporaryDirectory("shorter")
    try render(dir, hash: "long", count: 10)
    try render(dir, hash: "short", count: 4)
    #expect(listing(dir) == [FolderLock.fileName] + (0...3).map { FrameDirectory.fileName(frame: $0) } + ["manifest.json"])
    #expect(manifestHash(dir) == "short")
  }

  /// A re-render that stops part-way (here a failing frame; a kill leaves the same state,
  /// since the old manifest goes first) leaves no manifest over a mix of two clips' frames.
  @Test func failedRerenderOfAnotherClipLeavesNoOldManifestAndNoOldFrames() throws {
    let dir = makeTemporaryDirectory("rerender")
    try render(dir, hash: "old", count: 10)
    #expect(throws: StageError.frame(5, reason: "injected failure")) {
      try render(dir, hash: "new", count: 10, failAt: 5)
    }
    #expect(!listing(dir).contains("manifest.json"))
    let files = frameFiles(dir)
    #expect(!files.isEmpty)
    for name in files {
      #expect(bytes(dir + "/" + name)?.starts(with: Array("clip new\n".utf8)) == true, "\(name) is the old clip's")
    }
  }

  @Test func shardsOfOneClipKeepEachOthersFramesAndAnotherClipsShardClearsThem() throws {
    let dir = makeTemporaryDirectory("shards")
    try render(dir, hash: "a", count: 8, frames: 0...3)
    try render(dir, hash: "a", count: 8, frames: 4...7)
    #expect(frameFiles(dir).count == 8)
    try render(dir, hash: "b", count: 8, frames: 0...1)
    #expect(frameFiles(dir) == (0...1).map { FrameDirectory.fileName(frame: $0) })
  }

  @Test func aFolderHeldByAnotherRenderIsRefusedAndLeftAlone() throws {
    let dir = makeTemporaryDirectory("held")
    try render(dir, hash: "first", count: 3)
    let fd = open(dir + "/" + FolderLock.fileName, O_RDWR)
    #expect(fd >= 0)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    do {
      try render(dir, hash: "second", count: 2)
      Issue.record("a second render into a held folder succeeded")
    } catch let error as StageError {
      #expect(error.description.contains("another flipbook render is writing into it"), "\(error)")
    }
    // Nothing of the first render was touched.
    #expect(manifestHash(dir) == "first")
    #expect(frameFiles(dir).count == 3)
  }

  @Test func aShardJoinsShardsOfItsClipButNotOfAnother() throws {
    let dir = makeTemporaryDirectory("join")
    let lock = dir + "/" + FolderLock.fileName
    try Data("a 8\n".utf8).write(to: URL(fileURLWithPath: lock))
    let fd = open(lock, O_RDWR)
    defer { close(fd) }
    #expect(flock(fd, LOCK_SH | LOCK_NB) == 0)  // a running shard of clip "a"
    try render(dir, hash: "a", count: 8, frames: 0...3)
    #expect(frameFiles(dir).count == 4)
    #expect(throws: StageError.self) { try render(dir, hash: "b", count: 8, frames: 4...7) }
    #expect(throws: StageError.self) { try render(dir, hash: "a", count: 8) }  // a whole clip needs the folder alone
  }

  @Test func temporaryNamesAreUnique() {
    let names = Set((0..<1000).map { _ in AtomicFile.temporaryName(for: "/x/frame_00001.png") })
    #expect(names.count == 1000)
    #expect(names.allSatisfy { FrameDirectory.isTemporary(($0 as NSString).lastPathComponent) })
  }

  /// Before unique names, writers of one path shared `path.tmp`: one truncated the other's
  /// bytes or found its temporary renamed away.
  @Test func concurrentWritersOfOnePathNeverMix() throws {
    let dir = makeTemporaryDirectory("concurrent")
    let path = dir + "/out.bin"
    let payloads = (0..<4).map { k in [UInt8](repeating: UInt8(k + 1), count: 1 << 20) }
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 40) { i in
      do { try AtomicFile.write(payloads[i % 4], to: path) } catch { failures.add("\(error)") }
    }
    #expect(failures.all.isEmpty)
    let final = bytes(path) ?? []
    #expect(payloads.contains(final))
    #expect(listing(dir) == ["out.bin"])
  }

  @Test func jobsBeyondTheLimitAreClampedNotOverflowed() throws {
    #expect(FramePipeline(jobs: 4_611_686_018_427_387_904).jobs == FramePipeline.maxJobs)
    #expect(FramePipeline(jobs: .max).window == 2 * FramePipeline.maxJobs)
    let dir = makeTemporaryDirectory("manyjobs")
    try ClipWriter.render(
      manifest: manifest(hash: "j", count: 3), outputs: ClipOutputs(directory: dir), pipeline: FramePipeline(jobs: .max),
      frame: { patternFrame($0) }, encode: rawEncode)
    #expect(frameFiles(dir).count == 3)
    #expect(FramePipeline.problem(jobs: 256) == nil)
    #expect(FramePipeline.problem(jobs: 257) != nil)
    #expect(FramePipeline.problem(jobs: 0) != nil)
  }
}

final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []
  func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
  var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
