import Geometry
import Raster
import Scene
import Testing
@testable import Stage

/// `appearance: dark` (in the scene, a variant or `--set`) reaches the pixels: system colours
/// take UIKit's dark values (docs/scene-format.md, "Appearance"), labels and the status bar's
/// clock are drawn white, hex colours stay as written.
@Suite struct DarkAppearanceStagingTests {
  /// An iPhone 14 screen at 1x: the status bar, a `secondarySystemBackground` card, a label
  /// of the default colour, a hex-red square and a tab bar.
  static func scene(_ top: String) -> String {
    """
    device: iphone-14
    canvas: {scale: 1, fps: 10}
    \(top)
    screens:
      a:
        backgroundColor: systemBackground
        subviews:
          - statusBar: {}
          - view: {id: card, frame: [20, 100, 100, 100], backgroundColor: secondarySystemBackground}
          - label: {id: word, text: IIII, frame: [20, 300, 200, 60], fontSize: 50}
          - view: {id: hex, frame: [200, 100, 100, 100], backgroundColor: "#FF0000"}
          - tabBar: {items: [A, B], appearance: standard}
      b: {backgroundColor: systemBackground}
    transition:
      kind: push
      from: a
      to: b
      timing: {curve: linear, duration: 0.1}
      tracks: [{view: b, property: translation.x, from: 390, to: 390}]
    hold: {before: 0.3, after: 0}
    variants:
      night: {appearance: dark}
    """
  }

  static func frame(_ top: String = "", variant: String? = nil, sets: [String] = []) throws -> Bitmap {
    let document: SceneDocument
    do {
      document = try SceneLoader.load(text: scene(top), origin: .file("dark.yaml"), variant: variant, sets: sets)
    } catch {
      throw FixtureError(text: error.description)
    }
    return try Clip(document: document).bitmap(frame: 0)
  }

  static func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
    let p = b.pixel(x: x, y: y)
    return [p.r, p.g, p.b]
  }

  /// The brightest pixel's red channel in a rectangle.
  static func brightest(_ b: Bitmap, x: ClosedRange<Int>, y: ClosedRange<Int>) -> UInt8 {
    var best: UInt8 = 0
    for yy in y { for xx in x { best = max(best, b.pixel(x: xx, y: yy).r) } }
    return best
  }

  static func darkest(_ b: Bitmap, x: ClosedRange<Int>, y: ClosedRange<Int>) -> UInt8 {
    var best: UInt8 = 255
    for yy in y { for xx in x { best = min(best, b.pixel(x: xx, y: yy).r) } }
    return best
  }

  @Test func darkSceneHasUIKitsDarkPixels() throws {
    let b = try Self.frame("appearance: dark")
    // systemBackground dark is black, secondarySystemBackground dark #1C1C1E (HIG).
    #expect(Self.rgb(b, 10, 250) == [0, 0, 0])
    #expect(Self.rgb(b, 70, 150) == [28, 28, 30])
    // A hex colour stays as written.
    #expect(Self.rgb(b, 250, 150) == [255, 0, 0])
    // The label's default ink is `label`, white in dark: its stems reach full white.
    #expect(Self.brightest(b, x: 20...120, y: 300...360) == 255)
    // The status bar's clock (centred in the left ear, 57 pt, on the 24 pt line) is white ink.
    #expect(Self.brightest(b, x: 35...80, y: 15...33) >= 250)
    // The (standard-appearance) tab bar's dark chrome material over black: tint rgba(22,22,23,0.8) over a black
    // blur is 0.8 x 22 = 17.6 (rounded 18), not the light bar's near-white.
    let bar = Self.rgb(b, 5, 844 - 10)
    #expect(bar.allSatisfy { abs(Int($0) - 18) <= 1 }, "tab bar pixel \(bar)")
  }

  @Test func lightSceneStaysLight() throws {
    let b = try Self.frame()
    #expect(Self.rgb(b, 10, 250) == [255, 255, 255])
    #expect(Self.rgb(b, 70, 150) == [242, 242, 247])
    #expect(Self.darkest(b, x: 20...120, y: 300...360) == 0)
    #expect(Self.darkest(b, x: 35...80, y: 15...33) <= 5)
  }

  @Test func variantSetAndSceneKeyAgree() throws {
    let key = try Self.frame("appearance: dark")
    #expect(try Self.frame(variant: "night") == key)
    #expect(try Self.frame(sets: ["appearance=dark"]) == key)
    // A --set after the scene's key wins.
    #expect(try Self.frame("appearance: dark", sets: ["appearance=light"]) == Self.frame())
  }

  @Test func aWrongAppearanceIsReportedAtItsValue() {
    #expect(throws: DiagnosticReport.self) { try SceneLoader.load(text: Self.scene("appearance: dusk"), origin: .file("dark.yaml")) }
    do {
      _ = try SceneLoader.load(text: Self.scene("appearance: dusk"), origin: .file("dark.yaml"))
    } catch {
      #expect(error.description.contains("dark.yaml:3:13"), "\(error.description)")
      #expect(error.description.contains("light") && error.description.contains("dark"))
    }
  }
}
