import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// T4's reveal disc no longer pops: at p = 0.01 (where the pan begins, and where a cancel ends)
/// the disc is the button's size and fully transparent, and it fades in while it grows to
/// p = 0.1 (`launch` opacity 0 → 1 over p 0.01 → 0.1), so the white button turns into the
/// photo over several frames instead of one.
@Suite("T4: the reveal disc crossfades from the button", .serialized)
struct T4DiscTests {
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
}
