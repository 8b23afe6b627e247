import Foundation
import Geometry
import Scene
import Testing

/// Issue 10's review, small things: T1's floating card follows the display's corner curve,
/// and single-height sheets show no grabber.
@Suite("T1 card corners and T9 / T3 grabbers")
struct SheetAndCardCornersTests {
  /// T1's card is inset 12 pt from the screen's sides: its corners are concentric with the
  /// display's at that inset, radius = the device's display corner radius (47.33 pt on the
  /// iPhone 14) - 12 = 35.33 pt, on the continuous curve.
  @Test func t1CardIsConcentricWithTheDisplay() throws {
    let doc = try Catalog.load("t1-modal-card")
    let card = try #require(doc.view("modal", id: "card"))
    #expect(doc.canvas.device.displayCornerRadius == 47.33)
    #expect(card.frame.minX == 12 && card.frame.maxX == doc.canvas.size.width - 12)
    #expect(abs(card.cornerRadius - (47.33 - 12)) < 1e-9)
    #expect(card.cornerCurve == .continuous)
  }

  /// A sheet with one height (one detent) has no grabber: UISheetPresentationController shows
  /// one only when `prefersGrabberVisible`, which the HIG suggests for resizable sheets. T9's
  /// system sheet and T3's tags sheet have one height each: no 36 x 5 capsule near their top.
  @Test(arguments: [("t9-system-sheet", "newAlbum"), ("t3-tags-sheet", "tags")])
  func singleHeightSheetsHaveNoGrabber(_ stem: String, _ screen: String) throws {
    let doc = try Catalog.load(stem)
    let root = try #require(doc.view(screen))
    func capsules(_ v: SceneView) -> [SceneView] {
      (v.frame.width == 36 && v.frame.height == 5 ? [v] : []) + v.subviews.flatMap(capsules)
    }
    #expect(capsules(root).isEmpty)
    #expect(doc.view(screen, id: "grabber") == nil)
  }
}
