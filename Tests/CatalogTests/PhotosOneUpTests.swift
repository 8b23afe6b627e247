import Foundation
import Geometry
import Scene
import Testing

/// T2's one-up view wears iOS 17 Photos' chrome (issue #24): a two-line title (the day over
/// the time) with Edit at the trailing margin, the strip of the library's thumbnails over the
/// toolbar, and toolbar glyphs as thin as iOS's regular ones. Checked in all three T2 scenes
/// on every device model, from the loaded documents.
///
/// The glyph weight, by hand from docs/symbols.md: a design unit is pointSize × (1490 / 2048)
/// / 100 × 1.28 pt at large scale, and regular's stroke is 11.5 units, so UIKit's bar glyph
/// (17 pt, regular, large) has a stroke of 11.5 × 17 × 0.727539 / 100 × 1.28 = 1.8206 pt. The
/// built-in `toolbar` scales each glyph up to the HIG's 22 pt box and keeps that stroke: each
/// drawn glyph must fill its box and have strokes of 1.8206 pt.
@Suite("T2: Photos' one-up chrome")
struct PhotosOneUpTests {
  static let stems = ["t2-photos-drag-to-dismiss", "t2-photos-push", "t2-photos-pop"]
  static let regularStroke = 11.5 * 17 * (1490.0 / 2048) / 100 * 1.28

  static func text(_ v: SceneView?) -> String? {
    if case .text(let t)? = v?.content { return t.string }
    return nil
  }

  @Test("two-line title and Edit in the bar", arguments: stems)
  func titleAndEdit(_ stem: String) throws {
    for d in DeviceLayoutTests.devices {
      let doc = try Catalog.load(stem, sets: ["device=\(d.model)"])
      let W = d.width
      #expect(Self.text(doc.view("detail", id: "titleDay")) == "Today")
      #expect(Self.text(doc.view("detail", id: "titleTime")) == "9:41 AM")
      #expect(Self.text(doc.view("detail", id: "edit")) == "Edit")
      let day = try #require(doc.view("detail", id: "titleDay")), time = try #require(doc.view("detail", id: "titleTime"))
      let edit = try #require(doc.view("detail", id: "edit"))
      // Both lines centred on the bar, one above the other inside its 44 pt; Edit on the margin.
      #expect(abs(day.frame.midX - W / 2) < 1e-9 && abs(time.frame.midX - W / 2) < 1e-9)
      #expect(day.frame.minY >= 0 && day.frame.maxY <= time.frame.minY && time.frame.maxY <= 44)
      #expect(abs(edit.frame.maxX - (W - 16)) < 1e-9)
    }
  }

  @Test("the thumbnail strip shows the grid's photos in order, the open one centred", arguments: stems)
  func strip(_ stem: String) throws {
    for d in DeviceLayoutTests.devices {
      let doc = try Catalog.load(stem, sets: ["device=\(d.model)"])
      let strip = try #require(doc.view("detail", id: "strip"))
      let grid = try #require(doc.view("grid", id: "cells"))
      func asset(_ v: SceneView) -> String? { if case .image(let a, _)? = v.content { return a } else { return nil } }
      let shown = strip.subviews.sorted { $0.frame.minX < $1.frame.minX }
      let gridAssets = grid.subviews.compactMap(asset)
      // The strip runs through the grid's order, the fig (cell 8) in the middle.
      let names = shown.compactMap(asset)
      let start = try #require(gridAssets.firstIndex(of: names[0]))
      #expect(Array(gridAssets[start..<min(gridAssets.count, start + names.count)]) == names, "\(names)")
      let current = try #require(doc.view("detail", id: "current"))
      #expect(asset(current) == "fig" && abs(current.frame.midX - d.width / 2) < 1e-9)
      // 3:2 like the photo, 40 pt tall like the others; the strip reaches both edges.
      #expect(abs(current.frame.width / current.frame.height - 1.5) < 1e-9)
      #expect((shown.first?.frame.minX ?? 1) <= 0 && (shown.last?.frame.maxX ?? 0) >= d.width, "\(d.model)")
      // No overlaps: each thumbnail starts after the previous one ends.
      for (a, b) in zip(shown, shown.dropFirst()) { #expect(b.frame.minX >= a.frame.maxX, "\(d.model)") }
    }
  }

  @Test("toolbar glyphs fill the HIG's box with a regular 17 pt stroke", arguments: stems)
  func glyphWeight(_ stem: String) throws {
    let doc = try Catalog.load(stem)
    let toolbar = try #require(doc.view("detail", id: "toolbar"))
    // The built-in toolbar's glyphs: the views below it whose parts are all paths.
    var glyphs: [SceneView] = []
    func collect(_ v: SceneView) {
      if !v.subviews.isEmpty && v.subviews.allSatisfy({ if case .path? = $0.content { true } else { false } }) { glyphs.append(v) } else { v.subviews.forEach(collect) }
    }
    collect(toolbar)
    #expect(glyphs.count == 4)
    for (i, g) in glyphs.enumerated() {
      // The ink box: every part is laid out in it (SceneView.symbolParts).
      let ink = g.subviews[0].frame.size
      let aspect = ink.width / ink.height
      let box: Size = aspect >= 1.2 ? Size(28, 22) : aspect <= 1 / 1.2 ? Size(22, 28) : Size(22, 22)
      #expect(abs(max(ink.width / box.width, ink.height / box.height) - 1) < 0.01, "glyph \(i): ink \(ink.width) x \(ink.height) in \(box.width) x \(box.height)")
      let strokes = g.subviews.compactMap { s -> Double? in
        if case .path(let p)? = s.content, p.stroke != nil { return p.lineWidth } else { return nil }
      }
      #expect(strokes.contains { abs($0 - Self.regularStroke) < 1e-6 }, "glyph \(i): strokes \(strokes), 17 pt regular \(Self.regularStroke)")
    }
  }
}
