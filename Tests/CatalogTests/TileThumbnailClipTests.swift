import Foundation
import Geometry
import Scene
import Stage
import Testing

/// T8's home screen tiles: a 56 pt square thumbnail at the tile's left, its title from 66 pt.
/// The photos are drawn `aspectFill`, so without `clipsToBounds` a 3:2 one was drawn 84 pt
/// wide (56 · 3 / 2; the Deep Field's 1000 x 872, 64 pt) and ran under its title ("Lift
/// Off", "Café Jazz", "Cat Naps" on 8f85848). By hand: between the thumbnail's right edge (tile x + 56) and the
/// title (tile x + 66) the tile shows its own #2A2A2A, on every row of the thumbnail.
@Suite("T8: the tiles' photos stay in their 56 pt squares")
struct TileThumbnailClipTests {
  @Test func photosAreClippedToTheirSquares() throws {
    let doc = try Catalog.load("t8-pull-up-player")
    let clip = try Clip(document: doc, scale: 1)
    let frame = clip.bitmap(frame: 0)
    let W = doc.canvas.size.width, top = doc.canvas.device.safeArea.top
    var checked = 0
    for (x, y) in [(16.0, top + 57), ((W + 8) / 2, top + 57), (16, top + 121), ((W + 8) / 2, top + 121), (16, top + 185), ((W + 8) / 2, top + 185)] {
      // Columns 58 ... 64 pt into the tile, rows 6 ... 50 pt (clear of the 4 pt corners).
      for dx in stride(from: 58.0, through: 64, by: 2) {
        for dy in stride(from: 6.0, through: 50, by: 4) {
          let p = frame.pixel(x: Int(x + dx), y: Int(y + dy))
          #expect(p.r == 0x2A && p.g == 0x2A && p.b == 0x2A, "tile at (\(x), \(y)) + (\(dx), \(dy)): \(p)")
          checked += 1
        }
      }
    }
    #expect(checked == 6 * 4 * 12)
  }
}
