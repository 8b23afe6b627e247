import Foundation
import TestSupport
import Testing
@testable import Stage

/// `render --shard K/N` in separate processes, then `flipbook assemble`: the frames, manifest and
/// MP4 (with the same `--quality`) are the bytes of one whole render; a missing, duplicated, foreign or altered shard fails
/// with a message naming the shard and its frames, and writes nothing.
@Suite struct ShardAssembleTests {
  /// A catalog scene, small enough for a debug build (0.5x, 15 fps).
  static let scene = repositoryRoot.appendingPathComponent("Scenes/t7-tab-crossfade.yaml").path
  static let settings = ["--scale", "0.5", "--fps", "15", "--jobs", "2"]

  /// One whole render, and the three shards rendered at once by three processes.
  struct Renders: Sendable {
    let dir: String
    let frameCount: Int
    var whole: String { dir + "/whole" }
    func shard(_ k: Int) -> String { dir + "/s\(k)" }
    /// Shard k's frames by the closed form `k F / 3 ..< (k + 1) F / 3`, written `a..b`.
    func frames(_ k: Int) -> String { "\(k * frameCount / 3)..\((k + 1) * frameCount / 3 - 1)" }
  }

  static let renders: Renders = {
    let dir = makeTemporaryDirectory("shards")
    // The whole clip's MP4 with a preset other than the default, so that an assembly which
    // ignored --quality would differ.
    let whole = try! runFlipbook(["render", scene, "-o", dir + "/whole", "--mp4", dir + "/whole.mp4", "--quality", "draft"] + settings)
    precondition(whole.status == 0, whole.stderr)
    let results = ShardResults()
    DispatchQueue.concurrentPerform(iterations: 3) { k in
      let r = try! runFlipbook(["render", scene, "--shard", "\(k)/3", "-o", dir + "/s\(k)"] + settings)
      results.set(k, r)
    }
    for k in 0..<3 { precondition(results.get(k).status == 0, results.get(k).stderr) }
    let manifest = try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/whole/manifest.json"))) as! [String: Any]
    return Renders(dir: dir, frameCount: manifest["frameCount"] as! Int)
  }()

  @Test func threeShardsAssembleToTheBytesOfOneRender() throws {
    let r = Self.renders
    #expect(r.frameCount >= 9)
    for k in 0..<3 {
      #expect(listing(r.shard(k)).contains("shard-\(k)-of-3.json"))
      #expect(!listing(r.shard(k)).contains("manifest.json"))
    }
    let out = r.dir + "/assembled"
    let a = try runFlipbook(["assemble", r.shard(0), r.shard(1), r.shard(2), "-o", out, "--mp4", out + ".mp4", "--quality", "draft"])
    #expect(a.status == 0, "\(a.stderr)")
    #expect(listing(out) == listing(r.whole))
    for name in listing(r.whole) {
      #expect(bytes(out + "/" + name) == bytes(r.whole + "/" + name), "\(name) differs")
    }
    #expect(bytes(out + ".mp4") != nil)
    #expect(bytes(out + ".mp4") == bytes(r.dir + "/whole.mp4"), "the MP4 differs from render --mp4's")
    // The default preset (review) is another encoding: --quality reaches the assembled clip.
    let review = try runFlipbook(["assemble", r.shard(0), r.shard(1), r.shard(2), "--mp4", out + "-review.mp4"])
    #expect(review.status == 0, "\(review.stderr)")
    #expect(bytes(out + "-review.mp4") != nil)
    #expect(bytes(out + "-review.mp4") != bytes(r.dir + "/whole.mp4"))
    // --quality without an MP4 changes nothing, so it is refused.
    let noClip = try runFlipbook(["assemble", r.shard(0), r.shard(1), r.shard(2), "-o", r.dir + "/no-clip", "--quality", "final"])
    #expect(noClip.status == 64)
    #expect(noClip.stderr.contains("--quality sets the MP4's encoding; give --mp4 OUT.mp4"), "\(noClip.stderr)")
    #expect(!FileManager.default.fileExists(atPath: r.dir + "/no-clip"))
  }

  @Test func shardsSharingAFolderAssembleInPlace() throws {
    let r = Self.renders
    let shared = r.dir + "/shared"
    for k in 0..<3 {
      let s = try runFlipbook(["render", Self.scene, "--shard", "\(k)/3", "-o", shared] + Self.settings)
      #expect(s.status == 0, "\(s.stderr)")
    }
    let a = try runFlipbook(["assemble", shared, "-o", shared])
    #expect(a.status == 0, "\(a.stderr)")
    #expect(bytes(shared + "/manifest.json") == bytes(r.whole + "/manifest.json"))
    for n in 0..<r.frameCount {
      let name = FrameDirectory.fileName(frame: n)
      #expect(bytes(shared + "/" + name) == bytes(r.whole + "/" + name), "\(name) differs")
    }
  }

  @Test func aMissingShardIsNamedWithItsFrames() throws {
    let r = Self.renders
    let out = r.dir + "/missing"
    let a = try runFlipbook(["assemble", r.shard(0), r.shard(2), "-o", out, "--mp4", out + ".mp4"])
    #expect(a.status == 1)
    #expect(a.stderr.contains("shard 1/3 (frames \(r.frames(1))) is missing: no shard-1-of-3.json in"), "\(a.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(!FileManager.default.fileExists(atPath: out + ".mp4"))
  }

  @Test func aDuplicatedShardIsNamedWithItsFramesAndBothFiles() throws {
    let r = Self.renders
    let copy = r.dir + "/s1-again"
    try? FileManager.default.removeItem(atPath: copy)
    try FileManager.default.copyItem(atPath: r.shard(1), toPath: copy)
    let out = r.dir + "/duplicated"
    let a = try runFlipbook(["assemble", r.shard(0), r.shard(1), copy, r.shard(2), "-o", out])
    #expect(a.status == 1)
    #expect(
      a.stderr.contains(
        "shard 1/3 (frames \(r.frames(1))) is given 2 times: \(r.shard(1))/shard-1-of-3.json, \(copy)/shard-1-of-3.json"),
      "\(a.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func aForeignShardIsNamedWithTheSettingThatDiffers() throws {
    let r = Self.renders
    let foreign = r.dir + "/foreign"
    let s = try runFlipbook(["render", Self.scene, "--shard", "1/3", "-o", foreign, "--png-level", "6"] + Self.settings)
    #expect(s.status == 0, "\(s.stderr)")
    let out = r.dir + "/with-foreign"
    let a = try runFlipbook(["assemble", r.shard(0), foreign, r.shard(2), "-o", out, "--mp4", out + ".mp4"])
    #expect(a.status == 1)
    #expect(
      a.stderr.contains("\(foreign)/shard-1-of-3.json (shard 1/3, frames \(r.frames(1))) is a foreign shard"), "\(a.stderr)")
    #expect(a.stderr.contains("settings png-level=6 vs png-level=1"), "\(a.stderr)")
    #expect(a.stderr.contains("shard 1/3 (frames \(r.frames(1))) is missing"), "\(a.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out))
    #expect(!FileManager.default.fileExists(atPath: out + ".mp4"))
  }

  @Test func aShardOfAnotherSplitIsForeign() throws {
    let r = Self.renders
    let other = r.dir + "/quarter"
    let s = try runFlipbook(["render", Self.scene, "--shard", "3/4", "-o", other] + Self.settings)
    #expect(s.status == 0, "\(s.stderr)")
    let a = try runFlipbook(["assemble", r.shard(0), r.shard(1), r.shard(2), other, "-o", r.dir + "/mixed"])
    #expect(a.status == 1)
    let f = r.frameCount
    #expect(
      a.stderr.contains(
        "\(other)/shard-3-of-4.json (shard 3/4, frames \(3 * f / 4)..\(f - 1)) is a foreign shard: it is one of 4 shards"),
      "\(a.stderr)")
  }

  @Test func anAlteredFrameFailsItsHash() throws {
    let r = Self.renders
    let copy = r.dir + "/s2-altered"
    try? FileManager.default.removeItem(atPath: copy)
    try FileManager.default.copyItem(atPath: r.shard(2), toPath: copy)
    let victim = 2 * r.frameCount / 3 + 1
    let path = copy + "/" + FrameDirectory.fileName(frame: victim)
    // One byte more after IEND: the picture still decodes, the file is no longer what the shard wrote.
    try (Data(contentsOf: URL(fileURLWithPath: path)) + [0]).write(to: URL(fileURLWithPath: path))
    let out = r.dir + "/altered"
    let a = try runFlipbook(["assemble", r.shard(0), r.shard(1), copy, "-o", out])
    #expect(a.status == 1)
    #expect(
      a.stderr == "flipbook: error: cannot assemble the shards: \(copy)/shard-2-of-3.json (shard 2/3): frame \(victim) (\(path)) does not match its SHA-256\n")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func badShardArgumentsAreUsageErrors() throws {
    let r = Self.renders
    let three = try runFlipbook(["render", Self.scene, "--shard", "3/3", "-o", r.dir + "/bad"])
    #expect(three.status == 64)
    #expect(three.stderr.contains("bad --shard '3/3': shards are numbered from 0 (as a Kubernetes completion index), so 3 shards are 0/3, 1/3, 2/3"), "\(three.stderr)")
    let mp4 = try runFlipbook(["render", Self.scene, "--shard", "0/3", "--mp4", r.dir + "/bad.mp4"])
    #expect(mp4.status == 64)
    #expect(mp4.stderr.contains("--shard writes a shard's PNG frames into a folder"), "\(mp4.stderr)")
    let many = try runFlipbook(["render", Self.scene, "--shard", "0/1000", "-o", r.dir + "/bad"] + Self.settings)
    #expect(many.status == 1)
    #expect(many.stderr.contains("the clip has \(r.frameCount) frames; split it into at most \(r.frameCount) shards"), "\(many.stderr)")
    #expect(!FileManager.default.fileExists(atPath: r.dir + "/bad"))
  }
}

private final class ShardResults: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Int: ProcessResult] = [:]
  func set(_ k: Int, _ r: ProcessResult) { lock.lock(); results[k] = r; lock.unlock() }
  func get(_ k: Int) -> ProcessResult { lock.lock(); defer { lock.unlock() }; return results[k]! }
}
