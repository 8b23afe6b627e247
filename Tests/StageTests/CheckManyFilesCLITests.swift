import Foundation
import TestSupport
import Testing

/// `flipbook check A.yaml B.yaml ...`: each file as `check` would check it alone, each error
/// at its own file:line:column, a count at the end, 65 when any file is invalid.
@Suite struct CheckManyFilesCLITests {
  /// tiny.yaml in `dir` as `name`, its assets found from the fixtures, optionally broken.
  func tiny(_ dir: String, _ name: String, breaking: (String, String)? = nil) throws -> String {
    var text = try String(contentsOfFile: Fixtures.path("tiny.yaml"), encoding: .utf8)
      .replacingOccurrences(of: "assets/red.png", with: Fixtures.directory + "/assets/red.png")
      .replacingOccurrences(of: "assets/wide.png", with: Fixtures.directory + "/assets/wide.png")
    if let (old, new) = breaking { text = text.replacingOccurrences(of: old, with: new) }
    let path = dir + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let summary = "ok: 2 screens, 4 views, push, 0.50 s, 6 frames at 10 fps (60x100 px)"

  @Test func everyFileIsCheckedAndCounted() throws {
    let dir = makeTemporaryDirectory("check-many")
    let a = try tiny(dir, "a.yaml"), c = try tiny(dir, "c.yaml")
    let b = try tiny(dir, "b.yaml", breaking: ("from: 60, to: 0}", "from: 60, to: 0, bogus: 1}"))
    let r = try runFlipbook(["check", a, b, c])
    #expect(r.status == 65)
    #expect(r.stdout == "\(a): \(Self.summary)\n\(c): \(Self.summary)\nchecked 3 files: 2 ok, 1 invalid\n")
    // The error keeps its file, line and column: line 22 of tiny.yaml, the key's column.
    let line = try String(contentsOfFile: b, encoding: .utf8).components(separatedBy: "\n")[21]
    let column = try #require(line.range(of: "bogus")).lowerBound.utf16Offset(in: line) + 1
    #expect(r.stderr.contains("\(b):22:\(column): error: unknown key 'bogus'"), "\(r.stderr)")
    #expect(!r.stderr.contains("\(a):") && !r.stderr.contains("\(c):"))
  }

  @Test func allValidExitsZero() throws {
    let dir = makeTemporaryDirectory("check-many-ok")
    let a = try tiny(dir, "a.yaml"), b = try tiny(dir, "b.yaml")
    let r = try runFlipbook(["check", a, b])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout == "\(a): \(Self.summary)\n\(b): \(Self.summary)\nchecked 2 files: 2 ok\n")
  }

  /// One file prints as before: no count.
  @Test func oneFileHasNoCount() throws {
    let dir = makeTemporaryDirectory("check-one")
    let a = try tiny(dir, "a.yaml")
    let r = try runFlipbook(["check", a])
    #expect(r.status == 0 && r.stdout == "\(a): \(Self.summary)\n")
  }
}
