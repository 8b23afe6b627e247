import Geometry
import Raster
import Scene
import Testing
@testable import Stage

@Suite struct StagerTests {
  @Test func trackingFrameTree() throws {
    let clip = try Fixtures.clip("t2.yaml")
    let root = clip.layerTree(frame: 24)
    #expect(root.sublayers.map(\.name) == ["grid", "detail", "matched:detail.photo"])
    #expect(root.backgroundColor == .black)
    let grid = root.sublayers[0], detail = root.sublayers[1], lifted = root.sublayers[2]
    #expect(grid.sublayers[0].sublayers[3].isHidden)  // the destination cell waits for the image
    #expect(!grid.sublayers[0].sublayers[2].isHidden)
    #expect(detail.sublayers[0].isHidden)  // the source photo is lifted out
    #expect(detail.backgroundColor?.alpha == 0.75)
    #expect(lifted.frame == DragToDismissSimulationTests.fitted)
    #expect(abs(lifted.transform.a - 0.92) < 1e-12)
    #expect(lifted.masksToBounds)
    if case .image(_, let mode)? = lifted.contents { #expect(mode == .aspectFill) } else { Issue.record("no image") }
  }

  @Test func restingTreesBeforeAndAfter() throws {
    let clip = try Fixtures.clip("t2.yaml")
    let first = clip.layerTree(frame: 0)
    #expect(first.sublayers.map(\.name) == ["grid", "detail"])
    #expect(first.sublayers[1].backgroundColor?.alpha == 1)
    #expect(!first.sublayers[1].sublayers[0].isHidden)
    // After a completed pop the detail screen is gone and the cell shows its photo again.
    let last = clip.layerTree(frame: clip.frameCount - 1)
    #expect(last.sublayers.map(\.name) == ["grid"])
    #expect(!last.sublayers[0].sublayers[0].sublayers[3].isHidden)
    #expect(last.sublayers[0].sublayers[1].transform == .identity)
  }

  @Test func cancelledPopRemovesTheGrid() throws {
    let clip = try Fixtures.clip("t2.yaml", sets: ["transition.interactive.gesture[3].point=[214, 520]"])
    let last = clip.layerTree(frame: clip.frameCount - 1)
    #expect(last.sublayers.map(\.name) == ["detail"])
    #expect(last.sublayers[0].backgroundColor?.alpha == 1)
  }

  @Test func nestedGeometryMapsThroughPositionsAndTransforms() {
    var parent = Layer(frame: Rect(x: 10, y: 20, width: 100, height: 100))
    parent.transform = AffineTransform(scaleX: 2, y: 2)  // about the centre (60, 70)
    parent.sublayers = [Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))]
    var root = Layer(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    root.sublayers = [parent]
    // The child's (0, 0) is 50 left of and above the parent's centre → scaled to 100 → (−40, −30).
    let r = root.transform(toAncestorFrom: [0, 0]).apply(Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(r == Rect(x: -40, y: -30, width: 20, height: 20))
  }

  @Test func contentRects() {
    let box = Rect(x: 0, y: 0, width: 100, height: 100)
    #expect(contentRect(imageSize: Size(40, 30), in: box, mode: .aspectFit) == Rect(x: 0, y: 12.5, width: 100, height: 75))
    let fill = contentRect(imageSize: Size(40, 30), in: box, mode: .aspectFill)
    #expect(abs(fill.minX + 50.0 / 3) < 1e-12 && abs(fill.width - 400.0 / 3) < 1e-12 && fill.minY == 0 && fill.height == 100)
    #expect(contentRect(imageSize: Size(40, 30), in: box, mode: .center, scale: 2) == Rect(x: 40, y: 42.5, width: 20, height: 15))
  }
}
