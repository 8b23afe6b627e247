import Foundation
import Scene
import TestSupport
import Testing
@testable import Stage

/// The navigation title's slide onto the back button is measured by the Text module when the
/// clip is built (Scene no longer estimates it from a table of advance widths).
@Suite struct NavigationTitleSlideTests {
  /// T2 drag (a pop from "Today" to the grid's "Library"): A is the grid, whose title sits at
  /// the bar's centre (195) and slides to where the detail's back label starts (29 pt in):
  /// d = 29 − (195 − w / 2). By hand, w = Inter SemiBold's advances for "Library" (9577 of
  /// 2816 units per em at 17 pt = 57.82 pt, fontTools hmtx sums) less SF's tracking at 17 pt
  /// (−26/1000 em = −0.442 pt per letter, 6 or 7 gaps); kerning within a point.
  /// (The shipped grid wears Photos' date heading instead of a title, and T2's own tracks
  /// keep the back label still: here the grid gets its old title, "Library", back and the
  /// scene's tracks go, so UIKit's generated pop runs.)
  @Test func t2TitleSlideUsesTheMeasuredWidth() throws {
    let scene = repositoryRoot.appendingPathComponent("Scenes/t2-photos-drag-to-dismiss.yaml").path
    let document = try SceneLoader.load(path: scene, sets: ["screens.grid.subviews[4].navigationBar.title=Library", "transition.tracks=[]"])
    let slide = try #require(document.transition.titleSlide)
    #expect(slide.text.string == "Library" && slide.titleCentre == 195 && slide.backLeft == 29)
    let clip = try Clip(document: document, scale: 1)
    #expect(clip.document.transition.titleSlide == nil)
    let title = try #require(clip.document.transition.tracks.first { $0.target.text == "grid.title" && $0.property == .translationX })
    // A pop runs the push's 0 -> d backwards: d -> 0.
    guard case .number(let d) = title.keyframes.first!.value, case .number(let end) = title.keyframes.last!.value else {
      Issue.record("not a number track"); return
    }
    #expect(end == 0)
    let width = 9577.0 * 17 / 2816 - 6.5 * 0.442
    #expect(abs(d - (29 - (195 - width / 2))) < 1.0, "d = \(d)")
    // The back label moves by the same distance the other way.
    let label = try #require(clip.document.transition.tracks.first { $0.target.text.hasSuffix("back.label") && $0.property == .translationX })
    guard case .number(let l0) = label.keyframes.first!.value, case .number(let l1) = label.keyframes.last!.value else {
      Issue.record("not a number track"); return
    }
    #expect(l0 == 0 && abs(l1 + d) < 1e-9)
  }

  /// A scene's own `translation.x` track on the back label replaces the measured slide: T2
  /// keeps the detail's back label still (the grid's bar has no title for it to slide onto),
  /// and the clip has no generated track for it.
  @Test func sceneTrackReplacesTheTitleSlide() throws {
    let scene = repositoryRoot.appendingPathComponent("Scenes/t2-photos-drag-to-dismiss.yaml").path
    let document = try SceneLoader.load(path: scene)
    let clip = try Clip(document: document, scale: 1)
    let labelTracks = clip.document.transition.tracks.filter { $0.target.screen == "detail" && $0.target.text.hasSuffix("back.label") && $0.property == .translationX }
    #expect(labelTracks.count == 1)
    for track in labelTracks {
      #expect(track.keyframes.allSatisfy { $0.value == .number(0) }, "\(track)")
    }
  }
}
