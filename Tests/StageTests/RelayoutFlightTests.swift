import Geometry
import Raster
import Scene
import Testing
@testable import Stage

/// A matched view with `subviews: relayout` (Fixtures/relayout.yaml): every expected value is
/// computed by hand from the fixture's numbers. Tile [20, 100, 100, 140] -> page [0, 0, 300, 600];
/// box [0, 0, 100, 100] r 8 -> [50, 60, 200, 200] r 20; label "Hi" 10 pt in [0, 108, 100, 20] ->
/// 20 pt in [20, 280, 260, 40], centred; `only` (tile) fades out, `extra` (page) fades in.
@Suite struct RelayoutFlightTests {
  func flight() throws -> (RelayoutFlight, Clip) {
    let clip = try Fixtures.clip("relayout.yaml")
    let screens = clip.document.screens
    let tile = try #require(screens[0].view.descendant(at: [0])), page = try #require(screens[1].view.descendant(at: [0]))
    return (RelayoutFlight(source: tile, destination: page), clip)
  }

  func close(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
  }

  @Test func halfwayByHand() throws {
    let v = try flight().0.view(at: 0.5, cornerRadius: 14)
    // Size: (100 + 300) / 2 x (140 + 600) / 2.
    #expect(v.bounds.size == Size(200, 370))
    // White from clear: alpha 0.5.
    #expect(v.backgroundColor == Color(red: 1, green: 1, blue: 1, alpha: 0.5))
    #expect(v.subviews.map(\.id) == ["box", "name", "extra", "only"])
    let box = v.subviews[0], name = v.subviews[1], extra = v.subviews[2], only = v.subviews[3]
    // (0 + 50) / 2, (0 + 60) / 2, (100 + 200) / 2, radius (8 + 20) / 2.
    #expect(close(box.frame, Rect(x: 25, y: 30, width: 150, height: 150)))
    #expect(box.cornerRadius == 14)
    // The label's frame halfway is [10, 194, 180, 30]; centred text keeps its centre (100, 209)
    // and the 10 pt snapshot is scaled by 1 + (20 / 10 - 1) / 2 = 1.5: 15 pt text, 150 x 30.
    #expect(name.position == Point(100, 209))
    #expect(name.anchorPoint == Point(0.5, 0.5))
    #expect(name.bounds.size == Size(100, 20))
    #expect(name.transform.scale == Point(1.5, 1.5))
    if case .text(let t)? = name.content { #expect(t.fontSize == 10) } else { Issue.record("no label") }
    #expect(only.opacity == 0.5 && close(only.frame, Rect(x: 0, y: 130, width: 100, height: 10)))
    #expect(extra.opacity == 0.5 && close(extra.frame, Rect(x: 0, y: 400, width: 300, height: 100)))
  }

  @Test func theEndsAreTheTwoLayouts() throws {
    let (flight, _) = try flight()
    let start = flight.view(at: 0, cornerRadius: 0), end = flight.view(at: 1, cornerRadius: 0)
    #expect(start.bounds.size == Size(100, 140) && end.bounds.size == Size(300, 600))
    #expect(close(start.subviews[0].frame, Rect(x: 0, y: 0, width: 100, height: 100)))
    #expect(close(end.subviews[0].frame, Rect(x: 50, y: 60, width: 200, height: 200)))
    #expect(start.subviews[0].cornerRadius == 8 && end.subviews[0].cornerRadius == 20)
    // The label: at 0 the source's frame at scale 1; at 1 centred in the page's frame, 2x:
    // 200 x 40 about (150, 300), the page's 20 pt text in its 40 pt line.
    #expect(start.subviews[1].position == Point(50, 118) && start.subviews[1].transform.scale == Point(1, 1))
    #expect(end.subviews[1].position == Point(150, 300) && end.subviews[1].transform.scale == Point(2, 2))
    #expect(start.subviews[2].opacity == 0 && start.subviews[3].opacity == 1)
    #expect(end.subviews[2].opacity == 1 && end.subviews[3].opacity == 0)
  }

  @Test func theFractionIsRecoveredFromTheFrame() {
    let from = Rect(x: 20, y: 100, width: 100, height: 140), to = Rect(x: 0, y: 0, width: 300, height: 600)
    for f in [0, 0.25, 0.5, 1, 1.1] {
      #expect(abs(RelayoutFlight.fraction(of: Rect.lerp(from, to, f), from: from, to: to) - f) < 1e-12)
    }
    // A pure move (same size) is measured on the centre.
    let moved = Rect(x: 120, y: 100, width: 100, height: 140)
    #expect(RelayoutFlight.fraction(of: Rect.lerp(from, moved, 0.3), from: from, to: moved) == 0.3)
  }

  @Test func theStagerFliesItAndHidesTheSource() throws {
    let (_, clip) = try flight()
    // Frame 5 is t = 0.5 s of the 1 s linear transition: p = 0.5.
    let root = clip.layerTree(frame: 5)
    #expect(root.sublayers.map(\.name) == ["a", "b", "matched:a.tile"])
    #expect(root.sublayers[0].sublayers[0].isHidden)  // the tile, while its double flies
    #expect(root.sublayers[1].sublayers[0].isHidden)  // the page it flies to
    let lifted = root.sublayers[2]
    // The tile's frame halfway to the page's: [10, 50, 200, 370].
    #expect(close(lifted.frame, Rect(x: 10, y: 50, width: 200, height: 370)))
    #expect(close(lifted.sublayers[0].frame, Rect(x: 25, y: 30, width: 150, height: 150)))
    // Landed: the double is gone, the page shows (the push removed screen a).
    let last = clip.layerTree(frame: clip.frameCount - 1)
    #expect(last.sublayers.map(\.name) == ["b"])
    #expect(!last.sublayers[0].sublayers[0].isHidden)
  }

  @Test func hidesSourceFalseLeavesTheTileShowing() throws {
    let clip = try Fixtures.clip("relayout.yaml", sets: ["transition.matched.hidesSource=false"])
    let root = clip.layerTree(frame: 5)
    #expect(!root.sublayers[0].sublayers[0].isHidden)
    #expect(root.sublayers[1].sublayers[0].isHidden)
  }
}
