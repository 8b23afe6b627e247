import Geometry
import Raster
import Testing
@testable import Stage

@Suite struct StagerTests {
  @Test func trackingFrameTree() throws {
    let (timeline, stager) = try T2Fixture.timeline()
    let root = stager.layerTree(for: timeline.state(frame: 24))
    #expect(root.sublayers.map(\.name) == ["grid", "detail", "matched:detail.photo"])
    #expect(root.backgroundColor == .black)
    let grid = root.sublayers[0], detail = root.sublayers[1], lifted = root.sublayers[2]
    #expect(grid.sublayers[0].isHidden)  // the destination cell waits for the image
    #expect(detail.sublayers[0].isHidden)  // the source photo is lifted out
    #expect(detail.backgroundColor?.alpha == 0.75)
    #expect(grid.sublayers[1].transform == AffineTransform(translationX: 0, y: 83 * 0.75))
    #expect(lifted.frame == T2Fixture.fittedPhoto)
    #expect(lifted.transform.a == 1 - 0.32 * 0.25)
    if case .image(_, let mode)? = lifted.contents { #expect(mode == .aspectFill) } else { Issue.record("no image") }
  }

  @Test func restingTreesBeforeAndAfter() throws {
    let (timeline, stager) = try T2Fixture.timeline()
    let first = stager.layerTree(for: timeline.state(frame: 0))
    #expect(first.sublayers.count == 2)
    #expect(first.sublayers[1].backgroundColor?.alpha == 1)
    #expect(!first.sublayers[1].sublayers[0].isHidden)
    let last = stager.layerTree(for: timeline.state(frame: timeline.frameCount - 1))
    #expect(last.sublayers.count == 2)
    #expect(last.sublayers[1].backgroundColor?.alpha == 0)
    #expect(!last.sublayers[0].sublayers[0].isHidden)  // the cell shows its photo again
    #expect(last.sublayers[0].sublayers[1].transform == .identity)
  }

  @Test func matchedFramesComeFromTheTrees() throws {
    let stager = try Stager(plan: T2Fixture.plan())
    #expect(stager.matchedFrames?.from == T2Fixture.fittedPhoto)
    #expect(stager.matchedFrames?.to == T2Fixture.cellFrame)
  }

  @Test func unknownViewIsAnError() {
    var plan = T2Fixture.plan()
    plan.tracks.append(Track(target: ViewRef(screen: "grid", view: "nope"), property: .opacity, keyframes: Keyframes(from: .number(0), to: .number(1))))
    #expect(throws: StageError.invalidSetting("'grid.nope' refers to view 'nope', which screen 'grid' does not have")) {
      try Stager(plan: plan)
    }
  }

  @Test func nestedGeometryMapsThroughPositionsAndTransforms() {
    var parent = Layer(frame: Rect(x: 10, y: 20, width: 100, height: 100))
    parent.transform = AffineTransform(scaleX: 2, y: 2)  // about the centre (60, 70)
    parent.sublayers = [Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10))]
    var root = Layer(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    root.sublayers = [parent]
    // Child's (0,0) is parent's (0,0) → 50 left/up of the centre → scaled to 100 → (−40, −30).
    let r = root.transform(toAncestorFrom: [0, 0]).apply(Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(r == Rect(x: -40, y: -30, width: 20, height: 20))
  }
}
