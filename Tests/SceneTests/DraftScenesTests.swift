import Foundation
import Geometry
import Testing
@testable import Scene

@Suite struct DraftScenesTests {
  static let drafts = [
    "t1-modal-card", "t2-photos-drag-to-dismiss", "t2-photos-open", "t3-tags-sheet", "t4-reveal-push",
    "t5-card-presentation", "t6-swipe-back", "t7-tab-switch", "t8-player", "t9-system-sheet",
  ]

  @Test(arguments: drafts) func draftLoads(_ name: String) throws {
    let path = Fixture.repository + "/Tests/SceneTests/Fixtures/drafts/\(name).yaml"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for variant in [nil] + SceneLoader.variantNames(path: path) {
      switch load(text, variant: variant) {
      case .success: break
      case .failure(let message): Issue.record("\(name) \(variant ?? ""):\n\(message)")
      }
    }
  }
}

@Suite struct PhotosDraftTests {
  let text = try! String(contentsOfFile: Fixture.repository + "/Tests/SceneTests/Fixtures/drafts/t2-photos-drag-to-dismiss.yaml", encoding: .utf8)

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
    #expect(i.complete == .timing(.spring(duration: 0.37, dampingRatio: 0.9), handOffVelocity: .none))
    #expect(i.cancel == .timing(.spring(duration: 0.45, dampingRatio: 0.75), handOffVelocity: .none))
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
    #expect(doc.transition.interaction?.complete == .timing(.spring(duration: 0.37, dampingRatio: 0.7), handOffVelocity: .none))
  }
}

/// The catalog's numbers, read back from the drafts' models.
@Suite struct CatalogDraftTests {
  func draft(_ name: String, variant: String? = nil) -> SceneDocument? {
    let text = try! String(contentsOfFile: Fixture.repository + "/Tests/SceneTests/Fixtures/drafts/\(name).yaml", encoding: .utf8)
    return load(text, variant: variant).document
  }

  @Test func t1DismissIsThePresentationReversed() throws {
    let present = try #require(draft("t1-modal-card"))
    let dismiss = try #require(draft("t1-modal-card", variant: "dismiss"))
    #expect(present.transition.above == "card" && dismiss.transition.above == "card")
    #expect(present.transition.tracks[0].from == .number(420) && present.transition.tracks[0].to == .number(0))
    #expect(dismiss.transition.tracks[0].from == .number(0) && dismiss.transition.tracks[0].to == .number(420))
    #expect(dismiss.transition.timing == .curve(.easeIn, duration: 0.32))
    // black at 0.4: 0x66 / 255
    #expect(present.transition.tracks[1].to == .color(Color(red: 0, green: 0, blue: 0, alpha: 0.4)))
  }

  @Test func t3ReleaseRuleAndVariants() throws {
    let doc = try #require(draft("t3-tags-sheet"))
    let i = try #require(doc.transition.interaction)
    // complete when v > 300 || (y > D/2 && v > -300), D = 400
    let rule = i.release
    func decide(v: Double, y: Double) -> Bool {
      rule.completes { q in q == .velocityY ? v : q == .translationY ? y : y / 400 }
    }
    #expect(decide(v: 301, y: 0) && !decide(v: 300, y: 0))
    #expect(decide(v: -299, y: 201) && !decide(v: -301, y: 201) && !decide(v: 0, y: 200))
    #expect(i.complete == .timing(.spring(duration: 0.5, dampingRatio: 1), handOffVelocity: .progress))
    let second = try #require(draft("t3-tags-sheet", variant: "secondTouch")?.transition.interaction)
    #expect(second.gesture.map(\.phase) == [.down, .move, .up, .down, .move, .up])
    let scroll = try #require(draft("t3-tags-sheet", variant: "scrollFirst"))
    let list = try #require(scroll.transition.interaction?.scrollView)
    #expect(scroll.view(at: list)?.bounds.origin == Point(0, 120))
  }

  @Test func t4ProgressClampAndMask() throws {
    let doc = try #require(draft("t4-reveal-push"))
    let i = try #require(doc.transition.interaction)
    #expect(i.progress == ProgressSpec(direction: .horizontal, distance: 200, clamp: 0.01...0.99))
    #expect(i.complete == .remaining && i.cancel == .remaining)
    #expect(doc.screen(named: "second")?.view.mask == .circle(center: Point(319, 719), radius: 0))
  }

  @Test func t5PullDownResetsNegativeTranslation() throws {
    let doc = try #require(draft("t5-card-presentation", variant: "pullDown"))
    #expect(doc.transition.kind == .dismiss && doc.transition.above == "card")
    #expect(doc.transition.interaction?.progress.negative == .reset)
    // reversed: the presenting screen goes back from 0.9 to 1
    let scale = try #require(doc.transition.tracks.first { $0.property == .scale })
    #expect(scale.from == .number(0.9) && scale.to == .number(1))
  }

  @Test func t9SheetPreset() throws {
    let doc = try #require(draft("t9-system-sheet"))
    let t = doc.transition
    #expect(t.preset == .sheet && t.above == "sheet")
    #expect(t.timing == .spring(duration: 0.5, dampingRatio: 1))
    let sheet = try #require(doc.screen(named: "sheet")?.view)
    #expect(sheet.frame == Rect(0, 57, 390, 787) && sheet.cornerRadius == 10 && sheet.maskedCorners == .top)
    let s = (390.0 - 32) / 390
    let scale = try #require(t.tracks.first { $0.target.screen == "home" && $0.property == .scale })
    #expect(scale.to == .number(s))
    let move = try #require(t.tracks.first { $0.target.screen == "home" && $0.property == .translationY })
    #expect(move.to == .number(47 - (1 - s) * 844 / 2))
    let dismiss = try #require(draft("t9-system-sheet", variant: "dismiss"))
    #expect(dismiss.transition.above == "sheet")
    #expect(dismiss.transition.tracks.first { $0.property == .scale }?.from == .number(s))
  }

  @Test func trackValuesInterpolateAndExtrapolate() {
    let track = Track(target: ViewPath(text: "a", screen: "a", indices: []), property: .opacity,
      keyframes: [Keyframe(at: 0, value: .number(0)), Keyframe(at: 0.5, value: .number(1)), Keyframe(at: 1, value: .number(0.5))])
    #expect(track.value(at: 0.25) == .number(0.5))
    #expect(track.value(at: 0.75) == .number(0.75))
    #expect(abs(track.value(at: 1.1).number! - 0.4) < 1e-12)  // the last segment extended (spring overshoot)
    #expect(track.value(at: -0.1) == .number(-0.2))
  }
}
