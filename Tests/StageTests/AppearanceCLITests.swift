import Foundation
import PNG
import TestSupport
import Testing

/// `--appearance` on the built binary: it reaches the pixels as `appearance:` in the scene
/// would, and a wrong value is refused before anything is written.
@Suite(.serialized) struct AppearanceCLITests {
  static let scene = """
    canvas: {size: [60, 100], scale: 1, fps: 10, background: black}
    screens:
      a: {backgroundColor: systemBackground}
      b: {backgroundColor: secondarySystemBackground}
    transition:
      kind: push
      from: a
      to: b
      timing: {curve: linear, duration: 0.2}
      tracks: [{view: b, property: translation.x, from: 60, to: 0}]
    hold: {before: 0.1, after: 0}
    """

  func still(_ dir: String, _ name: String, _ options: [String]) throws -> [UInt8] {
    let r = try runFlipbook(["still", dir + "/scene.yaml", "--frame", "0", "-o", dir + "/" + name] + options)
    #expect(r.status == 0, "\(r.stderr)")
    let p = try PNGDecoder().decode(contentsOf: dir + "/" + name).pixel(x: 30, y: 50)
    return [p.r, p.g, p.b]
  }

  @Test func appearanceOptionReachesThePixels() throws {
    let dir = makeTemporaryDirectory("cli-appearance")
    try Self.scene.write(toFile: dir + "/scene.yaml", atomically: true, encoding: .utf8)
    // systemBackground: white in light, black in dark (UIKit).
    #expect(try still(dir, "light.png", []) == [255, 255, 255])
    #expect(try still(dir, "dark.png", ["--appearance", "dark"]) == [0, 0, 0])
    _ = try still(dir, "set.png", ["--set", "appearance=dark"])
    #expect(bytes(dir + "/set.png") == bytes(dir + "/dark.png"))
    let bad = try runFlipbook(["still", dir + "/scene.yaml", "--frame", "0", "-o", dir + "/bad.png", "--appearance", "dusk"])
    #expect(bad.status == 64 && bad.stderr.contains("light") && !FileManager.default.fileExists(atPath: dir + "/bad.png"))
  }
}
