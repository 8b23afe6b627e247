import Foundation
import Geometry
import Testing
@testable import Stage

/// `--shard K/N`: parsing, and the contiguous split (every frame in exactly one shard, sizes
/// within one frame of each other), checked against a direct count.
@Suite struct ShardTests {
  @Test func everyFrameIsInExactlyOneShard() throws {
    for frameCount in [1, 2, 3, 7, 73, 91, 100] {
      for count in 1...min(frameCount, 12) {
        var owner = [Int](repeating: -1, count: frameCount)
        var sizes: [Int] = []
        for k in 0..<count {
          let frames = try Shard(index: k, count: count).frames(of: frameCount)
          sizes.append(frames.count)
          for n in frames {
            #expect(owner[n] == -1, "frame \(n) in two shards (\(count) shards of \(frameCount))")
            owner[n] = k
          }
        }
        #expect(!owner.contains(-1))
        #expect(owner == owner.sorted(), "shards are contiguous and in order")
        #expect(sizes.max()! - sizes.min()! <= 1)
      }
    }
  }

  @Test func ninetyOneFramesInThree() throws {
    // 91 / 3 = 30.33: 0..29, 30..59, 60..90 (the remainder lands on the last).
    #expect(try Shard.parse("0/3").frames(of: 91) == 0...29)
    #expect(try Shard.parse("1/3").frames(of: 91) == 30...59)
    #expect(try Shard.parse("2/3").frames(of: 91) == 60...90)
  }

  @Test(arguments: [
    ("3/3", "bad --shard '3/3': shards are numbered from 0 (as a Kubernetes completion index), so 3 shards are 0/3, 1/3, 2/3"),
    ("1/0", "bad --shard '1/0': the count N must be at least 1"),
    ("-1/5", "bad --shard '-1/5': shards are numbered from 0: 0/5, 1/5, ... 4/5"),
    ("2", "bad --shard '2': write K/N: the shard's index from 0 and the number of shards, e.g. 0/3, 1/3 and 2/3"),
    ("a/b", "bad --shard 'a/b': write K/N: the shard's index from 0 and the number of shards, e.g. 0/3, 1/3 and 2/3"),
  ])
  func malformedShardsAreExplained(text: String, message: String) {
    #expect(throws: StageError.self) { try Shard.parse(text) }
    do { _ = try Shard.parse(text) } catch { #expect(error.description == message) }
  }

  /// The message names the argument as written once: "bad --shard '5/10'", not "'shard 5/10'".
  @Test func moreShardsThanFramesIsRefused() throws {
    #expect(throws: StageError.badShard("5/10", reason: "the clip has 6 frames; split it into at most 6 shards")) {
      try Shard(index: 5, count: 10).frames(of: 6)
    }
    do { _ = try Shard(index: 5, count: 10).frames(of: 6) } catch {
      #expect(error.description == "bad --shard '5/10': the clip has 6 frames; split it into at most 6 shards")
    }
  }

  @Test func manifestNamesRoundTrip() throws {
    let s = try Shard(index: 2, count: 12)
    #expect(s.manifestName == "shard-2-of-12.json")
    #expect(Shard.fromManifestName("shard-2-of-12.json") == s)
    for name in ["shard-3-of-3.json", "shard-02-of-12.json", "shard-1-of-3.json.1-2.tmp", "manifest.json", "shard--1-of-3.json"] {
      #expect(Shard.fromManifestName(name) == nil, "\(name)")
    }
  }

  @Test func aShardManifestReadsBackToItsOwnBytes() throws {
    let clip = Manifest(
      fps: 29.97002997002997, pixelWidth: 390, pixelHeight: 844, scale: 0.5, frameCount: 10, frames: 0...9,
      sceneHash: String(repeating: "ab", count: 32),
      events: [ClipEvent(.release(ClipEvent.Release(
        cause: .touchUp, location: Point(1, 2), velocity: Point(-1234.5678901, 1e20), translation: .zero, progress: 0.5)),
        time: 0.123456789, frame: 4)])
    let shard = ShardManifest(
      shard: try Shard(index: 1, count: 2), clip: clip.json,
      frames: (5...9).map { (number: $0, sha256: String(repeating: "0", count: 63) + "\($0)") },
      scene: "Scenes/x.yaml", settings: ["variant=", "scale=0.5"])
    let read = try ShardManifest(bytes: shard.bytes, path: "x")
    #expect(read.bytes == shard.bytes)
    #expect(read.clipBytes == clip.bytes)
  }

  @Test func anEditedShardManifestIsRefused() throws {
    let clip = Manifest(fps: 60, pixelWidth: 2, pixelHeight: 2, scale: 1, frameCount: 2, frames: 0...1, sceneHash: "h", events: [])
    let shard = ShardManifest(shard: try Shard(index: 0, count: 1), clip: clip.json, frames: [], scene: "s", settings: [])
    let edited = String(decoding: shard.bytes, as: UTF8.self).replacingOccurrences(of: "\"fps\": 60", with: "\"fps\": 30")
    #expect(throws: StageError.assembly(["p: its \"manifest\" does not match its manifestSHA256 (the file was edited)"])) {
      try ShardManifest(bytes: Array(edited.utf8), path: "p")
    }
  }
}
