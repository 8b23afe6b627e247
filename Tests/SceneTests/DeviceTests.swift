import Geometry
import Testing
@testable import Scene

/// The device table against the numbers it cites (docs/scene-format.md, "Devices"),
/// written out by hand from those sources, and how `device:` meets `canvas:`.
@Suite("Devices")
struct DeviceTests {
  @Test("Sizes and scales from Apple's HIG table; safe areas, status bars, corner radii as measured")
  func table() throws {
    // (model, points, scale, top inset, bottom inset, status bar, display corner radius)
    let expected: [(String, Double, Double, Double, Double, Double, Double, Double)] = [
      ("iphone-se", 375, 667, 2, 20, 0, 20, 0),
      ("iphone-14", 390, 844, 3, 47, 34, 47, 47.33),
      ("iphone-15", 393, 852, 3, 59, 34, 54, 55),
      ("iphone-15-pro-max", 430, 932, 3, 59, 34, 54, 55),
    ]
    #expect(Device.all.map(\.model) == expected.map(\.0))
    for (model, w, h, scale, top, bottom, bar, radius) in expected {
      let d = try #require(Device.named(model))
      #expect(d.size == Size(w, h) && d.scale == scale, "\(model)")
      #expect(d.safeArea == Device.Insets(top: top, bottom: bottom), "\(model)")
      #expect(d.statusBarHeight == bar && d.displayCornerRadius == radius, "\(model)")
    }
    // Pixels: the HIG's 750 x 1334, 1170 x 2532, 1179 x 2556, 1290 x 2796.
    let pixels = Device.all.map { (Int($0.size.width * $0.scale), Int($0.size.height * $0.scale)) }
    #expect(pixels.map(\.0) == [750, 1170, 1179, 1290] && pixels.map(\.1) == [1334, 2532, 2556, 2796])
    #expect(Device.named("iphone-16") == Device.named("iphone-15"))
    #expect(Device.named("iphone-13") == Device.named("iphone-14"))
    #expect(Device.named("iphone-12-mini") == nil)
  }

  @Test("Home indicator 134 x 5, 8 pt up, centred; island 126 x 37.33 at y 11, centred; none on the SE")
  func chromeGeometry() throws {
    let se = try #require(Device.named("iphone-se")), p14 = try #require(Device.named("iphone-14"))
    let p15 = try #require(Device.named("iphone-15")), max = try #require(Device.named("iphone-15-pro-max"))
    #expect(se.homeIndicator == nil && se.dynamicIsland == nil && se.statusBarLayout == .classic)
    #expect(p14.homeIndicator == Rect(128, 831, 134, 5) && p14.dynamicIsland == nil)
    #expect(p15.homeIndicator == Rect(129.5, 839, 134, 5))
    // 378 x 112 px at 3x, 33 px down: (393 - 126) / 2 = 133.5.
    let island = try #require(p15.dynamicIsland)
    #expect(island.minX == 133.5 && island.minY == 11 && island.width == 126 && abs(island.height - 37.333) < 0.001)
    #expect(max.dynamicIsland?.minX == 152)
    // 134 x 430 / 390 = 147.7, rounded to 148: x = (430 - 148) / 2 = 141.
    #expect(max.homeIndicator == Rect(141, 919, 148, 5))
  }

  @Test("device: sets the canvas; the default is the iPhone 13 / 14; canvas.scale still applies")
  func reading() throws {
    let screens = "screens: {a: {}, b: {}}\ntransition: {kind: custom, from: a, to: b, timing: {curve: linear, duration: 0.1}}\n"
    let se = try #require(load("device: iphone-se\n" + screens).document)
    #expect(se.canvas.size == Size(375, 667) && se.canvas.scale == 2 && se.canvas.device.model == "iphone-se")
    let plain = try #require(load(screens).document)
    #expect(plain.canvas.size == Size(390, 844) && plain.canvas.scale == 3 && plain.canvas.device == Device.standard)
    let scaled = try #require(load("device: iphone-15\ncanvas: {scale: 1, fps: 30}\n" + screens).document)
    #expect(scaled.canvas.size == Size(393, 852) && scaled.canvas.scale == 1 && scaled.canvas.fps == 30)
    #expect(scaled.canvas.device == Device.named("iphone-15"))
    let custom = try #require(load("canvas: {size: [300, 500]}\n" + screens).document)
    #expect(custom.canvas.device.homeIndicator == nil && custom.canvas.device.dynamicIsland == nil)
    // --device-model stands for `--set device=...`.
    let set = try #require(load(screens, sets: ["device=iphone-15-pro-max"]).document)
    #expect(set.canvas.size == Size(430, 932))
    // A screen's view sizes follow the device (the root fills the canvas).
    #expect(se.screens[0].view.frame == Rect(0, 0, 375, 667))
  }

  @Test("device with canvas.size is an error at canvas.size; an unknown model lists the known ones")
  func errorsReported() {
    let screens = "screens: {a: {}, b: {}}\ntransition: {kind: custom, from: a, to: b, timing: {curve: linear, duration: 0.1}}\n"
    let both = errors("device: iphone-14\ncanvas: {size: [390, 844]}\n" + screens)
    #expect(both.contains("scene.yaml:2:10: error:"), "\(both)")
    #expect(both.contains("device") && both.contains("canvas.size"))
    let unknown = errors("device: iphone-14-mini\n" + screens)
    #expect(unknown.contains("scene.yaml:1:9: error:") && unknown.contains("iphone-14-mini"), "\(unknown)")
    #expect(unknown.contains("iphone-14"))
    let flag = errors("canvas: {size: [390, 844]}\n" + screens, sets: ["device=iphone-15"])
    #expect(flag.contains("device=iphone-15"), "\(flag)")
  }

  @Test("Bars follow the device: the SE's status bar is 20 pt and its tab bar 49; the 15's navigation bar starts at 59")
  func barsFollowTheDevice() throws {
    let body = """
    screens:
      a:
        subviews:
          - statusBar: {battery: 0.5}
          - navigationBar: {title: A}
          - tabBar: {items: [One, Two]}
      b: {}
    transition: {kind: custom, from: a, to: b, timing: {curve: linear, duration: 0.1}}
    """
    for (model, top, bottom, h) in [("iphone-se", 20.0, 0.0, 667.0), ("iphone-15", 59, 34, 852)] {
      let d = try #require(load("device: \(model)\n" + body).document)
      let root = d.screens[0].view
      let status = try #require(root.subviews.first { $0.role == .statusBar })
      #expect(status.frame.height == top)
      let nav = try #require(root.subviews.first { $0.role == .navigationBar })
      #expect(nav.frame.minY == top)
      let tab = try #require(root.subviews.first { $0.id == "tabBar" })
      #expect(tab.frame == Rect(0, h - 49 - bottom, d.canvas.size.width, 49 + bottom))
      #expect(!tab.treeContains { $0.id == "homeIndicator" })
      // Battery at 0.5: the level is half of the body's inner width (25 - 4 pt, x 0.9 on the SE).
      let content = try #require(status.subviews.first { $0.role == .statusBarContent })
      let battery = try #require(content.subviews.first { $0.id == "battery" })
      let level = try #require(battery.subviews.first { $0.id == "level" })
      let k = model == "iphone-se" ? 0.9 : 1.0
      #expect(abs(level.frame.width - 0.5 * 21 * k) < 1e-9)
    }
  }
}

extension SceneView {
  func treeContains(_ predicate: (SceneView) -> Bool) -> Bool {
    predicate(self) || subviews.contains { $0.treeContains(predicate) }
  }
}
