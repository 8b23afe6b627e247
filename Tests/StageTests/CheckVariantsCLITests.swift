import Foundation
import TestSupport
import Testing

/// `check` and `still` with variants, through the built binary (issue 22, item 8): `base` is
/// a variant name everywhere, and an error of the scene as written is printed once.
@Suite struct CheckVariantsCLITests {
  /// tiny.yaml with three variants, its assets found from the temporary folder.
  func sceneWithVariants(_ dir: String, breaking: (String, String)? = nil) throws -> String {
    var text = try String(contentsOfFile: Fixtures.path("tiny.yaml"), encoding: .utf8)
      .replacingOccurrences(of: "assets/red.png", with: Fixtures.directory + "/assets/red.png")
      .replacingOccurrences(of: "assets/wide.png", with: Fixtures.directory + "/assets/wide.png")
    if let (old, new) = breaking {
      #expect(text.contains(old))
      text = text.replacingOccurrences(of: old, with: new)
    }
    text += "variants:\n  slow: {transition.timing.duration: 0.5}\n  late: {hold.before: 0.2}\n  fast: {transition.timing.duration: 0.2}\n"
    let path = dir + "/scene.yaml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func baseIsAcceptedByCheckAndStill() throws {
    let dir = makeTemporaryDirectory("check-base")
    let scene = try sceneWithVariants(dir)
    let check = try runFlipbook(["check", scene, "--variant", "base"])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout == "\(scene) (variant base): ok: 2 screens, 4 views, push, 0.50 s, 6 frames at 10 fps (60x100 px)\n")
    // The same picture as without --variant.
    let base = try runFlipbook(["still", scene, "--variant", "base", "--frame", "2", "-o", dir + "/base.png"])
    let plain = try runFlipbook(["still", scene, "--frame", "2", "-o", dir + "/plain.png"])
    #expect(base.status == 0 && plain.status == 0, "\(base.stderr)\(plain.stderr)")
    #expect(bytes(dir + "/base.png") != nil && bytes(dir + "/base.png") == bytes(dir + "/plain.png"))
  }

  /// A problem of the scene as written is every variant's too: printed once, then each
  /// variant says how many of its errors were printed above.
  @Test func baseErrorIsPrintedOnce() throws {
    let dir = makeTemporaryDirectory("check-once")
    let scene = try sceneWithVariants(dir, breaking: ("from: 60, to: 0}", "from: 60, to: 0, bogus: 1}"))
    let r = try runFlipbook(["check", scene])
    #expect(r.status == 65)
    #expect(r.stderr.components(separatedBy: "error: unknown key 'bogus'").count == 2, "\(r.stderr)")
    #expect(r.stderr.contains("\(scene) (variant slow): invalid: 1 error above\n"))
    #expect(r.stderr.contains("\(scene) (variant fast): invalid: 1 error above\n"))
  }
}
