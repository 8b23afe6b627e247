import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// The window's chrome behaves as on iOS: the status bar belongs to the window (it never
/// moves with a presented or pushed screen), and a navigation bar's titles slide past each
/// other during a pop instead of cross-fading in place. Frames at scale 1.
@Suite("Catalog chrome: status bar and navigation bar", .serialized)
struct ChromeTests {
  func clip(_ document: SceneDocument) throws -> Clip { try Clip(document: document, scale: 1) }

  /// Whether a pixel differs from the bar's near-white background: ink of a title (black)
  /// or of the back button (systemBlue), even at 25 % opacity.
  func isInk(_ b: Bitmap, _ x: Int, _ y: Int) -> Bool {
    let p = b.pixel(x: x, y: y)
    // The bars' chrome material puts its tint (251, 251, 253 at 0.8) over whatever it blurs,
    // so no channel of a bar's background is below 0.8 × 251 = 200.8: darker is text.
    return min(p.r, p.g, p.b) < 195
  }

  // MARK: Status bar

  @Test("T8: the player's own status bar adds nothing: every frame equals the frame rendered without it (one status bar, at the top)")
  func t8StatusBarStaysAtTheTop() throws {
    for variant in [nil, "cancelling", "close"] as [String?] {
      let document = try Catalog.load("t8-pull-up-player", variant: variant)
      var without = document
      let i = try #require(without.screens.firstIndex { $0.name == "player" })
      let before = without.screens[i].view.subviews.count
      without.screens[i].view.subviews.removeAll { $0.role == .statusBar }
      #expect(without.screens[i].view.subviews.count == before - 1)
      let with = try clip(document), bare = try clip(without)
      #expect(with.frameCount == bare.frameCount)
      for n in stride(from: 0, to: with.frameCount, by: 3) {
        let a = with.bitmap(frame: n), b = bare.bitmap(frame: n)
        #expect(a.pixels == b.pixels, "\(variant ?? "completing") frame \(n)")
      }
    }
  }

  @Test("T8 at 0.7 s (the player's top at 432 pt): the status bar's battery is at the top of the window, and no status bar rides on the player")
  func t8AtSevenTenths() throws {
    let c = try clip(try Catalog.load("t8-pull-up-player"))
    let frame = c.bitmap(at: 0.7)
    // The battery's level (docs "Window chrome", iPhone 14): the right ear is (390 - 162) / 2
    // = 114 wide, the icons (17 + 15.33 + 27.33 + 2 x 5 = 69.67) centred in it start at
    // 390 - 57 - 34.83 = 298.17; the battery at 298.17 + 17 + 5 + 15.33 + 5 = 340.5, 13 tall
    // centred on y = 24 (17.5); its level inset 2: x 342.5...363.5, y 19.5...28.5, radius 2.5.
    for y in 21...27 { for x in 345...360 {
      let p = frame.pixel(x: x, y: y)
      #expect(p.r == 255 && p.g == 255 && p.b == 255, "(\(x), \(y))")
    } }
    // The finger at 0.7 s: about 10/12 of the way from (155, 520) to (157, 430), y = 445 (the
    // smoothed touch path differs by a fraction of a point); the player's top stays 13 pt
    // above it (it touched down at 720 on the mini bar at 697, and the pan began 10 pt up,
    // UIKit's slop): about 432.
    // Where the player's status bar battery would ride there are no white pixels (the
    // player, at opacity p, covers the home screen's white text there).
    let top = try #require(c.timeline.state(at: 0.7).values.first { $0.key.target.text == "player" && $0.key.property == .translationY }?.value.number)
    let finger = try #require(c.timeline.state(at: 0.7).gesture).location
    #expect(abs(top - (finger.y - 13)) < 1e-6)
    #expect(abs(top - 432) < 1)
    let y0 = Int((top + 21).rounded())
    var white = 0
    for y in y0...(y0 + 6) { for x in 345...360 {
      let p = frame.pixel(x: x, y: y)
      if p.r > 250 && p.g > 250 && p.b > 250 { white += 1 }
    } }
    #expect(white == 0)
  }

  @Test("Sheets (T9) and cards (T5): the status bar stays at the top and turns light over the black backdrop")
  func sheetStatusBar() throws {
    for (stem, variant) in [("t9-system-sheet", nil), ("t5-card-presentation", nil), ("t5-card-pull-down-to-close", "cancelling")] as [(String, String?)] {
      let c = try clip(try Catalog.load(stem, variant: variant))
      let first = c.bitmap(frame: 0), last = c.bitmap(frame: c.frameCount - 1)
      // The pull-down starts presented: light at both ends; T5's presentation starts dark;
      // T9 starts on the Photos grid, whose status bar is light of its own (iOS 17 Photos'
      // header over its scrim: PhotosHeaderTests), and stays light.
      let presentedAtStart = stem.hasPrefix("t5-card-pull") || stem.hasPrefix("t9")
      // The battery's level, as in t8AtSevenTenths: x 342.5...363.5, y 19.5...28.5.
      for y in 21...27 { for x in 345...360 {
        let a = first.pixel(x: x, y: y), b = last.pixel(x: x, y: y)
        #expect(b.r == 255 && b.g == 255 && b.b == 255, "\(stem) last (\(x), \(y))")
        let expected: UInt8 = presentedAtStart ? 255 : 0
        #expect(a.r == expected && a.g == expected && a.b == expected, "\(stem) first (\(x), \(y))")
      } }
    }
  }

  // MARK: Navigation bar

  @Test("T2 drag at 0.55 s without the scene's chrome tracks: 'Today' slides right and 'Library' moves from the back button to the centre; their ink does not overlap")
  func t2TitlesDoNotOverlap() throws {
    // The generated UINavigationBar pop animation, as any interactive pop without tracks of
    // its own gets it (the shipped T2 replaces it with Photos' chrome fade: PhotosChromeTests).
    // (The chrome's fades are background tracks: keep only the page's fade and the tab bar.)
    // (The grid wears Photos' date heading instead of a title: give its bar the old title,
    // "Library", back for this.)
    let c = try clip(try Catalog.load("t2-photos-drag-to-dismiss", sets: [
      "screens.grid.subviews[4].navigationBar.title=Library",
      // The detail's two-line title is a custom title view (its bar's items); given back a
      // plain title, the bar slides it as UIKit slides a title.
      "screens.detail.subviews[2].navigationBar.title=Today",
      "transition.tracks=[]",
      "transition.interactive.background.tracks=[{view: detail, property: opacity, from: 1, to: 0}, {view: grid.tabs, property: translation.y, from: 83, to: 0}]",
    ]))
    let n = 33  // t = 33 / 60 = 0.55 s, while the finger is down
    let state = c.timeline.state(frame: n)
    // The finger (straight segments): at 0.55 s it is 0.7 of the way from (206, 478) to
    // (213, 532): y = 515.8, dy = 95.8, less UIKit's 10 pt slop: p = 85.8 / 200 = 0.429 (the
    // smoothed touch path the recognizer sees is within a fraction of a point). The boxes
    // below use the frame's p.
    let p = state.progress
    #expect(abs(p - 0.429) < 0.01)
    // Inter's advance widths at 17 pt (hmtx sums, 2816 units per em; printed by fontTools):
    // "Library" semibold 9577 u = 57.82 pt, regular 9436 u = 56.96 pt; "Today" semibold 8585 u = 51.83 pt.
    let W = 390.0, libraryTitle = 57.82, libraryBack = 9436.0 * 17 / 2816, today = 51.83
    // 'Today' (the leaving title) slides right by p W / 2 from the centre.
    let todayMid = W / 2 + p * W / 2                                          // 278.0
    let todayBox = (todayMid - today / 2, todayMid + today / 2)               // 252.1 ... 303.9
    // 'Library' (the grid's title) slides from the back label's place (x = 29) to the
    // centre: its left edge is at 29 + p (W / 2 - w / 2 - 29), as is the back label's.
    let libraryLeft = 29 + p * (W / 2 - libraryTitle / 2 - 29)                 // 87.4
    let libraryBox = (libraryLeft, libraryLeft + max(libraryTitle, libraryBack)) // 87.4 ... 145.2
    // Ink columns in the title row band (bar at y = 47, labels at 11...33 in it): pixels that
    // the titles and back button change (the frame against the same frame without them; the
    // grid's bar crossfades in from the detail's clear bar, so photos show through it).
    let tree = c.layerTree(frame: n)
    var bare = tree
    bare.sublayers.removeAll { $0.name == "window:title" || $0.name == "window:back" }
    func draw(_ t: Layer) -> Bitmap {
      var b = Bitmap(width: c.canvas.pixelWidth, height: c.canvas.pixelHeight)
      b.render(t, scale: 1)
      return b
    }
    let frame = draw(tree), without = draw(bare)
    func changed(_ x: Int, _ y: Int) -> Bool {
      let p = frame.pixel(x: x, y: y), q = without.pixel(x: x, y: y)
      return max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > 60
    }
    #expect(tree.sublayers.count - bare.sublayers.count >= 2, "the titles are window-level layers")
    var ink: [Int] = []
    for x in 26..<Int(W) where (58...80).contains(where: { changed(x, $0) }) { ink.append(x) }
    let slack = 3.0  // side bearings, kerning, anti-aliasing
    let outside = ink.filter { x in
      let v = Double(x) + 0.5
      let inLibrary = v > libraryBox.0 - slack && v < libraryBox.1 + slack
      let inToday = v > todayBox.0 - slack && v < todayBox.1 + slack
      return !inLibrary && !inToday
    }
    #expect(outside.isEmpty, "ink outside both titles' boxes at x = \(outside)")
    #expect(ink.contains { Double($0) > libraryBox.0 && Double($0) < libraryBox.1 }, "no 'Library' ink")
    #expect(ink.contains { Double($0) > todayBox.0 && Double($0) < todayBox.1 }, "no 'Today' ink")
    // The gap between them has no ink at all: the titles never overlap.
    #expect(!ink.contains { Double($0) > libraryBox.1 + slack && Double($0) < todayBox.0 - slack })
  }

  @Test("T2 pop's ends: the detail's bar shows '‹ Library' and 'Today'; the grid's bar has no title (its heading and Select are PhotosHeaderTests')")
  func t2PopEnds() throws {
    let c = try clip(try Catalog.load("t2-photos-pop"))
    let first = c.bitmap(frame: 0), last = c.bitmap(frame: c.frameCount - 1)
    func inkColumns(_ b: Bitmap) -> [Int] {
      (0..<390).filter { x in (58...80).contains { isInk(b, x, $0) } }
    }
    // Detail: the chevron at x = 11...24 and the back label from x = 29 (blue), "Today"
    // centred (51.83 pt wide: 169.1...220.9).
    let a = inkColumns(first)
    #expect(a.contains { $0 >= 11 && $0 <= 24 })
    #expect(a.contains { $0 >= 29 && $0 <= 40 })
    #expect(a.contains { $0 >= 170 && $0 <= 220 })
    // Grid: no back button and an empty title in its bar (Photos' grid shows its date
    // heading and Select, white, as the bar's items); given its old title back, the same
    // frame changes in the title row's middle (x 165...300), so no title is drawn there now.
    let doc = try Catalog.load("t2-photos-pop")
    let bar = try #require(doc.view("grid")?.subviews.first { $0.role == .navigationBar })
    #expect(!bar.subviews.contains { $0.role == .backButton })
    for t in bar.subviews where t.role == .navigationTitle {
      if case .text(let text)? = t.content { #expect(text.string.isEmpty, "grid title \(text.string)") }
    }
    let titled = try clip(try Catalog.load("t2-photos-pop", sets: ["screens.grid.subviews[4].navigationBar.title=Library"]))
    let withTitle = titled.bitmap(frame: titled.frameCount - 1)
    let middle = (165..<300).flatMap { x in (58...80).map { (x, $0) } }
    #expect(middle.contains { withTitle.pixel(x: $0.0, y: $0.1) != last.pixel(x: $0.0, y: $0.1) }, "the old title would show here")
  }
}
