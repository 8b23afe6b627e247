import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// The SE is 667 pt tall, 177 pt less than the iPhone 14: a presented card or sheet written
/// for the 14 ran off its bottom (T5's recent photos, T9's footer and Invite button). At rest
/// on the SE, the presented screen shows every text and symbol the iPhone 14 shows, each
/// whole, and no image cut at the bottom (T9 shows one row of its selected photos instead of
/// two, clipped by their rounded box, not cut). The geometry comes from the layer tree, as in
/// DeviceLayoutTests (`drawn`: transforms, and clipping by `masksToBounds` ancestors and masks).
@Suite("Catalog sheets keep their content on the SE")
struct ShortPhoneFitTests {
  /// Scene, variant, frame (first or last) at which the presented screen rests, and its name.
  static let cases: [(String, String?, Bool, String)] = [
    ("t5-card-presentation", nil, true, "compose"),
    ("t5-card-pull-down-to-close", nil, false, "compose"),
    ("t9-system-sheet", nil, true, "newAlbum"),
  ]

  static func shown(_ stem: String, _ variant: String?, last: Bool, screen: String, device: String) throws -> (items: [DeviceLayoutTests.Drawn], height: Double) {
    let doc = try Catalog.load(stem, variant: variant, sets: ["device=\(device)"])
    let clip = try Clip(document: doc, scale: 1)
    let root = clip.layerTree(frame: last ? clip.frameCount - 1 : 0)
    let H = doc.canvas.size.height
    // No clipping by the screen's edge here: what is cut, is cut by the card or sheet itself
    // or shows as reaching past the bottom.
    let everywhere = Rect(-10_000, -10_000, 20_000, 20_000)
    let layer = try #require(root.sublayers.first { $0.name == screen }, "\(stem): no \(screen) layer")
    return (DeviceLayoutTests.drawn(layer, clip: everywhere), H)
  }

  @Test(arguments: 0..<cases.count)
  func presentedScreenFitsTheSE(_ i: Int) throws {
    let (stem, variant, last, screen) = Self.cases[i]
    let se = try Self.shown(stem, variant, last: last, screen: screen, device: "iphone-se")
    let i14 = try Self.shown(stem, variant, last: last, screen: screen, device: "iphone-14")
    let H = se.height
    #expect(H == 667)
    for item in se.items where item.kind != .band {
      let r = item.rect, v = item.visible
      #expect(r.maxY <= H + 0.5, "\(stem): \(item) reaches below the SE's \(H) pt")
      if item.kind == .ink {
        #expect(DeviceLayoutTests.isClose(r, v), "\(stem): \(item) is cut")
      } else {
        // An image is whole or clipped by its own rounded box by less than a point (T9's
        // grid row: cells 0.67 pt taller than the grid's frame, on every phone).
        #expect(v.height > r.height - 1 && v.width > r.width - 1, "\(stem): \(item) is cut")
      }
    }
    let inkSE = se.items.filter { $0.kind == .ink && $0.visible.height > 0.5 }.count
    let ink14 = i14.items.filter { $0.kind == .ink && $0.visible.height > 0.5 }.count
    #expect(inkSE == ink14, "\(stem): \(inkSE) texts and symbols on the SE, \(ink14) on the iPhone 14")
  }
}
