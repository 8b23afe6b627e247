import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// The Photos grid (T1, the three T2 clips, T7 and T9) wears iOS 17 Photos' All Photos header: the
/// photos run up to the top under a dark scrim, the status bar is light, a bold white date
/// heading sits at the left margin and the "Select" capsule at the right, in a clear bar.
/// Checked at rest on every device model (docs/scene-format.md, "Devices", as in
/// DeviceLayoutTests), in pixels at scale 1, with values worked out by hand:
///
/// - Scrim: a linear gradient from black at alpha 115/255 (#73) at y = 0 to clear at
///   h = safe area top + 44 + 30 (the bar's bottom + 30 pt). Raster samples it at pixel
///   centres, so a pixel in row y gets alpha a = 115/255 × (1 − (y + 0.5) / h), and black
///   source-over a photo pixel c leaves c × (1 − a) (±1 for 8-bit rounding). The photo pixel
///   c is the same frame drawn without the scrim.
/// - Status bar: the battery's level (full, so the ink colour) is white on the grid and black
///   on the detail's white page. On the Face ID phones it is where docs "Window chrome" puts
///   it: the icons (69.67 pt) centred in the right ear ((W − cut-out) / 2, cut-out 162 pt on
///   the notched iPhone 14, 126 pt beside the island), the battery 42.33 pt into them and the
///   level's middle 12.5 pt into the battery: x = W − ear / 2 − 34.83 + 42.33 + 12.5
///   = W − ear / 2 + 20.0; y = 24 (notch) or 29.67 (island).
/// - Heading: its label starts at x = 16; Inter Display Bold's "N" (the heading is 22 pt, and
///   from 20 pt labels use Inter Display, docs/text.md) has a left side bearing of 83 / 2048 em
///   = 0.89 pt (hmtx, read with fontTools), so the first fully white column is x = 17 and
///   nothing left of x = 16 is white.
/// - Select: the capsule at [W − 82, top + 7, 66, 30] in the window, its right edge on the
///   16 pt margin, with its white label inside it.
@Suite("Photos grid: iOS 17 Photos' header on every device", .serialized)
struct PhotosHeaderTests {
  /// Where a clip rests on the grid (frame 0 or the last) and on the detail page.
  enum Rest { case first, last }
  static let onGrid: [(stem: String, variant: String?, rest: Rest)] = [
    ("t1-modal-card", nil, .first),
    ("t2-photos-push", nil, .first),
    ("t2-photos-pop", nil, .last),
    ("t2-photos-drag-to-dismiss", nil, .last),
    ("t7-tab-crossfade", nil, .first),
    ("t9-system-sheet", nil, .first),
  ]
  /// The grid's screen: `library` in T7 and T9 (beside their For You and New Album screens).
  static func gridScreen(_ stem: String) -> String { stem.hasPrefix("t7") || stem.hasPrefix("t9") ? "library" : "grid" }
  static let onDetail: [(stem: String, variant: String?, rest: Rest)] = [
    ("t2-photos-push", nil, .last),
    ("t2-photos-pop", nil, .first),
    ("t2-photos-drag-to-dismiss", nil, .first),
    ("t2-photos-drag-to-dismiss", "cancelling", .last),
  ]

  static func frame(_ clip: Clip, _ rest: Rest) -> Int { rest == .first ? 0 : clip.frameCount - 1 }

  static func isWhite(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ floor: UInt8 = 250) -> Bool { min(p.r, p.g, p.b) >= floor }

  @Test("the scrim darkens the photos by black at 115/255 × (1 − (y + 0.5) / h), h = top + 74; nothing below h", arguments: DeviceLayoutTests.devices.map(\.model))
  func scrim(_ model: String) throws {
    let d = try #require(DeviceLayoutTests.devices.first { $0.model == model })
    let h = d.top + 44 + 30
    for s in Self.onGrid {
      let doc = try Catalog.load(s.stem, variant: s.variant, sets: ["device=\(model)"])
      var bare = doc
      let grid = try #require(bare.screens.firstIndex { $0.name == Self.gridScreen(s.stem) })
      let before = bare.screens[grid].view.subviews.count
      bare.screens[grid].view.subviews.removeAll { $0.id == "scrim" }
      try #require(bare.screens[grid].view.subviews.count == before - 1, "\(s.stem): the grid has one view with id scrim")
      let with = try Clip(document: doc, scale: 1), without = try Clip(document: bare, scale: 1)
      let n = Self.frame(with, s.rest)
      let a = with.bitmap(frame: n), b = without.bitmap(frame: n)
      // The middle column, from below the bar's items (top + 37) to the scrim's end: no
      // status bar ink, island, heading or Select there, only photos (and the grid's gaps).
      let x = Int(d.width / 2)
      var darkened = 0
      for y in stride(from: Int(d.top) + 38, to: Int(h), by: 4) {
        let alpha = 115.0 / 255 * (1 - (Double(y) + 0.5) / h)
        let got = a.pixel(x: x, y: y), photo = b.pixel(x: x, y: y)
        for (g, c) in [(got.r, photo.r), (got.g, photo.g), (got.b, photo.b)] {
          let expected = Double(c) * (1 - alpha)
          #expect(abs(Double(g) - expected) <= 1, "\(s.stem) on \(model) (\(x), \(y)): \(g), expected \(c) × (1 − \(alpha)) = \(expected)")
          if Double(c) - Double(g) >= 2 { darkened += 1 }
        }
      }
      #expect(darkened > 0, "\(s.stem) on \(model): the scrim darkened nothing")
      // Below the scrim the photos are untouched.
      for y in [Int(h) + 1, Int(h) + 20] {
        #expect(a.pixel(x: x, y: y) == b.pixel(x: x, y: y), "\(s.stem) on \(model) (\(x), \(y))")
      }
    }
  }

  /// The battery level's rectangle in the window: the one visible `level` layer.
  static func batteryLevel(_ clip: Clip, frame n: Int, _ d: DeviceLayoutTests.Model) throws -> Rect {
    let drawn = DeviceLayoutTests.drawn(clip.layerTree(frame: n), clip: Rect(0, 0, d.width, d.height))
    let levels = drawn.filter { $0.name == "level" }
    try #require(levels.count == 1, "\(levels)")
    return levels[0].rect
  }

  @Test("the status bar is light on the grid at rest and dark on the detail page at rest", arguments: DeviceLayoutTests.devices.map(\.model))
  func statusBarStyle(_ model: String) throws {
    let d = try #require(DeviceLayoutTests.devices.first { $0.model == model })
    for (cases, white) in [(Self.onGrid, true), (Self.onDetail, false)] {
      for s in cases {
        let clip = try Clip(document: Catalog.load(s.stem, variant: s.variant, sets: ["device=\(model)"]), scale: 1)
        let n = Self.frame(clip, s.rest)
        let level = try Self.batteryLevel(clip, frame: n, d)
        if model != "iphone-se" {
          let cutOut = model == "iphone-14" ? 162.0 : 126.0
          let ear = (d.width - cutOut) / 2
          #expect(abs(level.midX - (d.width - ear / 2 + 20)) < 0.05, "\(s.stem) on \(model): level at \(level)")
          #expect(abs(level.midY - (model == "iphone-14" ? 24 : 29.67)) < 0.05, "\(s.stem) on \(model): level at \(level)")
        }
        let bitmap = clip.bitmap(frame: n)
        // The level's inner pixels (away from its anti-aliased rounded edge).
        for y in Int(level.minY.rounded(.up)) + 1..<Int(level.maxY.rounded(.down)) - 1 {
          for x in Int(level.minX.rounded(.up)) + 2..<Int(level.maxX.rounded(.down)) - 2 {
            let p = bitmap.pixel(x: x, y: y)
            if white {
              #expect(Self.isWhite(p, 255), "\(s.stem) on \(model) frame \(n) (\(x), \(y)): \(p)")
            } else {
              #expect(max(p.r, p.g, p.b) == 0, "\(s.stem) on \(model) frame \(n) (\(x), \(y)): \(p)")
            }
          }
        }
      }
    }
  }

  /// The window rectangle of the first layer named `name` (CALayer geometry, as
  /// DeviceLayoutTests walks it).
  static func windowRect(of name: String, in root: Layer) -> Rect? {
    func walk(_ l: Layer, _ parent: Geometry.AffineTransform) -> Rect? {
      let t = PhotoResolutionTests.toParent(l).concatenating(parent)
      if l.name == name { return t.apply(l.bounds) }
      let b = l.bounds
      for s in l.sublayers {
        if let r = walk(s, Geometry.AffineTransform(translationX: -b.minX, y: -b.minY).concatenating(t)) { return r }
      }
      return nil
    }
    return walk(root, .identity)
  }

  @Test("the date heading starts at x = 16 and Select's capsule ends on the right margin", arguments: DeviceLayoutTests.devices.map(\.model))
  func headingAndSelect(_ model: String) throws {
    let d = try #require(DeviceLayoutTests.devices.first { $0.model == model })
    let W = d.width, top = d.top
    for s in Self.onGrid {
      let clip = try Clip(document: Catalog.load(s.stem, variant: s.variant, sets: ["device=\(model)"]), scale: 1)
      let n = Self.frame(clip, s.rest)
      let drawn = DeviceLayoutTests.drawn(clip.layerTree(frame: n), clip: Rect(0, 0, W, d.height))
      let heading = try #require(drawn.first { $0.name == "heading" }, "\(s.stem) on \(model)")
      #expect(DeviceLayoutTests.isClose(heading.rect, Rect(16, top + 8, 220, 28)), "\(heading)")
      // (A material capsule draws no background colour of its own: found by name, not drawn.)
      let select = try #require(Self.windowRect(of: "select", in: clip.layerTree(frame: n)), "\(s.stem) on \(model)")
      #expect(DeviceLayoutTests.isClose(select, Rect(W - 82, top + 7, 66, 30)), "\(select)")
      let bitmap = clip.bitmap(frame: n)
      let rows = (Int(top) + 12)...(Int(top) + 32)
      // Heading: the first white column (the "N"'s stem) is 17; nothing white left of 16.
      let headingWhite = (0..<Int(W / 2)).filter { x in rows.contains { Self.isWhite(bitmap.pixel(x: x, y: $0)) } }
      #expect(headingWhite.first == 17, "\(s.stem) on \(model): first white column \(headingWhite.first ?? -1)")
      #expect(!(0...16).contains { x in rows.contains { Self.isWhite(bitmap.pixel(x: x, y: $0), 240) } }, "\(s.stem) on \(model)")
      // Select: its white label lies inside the capsule, and nothing white is right of it.
      let selectWhite = (Int(W / 2)..<Int(W)).filter { x in rows.contains { Self.isWhite(bitmap.pixel(x: x, y: $0)) } }
      #expect(!selectWhite.isEmpty && selectWhite.allSatisfy { Double($0) > W - 82 && Double($0) < W - 16 }, "\(s.stem) on \(model): \(selectWhite.first ?? -1)...\(selectWhite.last ?? -1)")
    }
  }

  /// T1's, T7's and T9's grids have T2's switcher, Select, heading and scrim, with the same
  /// layout expressions: the same views in the same places on every phone (one app, one look).
  @Test("T1's, T7's and T9's grids have T2's header and switcher", arguments: DeviceLayoutTests.devices.map(\.model))
  func t1MatchesT2(_ model: String) throws {
    let t2 = try Catalog.load("t2-photos-drag-to-dismiss", sets: ["device=\(model)"])
    for stem in ["t1-modal-card", "t7-tab-crossfade", "t9-system-sheet"] {
      let other = try Catalog.load(stem, sets: ["device=\(model)"])
      for id in ["switcher", "select", "heading", "scrim"] {
        let a = try #require(other.view(Self.gridScreen(stem), id: id), "\(stem) \(id)"), b = try #require(t2.view("grid", id: id), "T2 \(id)")
        #expect(a.frame == b.frame, "\(stem) \(id) on \(model): \(a.frame) vs \(b.frame)")
        #expect(a.subviews.map(\.frame) == b.subviews.map(\.frame) && a.material == b.material && a.content == b.content, "\(stem) \(id) on \(model)")
      }
    }
  }
}
