import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// T6 pops to a large-title list: UIKit's back button label ("‹ Albums") leaves toward the
/// bar's centre (where the list's title sits once it is small), fading with the bar as the
/// transition progresses, while the large "Albums" slides in with the list. On main the label
/// stayed near its place (it moved 13 pt to the left) and read as opaque next to the large
/// title. Checked on the track and on pixels, in both the seed and the uikit-shadow variant.
@Suite("T6: the back label slides toward the centre and fades on a pop")
struct BackLabelPopTests {
  /// By hand: "Albums" in Inter Regular at 17 pt is 9876 of 2816 units per em (fontTools hmtx
  /// sums) = 59.62 pt, less SF's 17 pt tracking (−0.442 pt per letter, 5 or 6 gaps) ≈ 57.2 pt;
  /// centred on the bar (195) its text starts at 195 − 28.6 = 166.4, the label at rest at 29:
  /// the label moves 0 → 137.4 pt with p (kerning within a point).
  static let width = 9876.0 * 17 / 2816 - 5.5 * 0.442
  static let travel = 390.0 / 2 - width / 2 - 29

  @Test(arguments: [nil, "uikit-shadow"])
  func labelSlidesToTheCentre(variant: String?) throws {
    let doc = try Catalog.load("t6-full-page-swipe-back", variant: variant)
    let clip = try Clip(document: doc, scale: 1)
    let track = try #require(clip.document.track("album.back.label", .translationX))
    let from = try #require(track.keyframes.first?.value.number), to = try #require(track.keyframes.last?.value.number)
    #expect(from == 0)
    #expect(abs(to - Self.travel) < 1.0, "the label ends \(to) pt right, by hand \(Self.travel)")

    // Pixels: in the bar's row (y 58 ... 80 at scale 1), the label's blue ink right of the
    // chevron (x ≥ 26) starts at 29 + travel × p, and is as pale as the bar's opacity 1 − p
    // over white (systemBlue's red channel 0: r ≈ 255 p).
    var checked = 0
    for n in stride(from: 0, to: clip.frameCount, by: 4) {
      let p = clip.timeline.state(frame: n).progress
      guard p > 0.15 && p < 0.6 else { continue }
      let frame = clip.bitmap(frame: n)
      let pageLeft = Int(390 * p) - 10
      var inkStart: Int?
      var reddest = 255
      for x in 26..<pageLeft {
        for y in 58..<80 {
          let c = frame.pixel(x: x, y: y)
          // Blue ink: blue channel saturated, red clearly below white.
          if c.b > 240 && c.r < 200 {
            if inkStart == nil { inkStart = x }
            reddest = min(reddest, Int(c.r))
          }
        }
      }
      let expected = 29 + Self.travel * p
      guard Double(pageLeft) > expected + 20 else { continue }
      let start = try #require(inkStart, "frame \(n) p \(p): no label ink")
      // The "A" of "Albums" has about 1 pt side bearing; the slide is measured, ±2 pt.
      #expect(abs(Double(start) - expected) < 2.5, "frame \(n) p \(p): ink starts at \(start), by hand \(expected)")
      // Darkest ink: a fully covered pixel of blue at opacity 1 − p over white.
      #expect(abs(Double(reddest) - 255 * p) < 20, "frame \(n) p \(p): darkest red \(reddest), by hand \(255 * p)")
      checked += 1
    }
    #expect(checked >= 2)
  }
}
