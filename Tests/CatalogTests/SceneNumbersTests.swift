import Foundation
import Geometry
import Scene
import Testing

/// Every shipped scene loads, and holds the numbers of ../shared/TRANSITIONS.md (written
/// here as the catalog states them, not read back from the scene).
@Suite("Catalog scenes hold the catalog's numbers")
struct SceneNumbersTests {
  @Test("every scene and every variant validates")
  func everySceneValidates() throws {
    let files = Catalog.files
    #expect(files.count >= 9)
    for file in files {
      for variant in [nil] + SceneLoader.variantNames(path: file).map(Optional.some) {
        do {
          let document = try SceneLoader.load(path: file, variant: variant)
          #expect(document.canvas.size == Size(390, 844), "\(file)")
          #expect(document.canvas.scale == 3, "\(file)")
          #expect(document.canvas.fps == 60, "\(file)")
        } catch {
          Issue.record("\(file) \(variant ?? ""):\n\(error)")
        }
      }
    }
  }

  @Test("T1 to T10 each ship at least one scene named after the id")
  func everyEntryShips() {
    let stems = Catalog.files.map { ($0 as NSString).lastPathComponent }
    for id in 1...10 {
      #expect(stems.contains { $0.hasPrefix("t\(id)-") }, "no scene for T\(id)")
    }
    for required in ["t2-photos-drag-to-dismiss", "t2-photos-push", "t2-photos-pop", "t3-tags-sheet"] {
      #expect(stems.contains(required + ".yaml"))
    }
  }

  @Test("T1: card offscreen by screenHeight - card.minY + 20, black 0.4, spring 0.44/0.82, dismiss easeIn 0.32")
  func t1() throws {
    let d = try Catalog.load("t1-modal-card")
    let card = try #require(d.view("modal", id: "card"))
    let offscreen = try #require(d.track("modal.card", .translationY))
    #expect(offscreen.from == .number(844 - card.frame.minY + 20))
    #expect(offscreen.to == .number(0))
    let background = try #require(d.track("modal", .backgroundColor))
    #expect(background.from.color?.alpha == 0)
    let dim = try #require(background.to.color)
    #expect(dim.red == 0 && dim.green == 0 && dim.blue == 0 && abs(dim.alpha - 0.4) < 1e-9)
    let spring = try #require(d.transition.timing.uikitSpring)
    #expect(spring == (0.44, 0.82))
    #expect(d.transition.kind == .present)

    let dismiss = try Catalog.load("t1-modal-card", variant: "dismiss")
    #expect(dismiss.transition.kind == .dismiss)
    let curve = try #require(dismiss.transition.timing.cubic)
    #expect(curve.curve == .easeIn && curve.duration == 0.32)
    // Reversed: it starts presented and ends offscreen.
    #expect(dismiss.track("modal.card", .translationY)?.from == .number(0))
    #expect(dismiss.track("modal.card", .translationY)?.to == .number(844 - card.frame.minY + 20))
  }

  @Test("T2: p = dy / 200, scale to 0.68 in scaled space, release and settle springs, background animator")
  func t2() throws {
    let d = try Catalog.load("t2-photos-drag-to-dismiss")
    let i = try #require(d.transition.interaction)
    #expect(i.progress.direction == .down && i.progress.distance == 200 && i.progress.clamp == 0...1)
    let follow = try #require(i.follow.first)
    #expect(follow.target == .matched(0) && follow.axes == .xy)
    #expect(follow.scaleFrom == 1 && follow.scaleTo == 0.68 && follow.translationSpace == .scaled)
    #expect(i.release.anyOf == [[.init(.velocityY, .greater, 0), .init(.progress, .greater, 0.1)]])
    guard case .timing(let complete, _) = i.complete, case .timing(let cancel, _) = i.cancel else {
      Issue.record("T2 settles must be springs"); return
    }
    #expect(complete.uikitSpring! == (0.37, 0.90))
    #expect(cancel.uikitSpring! == (0.45, 0.75))
    let background = try #require(i.background)
    #expect(background.timing.uikitSpring! == (1, 1))
    #expect(background.continuation == .matchForeground)
    #expect(background.tracks.contains { $0.target.text == "detail" && $0.property == .opacity && $0.to == .number(0) })
    #expect(background.tracks.contains { $0.target.text == "grid.tabs" && $0.property == .translationY })

    // The photo flies into its own cell: the destination cell shows the same asset.
    let matched = try #require(d.transition.matched.first)
    let source = try #require(d.view(at: matched.source)), destination = try #require(d.view(at: matched.destination))
    guard case .image(let a, .aspectFit)? = source.content, case .image(let b, .aspectFill)? = destination.content else {
      Issue.record("expected an aspect-fit photo flying into an aspect-fill cell"); return
    }
    #expect(a == b)
    // The grid has 3 columns with 2 pt spacing: cells (390 - 4) / 3 wide.
    #expect(abs(destination.frame.width - (390 - 4) / 3) < 1e-9)

    // Cancelling: released moving up.
    let c = try Catalog.load("t2-photos-drag-to-dismiss", variant: "cancelling")
    let g = try #require(c.transition.interaction?.gesture)
    #expect(g.last!.phase == .up && g.last!.point.y < g[g.count - 2].point.y)
  }

  @Test("T3: D is the sheet's travel, the flick-or-halfway rule, 0.5 s springs with the hand-off")
  func t3() throws {
    let d = try Catalog.load("t3-tags-sheet")
    let sheet = try #require(d.view("tags", id: "sheet"))
    let D = 844 - sheet.frame.minY
    let i = try #require(d.transition.interaction)
    #expect(i.progress.distance == D)
    #expect(d.track("tags.sheet", .translationY)?.to == .number(D))
    #expect(
      i.release.anyOf == [
        [.init(.velocityY, .greater, 300)],
        [.init(.translationY, .greater, D / 2), .init(.velocityY, .greater, -300)],
      ])
    for settle in [i.complete, i.cancel] {
      guard case .timing(let t, let handOff) = settle else { Issue.record("T3 settles are springs"); continue }
      #expect(t.uikitSpring! == (0.5, 1.0) && handOff == .progress)
    }
    #expect(i.scrollView != nil)
    let scroll = try Catalog.load("t3-tags-sheet", variant: "scroll")
    let list = try #require(scroll.view("tags", id: "list"))
    #expect(list.bounds.origin.y == 160)
    let second = try Catalog.load("t3-tags-sheet", variant: "second-touch")
    #expect(second.transition.interaction!.gesture.filter { $0.phase == .down }.count == 2)
  }

  @Test("T4: p = clamp(|tx| / 200, 0.01, 0.99), a circle from the button to past the far corner")
  func t4() throws {
    let d = try Catalog.load("t4-reveal-push")
    let i = try #require(d.transition.interaction)
    #expect(i.progress.direction == .horizontal && i.progress.distance == 200 && i.progress.clamp == 0.01...0.99)
    #expect(i.release.anyOf == [[.init(.progress, .greaterOrEqual, 0.5)]])
    #expect(i.complete == .remaining && i.cancel == .remaining)
    let button = try #require(d.view("start", id: "button"))
    guard case .circle(let centre, _)? = d.view("launch")?.mask else { Issue.record("no circle mask"); return }
    #expect(centre == button.frame.center)
    let track = try #require(d.track("launch", .maskRadius))
    // Nothing shows before the pan; at the first touch (p = 0.01) the circle is the button.
    #expect(track.value(at: 0) == .number(0) && track.value(at: 0.01) == .number(button.frame.width / 2))
    let radius = try #require(track.to.number)
    let farthest = [Point(0, 0), Point(390, 0), Point(0, 844), Point(390, 844)]
      .map { ($0.x - centre.x) * ($0.x - centre.x) + ($0.y - centre.y) * ($0.y - centre.y) }.max()!.squareRoot()
    #expect(radius >= farthest)
  }

  @Test("T5: dim 0 -> 0.7, scale 1 -> 0.9, card at y = 50 with 6 pt top corners, 0.4 s easeOut; pull down p = ty / height")
  func t5() throws {
    let d = try Catalog.load("t5-card-presentation")
    let card = try #require(d.view("compose"))
    #expect(card.frame == Rect(0, 50, 390, 844 - 50))
    #expect(card.cornerRadius == 6 && card.maskedCorners == .top && card.clipsToBounds)
    #expect(d.track("home", .dimming).map { [$0.from, $0.to] } == [.number(0), .number(0.7)])
    #expect(d.track("home", .scale).map { [$0.from, $0.to] } == [.number(1), .number(0.9)])
    #expect(d.track("compose", .translationY).map { [$0.from, $0.to] } == [.number(844 - 50), .number(0)])
    let present = try #require(d.transition.timing.cubic)
    #expect(present.curve == .easeOut && present.duration == 0.4)
    let dismiss = try Catalog.load("t5-card-presentation", variant: "dismiss")
    let linear = try #require(dismiss.transition.timing.cubic)
    #expect(linear.curve == .linear && linear.duration == 0.4)
    #expect(dismiss.track("home", .scale).map { [$0.from, $0.to] } == [.number(0.9), .number(1)])

    let pull = try Catalog.load("t5-card-pull-down-to-close")
    let i = try #require(pull.transition.interaction)
    #expect(i.progress.direction == .down && i.progress.distance == 844 - 50 && i.progress.negative == .reset)
    #expect(i.release.anyOf == [[.init(.progress, .greaterOrEqual, 0.4)]])
    #expect(i.complete == .remaining && i.cancel == .remaining)
    #expect(pull.transition.timing.cubic!.curve == .linear)
  }

  @Test("T6: destination from -width/2, leaving screen to width with a 4 pt shadow at 0.8, 0.4 s linear, p = tx / width")
  func t6() throws {
    let d = try Catalog.load("t6-full-page-swipe-back")
    #expect(d.track("albums", .translationX).map { [$0.from, $0.to] } == [.number(-195), .number(0)])
    #expect(d.track("album", .translationX).map { [$0.from, $0.to] } == [.number(0), .number(390)])
    let shadow = try #require(d.view("album")?.shadow)
    #expect(shadow.opacity == 0.8)
    guard case .rect(let r, _) = shadow.path else { Issue.record("no shadow path"); return }
    #expect(r.width == 4 && r.maxX == 0)
    let timing = try #require(d.transition.timing.cubic)
    #expect(timing.curve == .linear && timing.duration == 0.4)
    let i = try #require(d.transition.interaction)
    #expect(i.progress.direction == .right && i.progress.distance == 390 && i.progress.negative == .reset)
    #expect(i.release.anyOf == [[.init(.progress, .greaterOrEqual, 0.4)]])
  }

  @Test("T7, T8, T9: crossfade 0.4 s, linear tracking under the finger, the sheet preset")
  func t7t8t9() throws {
    let t7 = try Catalog.load("t7-tab-crossfade")
    #expect(t7.transition.kind == .tabSwitch && t7.transition.timing.cubic?.duration == 0.4)
    #expect(t7.track("forYou", .opacity).map { [$0.from, $0.to] } == [.number(0), .number(1)])

    let t8 = try Catalog.load("t8-pull-up-player")
    #expect(t8.transition.timing.cubic?.curve == .linear)
    let i = try #require(t8.transition.interaction)
    let mini = try #require(t8.view("home", id: "mini"))
    // The player's top starts at the mini bar and moves 1 pt per pt of finger travel.
    #expect(i.progress.direction == .up && i.progress.distance == mini.frame.minY)
    #expect(t8.track("player", .translationY).map { [$0.from, $0.to] } == [.number(mini.frame.minY), .number(0)])
    #expect(t8.track("player", .opacity).map { [$0.from, $0.to] } == [.number(0), .number(1)])

    let t9 = try Catalog.load("t9-system-sheet")
    #expect(t9.transition.preset == .sheet && t9.transition.kind == .present)
    #expect(t9.track("library", .scale)?.to.number.map { $0 < 1 } == true)
    #expect(t9.track("library", .cornerRadius)?.to.number.map { $0 > 0 } == true)
  }
}
