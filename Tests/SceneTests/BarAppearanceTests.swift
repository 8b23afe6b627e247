import Geometry
import Testing
@testable import Scene

/// iOS 15's scroll-edge appearance: a bar with nothing scrolled under it is clear (no
/// background, no material, no separator); with content under it, the standard material.
@Suite struct BarAppearanceTests {
  /// The screen `a` of a scene whose first view is `content` (an iPhone 14: status bar 47 pt,
  /// 844 pt tall, bars at 47...91 and 761...844).
  func screen(_ content: String, _ bars: String) throws -> [SceneView] {
    let text = """
      scene: bars
      device: iphone-14
      assets: {photo: assets/coffee.png}
      screens:
        a:
          backgroundColor: white
          subviews:
      \(content)      - statusBar: {}
      \(bars)
        b: {}
      transition: {kind: push, from: a, to: b, timing: {curve: linear, duration: 0.3}}
      """
    let doc = try #require(load(text).document)
    return try #require(doc.screen(named: "a")).view.subviews
  }

  func isClear(_ bar: SceneView) -> Bool {
    bar.material == nil && bar.backgroundColor == nil
      && !bar.subviews.contains { $0.id == "background" || $0.id == "separator" || $0.material != nil }
  }

  /// A photo between the bars (Photos' one-up view): every bar is at its scroll edge.
  @Test func contentAtTheEdgesLeavesTheBarsClear() throws {
    let views = try screen("      - image: {asset: photo, frame: [0, 292, 390, 260]}\n",
      "      - navigationBar: {title: T}\n      - toolbar: {items: [heart]}")
    #expect(views.count == 4)
    for bar in views[2...] { #expect(isClear(bar), "\(bar.id ?? "")") }
  }

  /// Content reaching under a bar (a grid from y 0, or touching only the nav bar's area
  /// behind the status bar) gives that bar the chrome material and its separator; content
  /// that only touches a bar's edge (ends at y 91 or starts at y 761) does not.
  @Test func contentUnderABarGivesItTheMaterial() throws {
    let grid = try screen("      - image: {asset: photo, frame: [0, -40, 390, 884]}\n",
      "      - navigationBar: {title: T}\n      - tabBar: {items: [A, B]}")
    let nav = grid[2], tabs = grid[3]
    #expect(nav.subviews.first?.id == "background" && nav.subviews.first?.material == .chrome)
    #expect(nav.subviews.contains { $0.id == "separator" })
    #expect(tabs.material == .chrome && tabs.subviews.contains { $0.id == "separator" })
    let touching = try screen("      - image: {asset: photo, frame: [0, 91, 390, 670]}\n",
      "      - navigationBar: {title: T}\n      - tabBar: {items: [A, B]}")
    #expect(isClear(touching[2]) && isClear(touching[3]))
    let behindStatusBar = try screen("      - image: {asset: photo, frame: [0, 0, 390, 20]}\n",
      "      - navigationBar: {title: T}\n      - tabBar: {items: [A, B]}")
    #expect(!isClear(behindStatusBar[2]) && isClear(behindStatusBar[3]))
  }

  /// Views declared after a bar are above it, not under it; `appearance:` overrides the
  /// rule both ways; a background colour or material alone means the standard appearance.
  @Test func explicitAppearanceAndLaterViews() throws {
    let later = try screen("", "      - navigationBar: {title: T}\n      - image: {asset: photo, frame: [0, 0, 390, 844]}")
    #expect(isClear(later[1]))
    let forced = try screen("", "      - navigationBar: {title: T, appearance: standard}\n      - tabBar: {items: [A], appearance: standard}")
    #expect(!isClear(forced[1]) && forced[2].material == .chrome)
    let cleared = try screen("      - image: {asset: photo, frame: [0, 0, 390, 844]}\n",
      "      - navigationBar: {title: T, appearance: scrollEdge}\n      - toolbar: {items: [heart], material: thin, appearance: scrollEdge}")
    #expect(isClear(cleared[2]) && isClear(cleared[3]))
    let opaque = try screen("", "      - navigationBar: {title: T, backgroundColor: white}")
    #expect(opaque[1].backgroundColor == .white && opaque[1].subviews.contains { $0.id == "separator" })
  }

  @Test func unknownAppearanceIsReportedWithItsPlace() {
    let text = """
      scene: bars
      screens:
        a:
          subviews:
            - tabBar: {items: [A], appearance: frosted}
        b: {}
      transition: {kind: push, from: a, to: b, timing: {curve: linear, duration: 0.3}}
      """
    let message = errors(text)
    #expect(message.hasPrefix("scene.yaml:5:42: error: "), "\(message)")
    #expect(message.contains("frosted") && message.contains("scrollEdge"))
  }

  /// A push from a small-title bar (44 pt) to a large-title one (96 pt): the one bar's
  /// height animates, and each bar's hairline moves from y 44 - 0.33 to 96 - 0.33 with it.
  @Test func separatorFollowsAnAnimatedBarHeight() throws {
    let text = """
      scene: bars
      device: iphone-14
      screens:
        a:
          subviews:
            - navigationBar: {title: A, appearance: standard}
        b:
          subviews:
            - navigationBar: {title: B, largeTitle: true, appearance: standard}
      transition: {kind: push, from: a, to: b, timing: {curve: linear, duration: 0.3}}
      """
    let doc = try #require(load(text).document)
    let lines = doc.transition.tracks.filter { $0.target.text.hasSuffix("separator") && $0.property == .frame }
    #expect(lines.count == 2)
    for t in lines {
      guard case .rect(let from) = t.keyframes.first!.value, case .rect(let to) = t.keyframes.last!.value else {
        Issue.record("not a rect track"); continue
      }
      #expect(abs(from.minY - (44 - 0.33)) < 1e-9 && abs(to.minY - (96 - 0.33)) < 1e-9, "\(from) \(to)")
      #expect(from.height == 0.33 && to.height == 0.33 && from.width == 390)
    }
  }

  /// A push from a material bar to a clear one: the clear bar cannot hide the material under
  /// it, so A's bar fades out (1 -> 0) while B's fades in; to a material bar A's stays.
  @Test func clearBarFadesTheOtherOut() throws {
    func barOpacityTracks(_ bBar: String) throws -> [Track] {
      let text = """
        scene: bars
        device: iphone-14
        assets: {photo: assets/coffee.png}
        screens:
          a:
            subviews:
              - image: {asset: photo, frame: [0, 0, 390, 844]}
              - navigationBar: {title: A}
          b:
            subviews:
              - navigationBar: {title: B, backTitle: A\(bBar)}
        transition: {kind: push, from: a, to: b, timing: {curve: linear, duration: 0.3}}
        """
      let doc = try #require(load(text).document)
      return doc.transition.tracks.filter { $0.property == .opacity && $0.target.text.hasSuffix(".navigationBar") }
    }
    let clear = try barOpacityTracks("")
    #expect(clear.contains { $0.target.text == "a.navigationBar" && $0.keyframes.first?.value == .number(1) && $0.keyframes.last?.value == .number(0) })
    #expect(clear.contains { $0.target.text == "b.navigationBar" && $0.keyframes.first?.value == .number(0) })
    let material = try barOpacityTracks(", appearance: standard")
    #expect(!material.contains { $0.target.text == "a.navigationBar" })
  }
}
