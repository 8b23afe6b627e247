import Foundation
import TestSupport
import Testing

/// `assemble` reads no shard manifest past 16 MiB (issue 24.17): a 256 MB
/// `shard-1-of-2.json` cost 763-798 MB before it was refused; now its size refuses it
/// before a byte is read. The file here is sparse, so it takes no disk.
@Suite struct ShardManifestSizeTests {
  @Test func anOversizedShardManifestIsRefusedFromItsSize() throws {
    let dir = makeTemporaryDirectory("huge-shard")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/shard-1-of-2.json"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 256_000_000)
    try handle.close()
    let r = try runProcess("/usr/bin/time", ["-f", "maxrss=%M", flipbookBinary, "assemble", dir, "-o", dir + "/out"])
    #expect(r.status != 0)
    #expect(r.stderr.contains("\(path): it is 256000000 bytes; a shard manifest is at most 16777216 bytes"), "\(r.stderr)")
    // Resident memory stays near an idle run's (about 30 MB), far below the file's size.
    let rss = r.stderr.components(separatedBy: "maxrss=").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? .max
    #expect(rss < 150_000, "max resident \(rss) KB")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
  }
}
