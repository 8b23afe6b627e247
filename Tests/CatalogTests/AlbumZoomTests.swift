import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// T12: the album tile re-lays out into its page. Numbers by hand from the scene's layout
/// expressions on an iPhone 14 (390 x 844, safeTop 47, largeTitleBottom 143, tabBarTop 761):
/// tile a3 [16, 143 + 8 + 171 + 66 = 388, 171, 221]; page [0, 0, 390, 761]; the tile's artwork
/// [0, 0, 171, 171] -> the page's [390 / 2 - 135 = 60, 47 + 52 = 99, 270, 270]; the title
/// 15 pt -> 20 pt.
@Suite("T12: an album tile zooms into its page, re-laid out")
struct AlbumZoomTests {
  @Test func midFlightTheArtworkIsBetweenItsTwoPlaces() throws {
    let doc = try Catalog.load("t12-album-zoom")
    let clip = try Clip(document: doc, scale: 1)
    // Some frame where the double is in flight, part way (its height strictly between the two).
    var found = false
    // (The flight starts after the 0.2 s hold: frame 12 at 60 fps.)
    for n in 12..<clip.frameCount {
      let root = clip.layerTree(frame: n)
      guard let lifted = root.sublayers.first(where: { $0.name == "matched:library.a3" }) else { continue }
      let h = lifted.frame.height
      guard h > 300, h < 700 else { continue }
      found = true
      // Its layout fraction, from its height (the largest change, 221 -> 761).
      let f = (h - 221) / (761 - 221)
      #expect(abs(lifted.frame.width - (171 + (390 - 171) * f)) < 1e-6)
      // The pairs keep their ids as layer names (the page's back and more buttons come first).
      let artwork = try #require(lifted.sublayers.first { $0.name == "artwork" })
      #expect(abs(artwork.frame.minX - 60 * f) < 1e-6 && abs(artwork.frame.minY - 99 * f) < 1e-6)
      #expect(abs(artwork.frame.width - (171 + 99 * f)) < 1e-6)
      // The title's snapshot scale: 1 + (20 / 15 - 1) f.
      let title = try #require(lifted.sublayers.first { $0.name == "title" })
      #expect(abs(title.transform.a - (1 + (20.0 / 15 - 1) * f)) < 1e-9)
      // The tile itself is hidden while its double flies.
      let library = try #require(root.sublayers.first { $0.name == "library" })
      #expect(library.sublayers.contains { $0.name == "a3" && $0.isHidden })
      break
    }
    #expect(found)
  }
}
