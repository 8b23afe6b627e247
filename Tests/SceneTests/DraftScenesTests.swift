import Foundation
import Testing
@testable import Scene

@Suite struct DraftScenesTests {
  static let drafts = ["t2-photos-drag-to-dismiss"]

  @Test(arguments: drafts) func draftLoads(_ name: String) throws {
    let path = Fixture.repository + "/docs/drafts/\(name).yaml"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    switch load(text) {
    case .success: break
    case .failure(let message): Issue.record("\(name):\n\(message)")
    }
  }
}

@Suite struct PhotosDraftTests {
  let text = try! String(contentsOfFile: Fixture.repository + "/docs/drafts/t2-photos-drag-to-dismiss.yaml", encoding: .utf8)

  @Test func t2Model() throws {
    let doc = try #require(load(text).document)
    #expect(doc.title == "Photos drag to dismiss")
    #expect(doc.canvas.pixelWidth == 1170 && doc.canvas.pixelHeight == 2532)
    #expect(doc.screens.map(\.name) == ["grid", "detail"])
    let t = doc.transition
    #expect(t.kind == .pop && t.from == "detail" && t.to == "grid" && t.above == "detail")
    // grid.cells[3]: the photo grid is the grid screen's first subview; cell 3 is row 1, column 0.
    let m = try #require(t.matched.first)
    #expect(m.source.indices == [0] && m.destination.indices == [0, 3])
    let cell = try #require(doc.view(at: m.destination))
    let side = (390.0 - 2 * 2) / 3
    #expect(isClose(cell.frame, .init(0, side + 2, side, side)))
    #expect(cell.content == .image(asset: "astronaut", contentMode: .aspectFill))
    // The tab bar is 83 pt tall at the bottom.
    let tabs = try #require(doc.view(at: t.tracks[0].target))
    #expect(tabs.id == "tabs" && tabs.frame == .init(0, 844 - 83, 390, 83))
    #expect(t.tracks[0].property == .translationY && t.tracks[0].from == .number(83) && t.tracks[0].to == .number(0))
    let i = try #require(t.interaction)
    #expect(i.gesture.map(\.phase) == [.down, .move, .move, .up])
    #expect(i.gesture[3].point == .init(218, 600))
    #expect(i.progress == ProgressSpec(direction: .down, distance: 200))
    #expect(i.follow == [Follow(target: .matched(0), axes: .xy, scaleFrom: 1, scaleTo: 0.68, translationSpace: .scaled)])
    #expect(i.release.anyOf == [[.init(.velocityY, .greater, 0), .init(.progress, .greater, 0.1)]])
    #expect(i.complete == .timing(.spring(duration: 0.37, dampingRatio: 0.9), handOffVelocity: false))
    #expect(i.cancel == .timing(.spring(duration: 0.45, dampingRatio: 0.75), handOffVelocity: false))
    #expect(i.background?.timing == .spring(duration: 1, dampingRatio: 1))
    #expect(i.background?.continuation == .matchForeground)
    #expect(i.background?.tracks.first?.property == .backgroundOpacity)
  }

  @Test func cancellingVariant() throws {
    let doc = try #require(load(text, variant: "cancelling").document)
    #expect(doc.variant == "cancelling")
    #expect(doc.transition.interaction?.gesture[3].point == .init(214, 520))
    #expect(doc.transition.interaction?.gesture[2].point == .init(210, 500))
  }

  @Test func setOverride() throws {
    let doc = try #require(load(text, sets: ["transition.interactive.complete.spring.dampingRatio=0.7", "canvas.fps=30"]).document)
    #expect(doc.canvas.fps == 30)
    #expect(doc.transition.interaction?.complete == .timing(.spring(duration: 0.37, dampingRatio: 0.7), handOffVelocity: false))
  }
}
