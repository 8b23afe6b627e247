import Foundation
import Geometry
import Scene
import Stage
import Testing

/// T10's `dark` variant on an iPhone 14 (docs/catalog.md, T10), pixel by pixel at scale 1:
/// the sheet at UIKit's elevated level, its grabber tertiaryLabel's dark value, and the map's
/// chosen dark land, seen whole at small and receded (scale 358/390, ty 12.374, dimmed 0.1)
/// on black at large.
@Suite struct MapsSheetDarkTests {
  static func close(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (Double, Double, Double), _ what: String) {
    #expect(abs(Double(p.r) - c.0) <= 1 && abs(Double(p.g) - c.1) <= 1 && abs(Double(p.b) - c.2) <= 1, "\(what): \(p) vs \(c)")
  }

  @Test func darkSheetAndMap() throws {
    let clip = try Clip(document: try Catalog.load("t10-maps-sheet", variant: "dark"), scale: 1)
    // At small: map point (250, 150) (the map is centred: screen = map − (20, 44)) is land,
    // #242426.
    let first = clip.bitmap(frame: 0)
    Self.close(first.pixel(x: 230, y: 106), (36, 36, 38), "land at small")
    let last = clip.bitmap(frame: clip.frameCount - 1)
    // At large (top 57): the sheet is systemGroupedBackground elevated, #1C1C1E, left of its
    // search field; the Favourites card secondarySystemGroupedBackground elevated, #2C2C2E.
    Self.close(last.pixel(x: 8, y: 157), (28, 28, 30), "sheet")
    Self.close(last.pixel(x: 21, y: 255), (44, 44, 46), "card")
    // The grabber (36 x 5 at y 62...67): #EBEBF5 at 30 % over #1C1C1E.
    Self.close(last.pixel(x: 195, y: 64), (28 + 0.3 * 207, 28 + 0.3 * 207, 30 + 0.3 * 215), "grabber")
    // Between the receded map's top (47) and the sheet's (57): black beside the map (x < 16),
    // and on it the land (map y = (52.5 − 12.374 − 422) · 390/358 + 422 ≈ 6, x 215: between
    // roads) at 0.9 of #242426 under the dimming.
    Self.close(last.pixel(x: 4, y: 52), (0, 0, 0), "canvas around the receded map")
    Self.close(last.pixel(x: 195, y: 52), (36 * 0.9, 36 * 0.9, 38 * 0.9), "receded land")
  }
}
