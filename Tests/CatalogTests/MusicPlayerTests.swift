import Foundation
import Geometry
import Scene
import Stage
import Raster
import Testing

/// T8's `music` variant: the player is an opaque sheet grown out of the mini bar (as Music
/// does). Checked against the scene's own declared geometry, by hand: the sheet starts as the
/// mini bar (same frame, radius and colour, the same artwork rectangle), its top stays under
/// the finger while it tracks, it ends as a page sheet 10 pt below the scaled-back home screen,
/// and the home screen's top then sits at the status bar's bottom.
@Suite("T8 music: the mini bar grows into the player sheet")
struct MusicPlayerTests {
  @Test func sheetGrowsOutOfTheMiniBar() throws {
    let doc = try Catalog.load("t8-pull-up-player", variant: "music")
    let clip = try Clip(document: doc, scale: 0.25)
    let mini = try #require(doc.view("home", id: "mini"))
    let miniArt = try #require(mini.subviews.first { $0.id == "art" })
    // At rest the sheet is the mini bar: frame, corner radius, background.
    let rest = clip.timeline.state(at: 0)
    #expect(rest.rect("player", .frame) == mini.frame)
    #expect(rest.number("player", .cornerRadius) == mini.cornerRadius)
    #expect(doc.view("player")?.backgroundColor == mini.backgroundColor)
    // ... with the artwork where the bar's thumbnail is (both in their bar's space).
    #expect(rest.rect("player.art", .frame) == miniArt.frame)
    #expect(rest.number("player.header", .opacity) == 1)

    // While the finger drags, the sheet's top keeps its distance to the finger (linear timing,
    // p = -ty / 640 and the top 697 - 640 p), once the pan has begun.
    let down = try #require(doc.transition.interaction?.gesture.first).point.y
    var offsets: [Double] = []
    for t in stride(from: 0.40, through: 0.75, by: 0.05) {
      let s = clip.timeline.state(at: t)
      guard s.phase == .tracking, let finger = s.gesture?.location.y, let top = s.rect("player", .frame)?.minY else { continue }
      offsets.append(finger - top)
    }
    #expect(offsets.count >= 6)
    let spread = (offsets.max() ?? 0) - (offsets.min() ?? 0)
    #expect(spread < 1e-6, "finger - sheet top: \(offsets)")
    // The pan begins 10 pt in (UIKit's slop): the top trails the finger by the touch's offset
    // into the bar (720 - 697 = 23 pt) less the slop.
    #expect(abs((offsets.first ?? 0) - (down - mini.frame.minY - 10)) < 1e-6)

    // Completed: a page sheet under a scaled-back home screen.
    let end = clip.timeline.state(frame: clip.frameCount - 1)
    #expect(end.progress == 1)
    let sheet = try #require(end.rect("player", .frame))
    let s = try #require(end.number("home", .scale))
    let ty = try #require(end.number("home", .translationY))
    let H = doc.canvas.size.height, W = doc.canvas.size.width
    #expect(abs(s - (W - 32) / W) < 1e-5)                        // 16 pt in on each side
    let homeTop = H / 2 - s * H / 2 + ty                          // scaled about its centre
    #expect(abs(homeTop - doc.canvas.device.statusBarHeight) < 1e-3)
    #expect(abs(sheet.minY - (homeTop + 10)) < 1e-3)
    #expect(sheet.minX == 0 && sheet.width == W && sheet.maxY > H) // bottom corners off screen
    #expect(end.number("player.header", .opacity) == 0)
    #expect(end.number("player.playing", .opacity) == 1)
  }

  /// Mid-drag the player's layout travels with the sheet: the sheet has its full height from
  /// p = 0.15 (so nothing below the cover is cut off by a growing clip), the title, scrubber
  /// and transport sit under the growing cover (the group moved by the cover's bottom-left
  /// corner against its final (30, 394)) fade in from p = 0.1, when the bar's title has faded
  /// out, and are fully shown by p = 0.3, and the home screen's
  /// scale, dim and corner follow p (reaching the card state at p = 0.8). Each value is
  /// worked out by hand from the frames in the scene: cover (8, 8, 40, 40) -> (30, 64, 330,
  /// 330) over p 0...0.8, home scale 1 -> (390 - 32) / 390, dim 0 -> 0.25.
  @Test func layoutTravelsWithTheSheetMidDrag() throws {
    let doc = try Catalog.load("t8-pull-up-player", variant: "music")
    let clip = try Clip(document: doc, scale: 0.25)
    var checked = 0, fullyShown = 0
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      guard s.phase == .tracking else { continue }
      let p = s.progress
      let g = min(max(p / 0.8, 0), 1)
      let art = try #require(s.rect("player.art", .frame))
      #expect(abs(art.minX - (8 + 22 * g)) < 1e-6 && abs(art.width - (40 + 290 * g)) < 1e-6)
      let tx = try #require(s.number("player.playing", .translationX))
      let ty = try #require(s.number("player.playing", .translationY))
      #expect(abs(tx - (art.minX - 30)) < 1e-6, "p \(p): title's left edge on the cover's")
      #expect(abs(ty - (art.maxY - 394)) < 1e-6, "p \(p): title 30 pt under the cover")
      if p >= 0.15 {
        let sheet = try #require(s.rect("player", .frame))
        #expect(sheet.height == 797 && abs(sheet.minY - (697 - 640 * p)) < 1e-6)
      }
      let shown = try #require(s.number("player.playing", .opacity))
      #expect(abs(shown - min(max((p - 0.1) / 0.2, 0), 1)) < 1e-6)
      // The bar's title (gone by p = 0.1) and the player's never show at once.
      let bar = try #require(s.number("player.header", .opacity))
      #expect(bar == 0 || shown == 0, "p \(p): bar title \(bar) and player title \(shown) both show")
      #expect(abs(bar - max(1 - p / 0.1, 0)) < 1e-6)
      if p >= 0.3 { fullyShown += 1; #expect(shown == 1) }
      let scale = try #require(s.number("home", .scale))
      #expect(abs(scale - (1 - (1 - 358.0 / 390) * g)) < 1e-5)
      let dim = try #require(s.number("home", .dimming))
      #expect(abs(dim - 0.25 * g) < 1e-6)
      checked += 1
    }
    #expect(checked >= 10 && fullyShown >= 2, "tracked frames \(checked), of them past p = 0.3: \(fullyShown)")
  }

  /// The player fits every phone: where the screen is shorter than 783 pt the cover shrinks
  /// to height - 453 (Music's smaller artwork on an SE) and the title, scrubber, transport,
  /// volume and lyrics / AirPlay / queue rows move up with its bottom, so at the end of the
  /// pull everything from the grabber to that last row shows above the bottom edge. Expected
  /// by hand from the device table (docs/scene-format.md): sheet top safeTop + 10; cover
  /// min(330, height - 453) centred 64 pt below the sheet's top; volume row's bottom
  /// 687 + cover - 330 below the sheet's top, the action row's 732 + cover - 330.
  @Test("the player fits the screen at the end of the pull", arguments: [
    // model, cover frame at the end (sheet space), volume row's bottom (screen)
    ("iphone-se", Rect(x: 80.5, y: 64, width: 214, height: 214), 601.0),     // 30 + 687 - 116
    ("iphone-14", Rect(x: 30, y: 64, width: 330, height: 330), 744.0),       // 57 + 687
    ("iphone-15", Rect(x: 31.5, y: 64, width: 330, height: 330), 756.0),     // 69 + 687
    ("iphone-15-pro-max", Rect(x: 50, y: 64, width: 330, height: 330), 756.0),
  ])
  func fitsEveryPhone(_ model: String, _ cover: Rect, _ volumeBottom: Double) throws {
    let doc = try Catalog.load("t8-pull-up-player", variant: "music", sets: ["device=\(model)"])
    let clip = try Clip(document: doc, scale: 0.25)
    let end = clip.timeline.state(frame: clip.frameCount - 1)
    #expect(end.progress == 1)
    #expect(end.rect("player.art", .frame) == cover)
    let sheet = try #require(end.rect("player", .frame))
    let column = try #require(doc.view("player", id: "playing"))
    let volume = try #require(column.subviews.last?.frame)
    let ty = end.number("player.playing", .translationY) ?? 0
    let bottom = sheet.minY + column.frame.minY + ty + volume.maxY
    #expect(abs(bottom - volumeBottom) < 1e-9, "\(model): volume row ends at \(bottom)")
    #expect(bottom <= doc.canvas.size.height - doc.canvas.device.safeArea.bottom - 20)
    // The title sits 30 pt under the cover, as on the iPhone 14.
    let title = try #require(column.subviews.first?.frame)
    #expect(abs(column.frame.minY + ty + title.minY - (cover.maxY + 30)) < 1e-9)
    // Music's lyrics / AirPlay / queue row, 45 pt under the volume row's bottom (710 + 22
    // against 687 in the column), above the bottom safe area (the home indicator's band)
    // and at least 12 pt above the bottom edge.
    let actions = try #require(column.subviews.first { $0.id == "actions" }?.frame)
    let actionsBottom = sheet.minY + column.frame.minY + ty + actions.maxY
    #expect(abs(actionsBottom - (volumeBottom + 45)) < 1e-9, "\(model): action row ends at \(actionsBottom)")
    #expect(actionsBottom <= doc.canvas.size.height - max(doc.canvas.device.safeArea.bottom, 12))
  }

  /// At rest, Music's chrome around the cover: the favourite star in a 28 pt circle beside
  /// the ellipsis (8 pt apart, at x 296 ... 324 of the 390 pt column, the title's row), and
  /// the lyrics, AirPlay and queue symbols under the volume slider, centred at 85, 195 and
  /// 305 pt. Checked in pixels at the end of the pull (iPhone 14, scale 1: the column at
  /// x = 0, 57 pt down): each symbol's box holds light ink (at least one pixel brighter than
  /// 150 over the dark background), and between them the row is dark.
  @Test func musicChromeAroundTheCover() throws {
    let doc = try Catalog.load("t8-pull-up-player", variant: "music")
    let column = try #require(doc.view("player", id: "playing"))
    let star = try #require(column.subviews.first { $0.id == "favourite" })
    #expect(star.frame == Rect(x: 296, y: 434, width: 28, height: 28))
    let clip = try Clip(document: doc, scale: 1)
    let last = clip.bitmap(frame: clip.frameCount - 1)
    func brightest(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> Int {
      var m = 0
      for y in y0..<y1 { for x in x0..<x1 { let p = last.pixel(x: x, y: y); m = max(m, Int(p.r), Int(p.g), Int(p.b)) } }
      return m
    }
    let top = 57 + 710
    for centre in [85, 195, 305] {
      #expect(brightest(centre - 10, centre + 10, top, top + 22) > 150, "symbol at \(centre)")
    }
    for gap in [140, 250] {
      #expect(brightest(gap - 10, gap + 10, top, top + 22) < 90, "gap at \(gap)")
    }
    // The star: white ink at the circle's centre (310, 57 + 448).
    #expect(brightest(306, 314, 57 + 444, 57 + 452) > 200)
  }

  /// The player's background comes from the cover: its top-left colour is 0.45 of the mean
  /// colour of the bluest of the cover's brightest 3 % of pixels (and its bottom-right one,
  /// 0.45 of the amber ones, under the bottom's darkening), measured here from hubble.png's
  /// pixels; the rendered sheet at rest shows them. The cover casts a shadow that follows it.
  @Test func backgroundFromTheCoverAndACoverShadow() throws {
    let doc = try Catalog.load("t8-pull-up-player", variant: "music")
    let images = try AssetLoader.decode(doc.assets)
    let cover = try #require(images["hubble"]).bitmap
    var lum: [(Double, (Double, Double, Double))] = []
    for y in 0..<cover.height {
      for x in 0..<cover.width {
        let p = cover.pixel(x: x, y: y)
        let c = (Double(p.r), Double(p.g), Double(p.b))
        lum.append(((c.0 + c.1 + c.2) / 3, c))
      }
    }
    lum.sort { $0.0 < $1.0 }
    let bright = lum[(lum.count * 97 / 100)...].map(\.1)
    func mean(_ cs: [(Double, Double, Double)]) -> (Double, Double, Double) {
      let n = Double(cs.count)
      return (cs.map(\.0).reduce(0, +) / n, cs.map(\.1).reduce(0, +) / n, cs.map(\.2).reduce(0, +) / n)
    }
    let cool = mean(bright.filter { $0.2 > $0.0 + 15 }), warm = mean(bright.filter { $0.0 > $0.2 + 15 })
    let wash = try #require(doc.view("player", id: "wash")?.subviews.first)
    guard case .gradient(let g)? = wash.content else { Issue.record("wash is a gradient"); return }
    for (stop, measured) in [(g.colors.first!, cool), (g.colors.last!, warm)] {
      for (a, b) in [(stop.red, measured.0), (stop.green, measured.1), (stop.blue, measured.2)] {
        #expect(abs(a * 255 - 0.45 * b) <= 1.5, "stop \(stop) vs 0.45 x \(measured)")
      }
    }
    // Rendered: the sheet's top-left (20, 23) in sheet space, t = (20 W + 23 H) / (W² + H²)
    // along the diagonal, is 6 % of the way from the top stop to the middle one (at 0.55).
    let clip = try Clip(document: doc, scale: 1)
    let end = clip.timeline.state(frame: clip.frameCount - 1)
    let sheet = try #require(end.rect("player", .frame))
    let (W, H) = (sheet.width, sheet.height)
    let t = (20 * W + 23 * H) / (W * W + H * H) / 0.55
    let mid = g.colors[1]
    let px = clip.bitmap(frame: clip.frameCount - 1).pixel(x: Int(sheet.minX) + 20, y: Int(sheet.minY) + 23)
    let top = g.colors[0]
    for (got, a, b) in [(px.r, top.red, mid.red), (px.g, top.green, mid.green), (px.b, top.blue, mid.blue)] {
      #expect(abs(Double(got) - 255 * (a + (b - a) * t)) <= 2, "\(px) at t \(t)")
    }
    // The shadow view follows the cover in every frame and is shown once the cover is large.
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      #expect(s.rect("player.artShadow", .frame) == s.rect("player.art", .frame))
    }
    #expect(end.number("player.artShadow", .shadowOpacity) == 0.45)
  }
}
