import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// T4's reveal disc no longer pops: at p = 0.01 (where the pan begins, and where a cancel ends)
/// the disc is the button's size and white like it, and the photo fades in over the white
/// while it grows to p = 0.1 (`launch.photo` opacity 0 → 1 over p 0.01 → 0.1), so the white
/// button turns into the photo over several frames instead of one. The disc is opaque
/// throughout: the purple screen never shows through it.
@Suite("T4: the reveal disc crossfades from the button", .serialized)
struct RevealDiscCrossfadeTests {
  func rgb(_ b: Bitmap, _ x: Double, _ y: Double) -> [Double] {
    let p = b.pixel(x: Int(x), y: Int(y))
    return [Double(p.r), Double(p.g), Double(p.b)]
  }

  /// A point inside the button (30 pt above its centre, above its label): white before the
  /// pan; the photo at full reveal. In between it must be the blend by the opacity at p.
  @Test(arguments: [nil, "cancelling"] as [String?]) func crossfade(_ variant: String?) throws {
    let clip = try Clip(document: try Catalog.load("t4-reveal-push", variant: variant), scale: 1)
    let x = 195.0, y = 570.0
    let white = rgb(clip.bitmap(frame: 0), x, y)
    #expect(white == [255, 255, 255])
    let revealed = try Clip(document: try Catalog.load("t4-reveal-push"), scale: 1)
    let photo = rgb(revealed.bitmap(frame: revealed.frameCount - 1), x, y)
    var fading = 0
    for n in 0..<clip.frameCount {
      let p = clip.timeline.state(frame: n).progress
      guard p < 0.1 else { continue }
      // Opacity by hand: 0 up to p = 0.01, linear to 1 at p = 0.1.
      let alpha = min(max((p - 0.01) / 0.09, 0), 1)
      let expected = zip(white, photo).map { $0 + ($1 - $0) * alpha }
      let got = rgb(clip.bitmap(frame: n), x, y)
      for c in 0..<3 { #expect(abs(got[c] - expected[c]) <= 2, "frame \(n), p \(p), channel \(c): \(got[c]) vs \(expected[c])") }
      if alpha > 0 && alpha < 1 { fading += 1 }
    }
    // The fade spans several frames (it was one).
    #expect(fading >= 2)
  }

  /// A point inside the disc but outside the button (50 pt right of and above the disc's
  /// centre (195, 600), 70.7 pt from it, above the shade's top at y = 560) while the photo
  /// fades in: the blend of the disc's white and the photo by the opacity at p, never the
  /// purple screen behind (on main the whole disc faded, and the purple showed through).
  @Test(arguments: [nil, "cancelling"] as [String?]) func discIsSolid(_ variant: String?) throws {
    let clip = try Clip(document: try Catalog.load("t4-reveal-push", variant: variant), scale: 1)
    let x = 245.0, y = 550.0
    let revealed = try Clip(document: try Catalog.load("t4-reveal-push"), scale: 1)
    let photo = rgb(revealed.bitmap(frame: revealed.frameCount - 1), x, y)
    var checked = 0
    for n in 0..<clip.frameCount {
      let p = clip.timeline.state(frame: n).progress
      // The disc's radius by hand, 44 + 588 (p − 0.01) / 0.99: past the point by 2 pt.
      let radius = 44 + 588 * (p - 0.01) / 0.99
      guard radius > 72.7 && p < 0.1 else { continue }
      let alpha = (p - 0.01) / 0.09
      let expected = photo.map { 255 + ($0 - 255) * alpha }
      let got = rgb(clip.bitmap(frame: n), x, y)
      for c in 0..<3 { #expect(abs(got[c] - expected[c]) <= 2, "frame \(n), p \(p), channel \(c): \(got[c]) vs \(expected[c])") }
      checked += 1
    }
    #expect(checked >= 2)
  }

  /// The pushed screen has a way back: a chevron.left on a dark blur disc in the bar's
  /// leading slot (16 pt in, 6 pt below the safe area's top, 32 pt round). At the end its
  /// centre column shows the white chevron's ink between darker disc pixels.
  @Test func pushedScreenHasABackButton() throws {
    let doc = try Catalog.load("t4-reveal-push")
    let back = try #require(doc.view("launch", id: "back"))
    #expect(back.frame == Rect(x: 16, y: 47 + 6, width: 32, height: 32))
    let clip = try Clip(document: doc, scale: 1)
    let last = clip.bitmap(frame: clip.frameCount - 1)
    // The chevron (15 pt semibold, centred at x = 31 in its 30 pt box) is white; the disc's
    // rim (3 pt inside its right edge, at mid-height) is a dark grey.
    let ink = (0..<32).map { Int(last.pixel(x: 30, y: 53 + $0).r) }.max()!
    let rim = last.pixel(x: 45, y: 69)
    #expect(ink > 230, "chevron ink \(ink)")
    #expect(rim.r < 140 && rim.g < 140 && rim.b < 140, "disc \(rim)")
  }
}
