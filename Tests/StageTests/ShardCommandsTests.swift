import Foundation
import TestSupport
import Testing
@testable import Stage

/// `--shard K/N` on compare and review: the shards of a compare grid assemble to the frames
/// and manifest of one compare into a folder; review's shards, joined with --from-shards, give
/// the MP4 of one review, and shards of other settings are refused naming them.
@Suite struct ShardCommandsTests {
  static let tiny = Fixtures.path("tiny.yaml")

  @Test func compareShardsAssembleToOneCompare() throws {
    let dir = makeTemporaryDirectory("compare-shards")
    let args = ["compare", Self.tiny, "--refresh", "60,30", "--jobs", "2"]
    let whole = try runFlipbook(args + ["-o", dir + "/whole"])
    #expect(whole.status == 0, "\(whole.stderr)")
    for k in 0..<2 {
      let s = try runFlipbook(args + ["-o", dir + "/s\(k)", "--shard", "\(k)/2", "--jobs", "1"])
      #expect(s.status == 0, "\(s.stderr)")
    }
    let a = try runFlipbook(["assemble", dir + "/s0", dir + "/s1", "-o", dir + "/out"])
    #expect(a.status == 0, "\(a.stderr)")
    // The chart (curves.png) is not a frame: each shard writes it beside its frames.
    #expect(listing(dir + "/out") == listing(dir + "/whole").filter { $0 != "curves.png" })
    for name in listing(dir + "/out") {
      #expect(bytes(dir + "/out/" + name) == bytes(dir + "/whole/" + name), "\(name) differs")
    }
    let mp4 = try runFlipbook(args + ["-o", dir + "/x.mp4", "--shard", "0/2"])
    #expect(mp4.status == 64)
    #expect(mp4.stderr.contains("--shard writes a shard's PNG frames into a folder"), "\(mp4.stderr)")
  }

  @Test func reviewShardsJoinIntoTheSameClip() throws {
    let dir = makeTemporaryDirectory("review-shards")
    let args = ["review", Self.tiny, "--gif-width", "32"]
    let whole = try runFlipbook(args + ["-o", dir + "/whole"])
    #expect(whole.status == 0, "\(whole.stderr)")
    for k in 0..<2 {
      let s = try runFlipbook(args + ["-o", dir + "/sharded", "--shard", "\(k)/2"])
      #expect(s.status == 0, "\(s.stderr)")
      #expect(listing(dir + "/sharded/tiny-shard-\(k)").contains("shard-\(k)-of-2.json"))
    }
    let shards = [dir + "/sharded/tiny-shard-0", dir + "/sharded/tiny-shard-1"]
    let joined = try runFlipbook(args + ["-o", dir + "/sharded", "--from-shards"] + shards)
    #expect(joined.status == 0, "\(joined.stderr)")
    #expect(bytes(dir + "/sharded/tiny.mp4") != nil)
    #expect(bytes(dir + "/sharded/tiny.mp4") == bytes(dir + "/whole/tiny.mp4"))
    #expect(bytes(dir + "/sharded/tiny-metrics.json") == bytes(dir + "/whole/tiny-metrics.json"))

    // With a preset: the same clip as one review with that preset, and not the default's.
    let draft = try runFlipbook(args + ["-o", dir + "/whole-draft", "--quality", "draft"])
    #expect(draft.status == 0, "\(draft.stderr)")
    let joinedDraft = try runFlipbook(args + ["-o", dir + "/sharded-draft", "--quality", "draft", "--from-shards"] + shards)
    #expect(joinedDraft.status == 0, "\(joinedDraft.stderr)")
    #expect(bytes(dir + "/sharded-draft/tiny.mp4") != nil)
    #expect(bytes(dir + "/sharded-draft/tiny.mp4") == bytes(dir + "/whole-draft/tiny.mp4"))
    #expect(bytes(dir + "/sharded-draft/tiny.mp4") != bytes(dir + "/whole/tiny.mp4"))
    let shardWithQuality = try runFlipbook(args + ["-o", dir + "/sharded", "--shard", "0/2", "--quality", "draft"])
    #expect(shardWithQuality.status == 64)
    #expect(shardWithQuality.stderr.contains("--shard writes PNG frames; give --quality to 'review --from-shards'"), "\(shardWithQuality.stderr)")

    // Shards of a slowed-down review are not this review's clip.
    let slow = try runFlipbook(args + ["-o", dir + "/slow", "--from-shards"] + shards + ["--speed", "0.5"])
    #expect(slow.status == 1)
    #expect(slow.stderr.contains("the shards are of another scene or settings than this review"), "\(slow.stderr)")
    #expect(slow.stderr.contains("speed=1.0"), "\(slow.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/slow/tiny.mp4"))
  }
}
