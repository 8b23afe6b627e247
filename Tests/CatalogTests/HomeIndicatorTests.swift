import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// The window's home indicator and Dynamic Island, at scale 1. Geometry from Apple's
/// templates as tabulated in docs/scene-format.md ("Devices"), written out here by hand:
/// on a 390 x 844 phone the capsule is 134 x 5 pt, 8 pt above the bottom: x 128...262,
/// y 831...836.
@Suite("Window chrome: home indicator and Dynamic Island", .serialized)
struct HomeIndicatorTests {
  /// Relative luminance of an sRGB byte triple, decoded to linear light (IEC 61966-2-1) with
  /// Rec. 709 weights: written here from the standard, not taken from Stage.
  static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
    func decode(_ c: UInt8) -> Double {
      let s = Double(c) / 255
      return s > 0.04045 ? exp(2.4 * log((s + 0.055) / 1.055)) : s / 12.92
    }
    return 0.2126 * decode(r) + 0.7152 * decode(g) + 0.0722 * decode(b)
  }

  /// The bottom 40 rows of frame `n` at scale 1 (y 804..<844), with or without the home
  /// indicator's layer. Drawn without the renderer's cross-frame caches (the same bytes, by
  /// LayerRenderer's contract): each strip's masks are new, and the thousands of small ones
  /// only filled the shared mask cache, whose eviction scans it (most of this suite's time).
  static func bottom(_ clip: Clip, frame n: Int, indicator: Bool) -> Bitmap {
    var tree = clip.layerTree(frame: n)
    if !indicator { tree.sublayers.removeAll { $0.name == "window:homeIndicator" } }
    tree.position.y -= 804
    var b = Bitmap(width: clip.canvas.pixelWidth, height: 40)
    LayerRenderer.render(tree, into: &b, scale: 1, caches: false)
    return b
  }

  /// Mean luminance over pixels x0..<x1, y0..<y1.
  static func meanLuminance(_ b: Bitmap, x: Range<Int>, y: Range<Int>) -> Double {
    var sum = 0.0
    for j in y { for i in x { let p = b.pixel(x: i, y: j); sum += luminance(p.r, p.g, p.b) } }
    return sum / Double(x.count * y.count)
  }

  /// WCAG 2 contrast: white's ratio (1.05 / (Y + 0.05)) against black's ((Y + 0.05) / 0.05).
  static func expectsWhite(_ y: Double) -> Bool { 1.05 / (y + 0.05) > (y + 0.05) / 0.05 }

  @Test("Every frame of every catalog scene and variant: a 134 x 5 capsule at x 128...262, y 831...836, its grey the mean of the contrast rule's black (0) or white (1) over the last 15 frames (0.25 s at 60 fps)")
  func everyFrame() throws {
    var checked = 0, white = 0, blended = 0
    for file in Catalog.files {
      for variant in [nil] + SceneLoader.variantNames(path: file).map(Optional.some) {
        let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let document = try Catalog.load(stem, variant: variant)
        #expect(document.canvas.device == Device.named("iphone-14"), "\(stem) uses device: iphone-14")
        #expect(document.canvas.fps == 60, "\(stem): frames are the blend's 1/60 s samples")
        let clip = try Clip(document: document, scale: 1)
        // The rule per frame, from the pixels under the capsule grown by 4 pt (x 124..<266,
        // y 827..<840) without it: 1 for white ink, 0 for black.
        var lights: [Int] = [], near: [Bool] = []
        for n in 0..<clip.frameCount {
          let y = Self.meanLuminance(Self.bottom(clip, frame: n, indicator: false), x: 124..<266, y: 23..<36)
          lights.append(Self.expectsWhite(y) ? 1 : 0)
          near.append(abs(y - 0.1791) < 0.002)
        }
        for n in 0..<clip.frameCount {
          let frame = Self.bottom(clip, frame: n, indicator: true)
          // The window: frames n-14...n, frames before 0 counting as frame 0.
          let window = (n - 14...n).map { max($0, 0) }
          let light = Double(window.reduce(0) { $0 + lights[$1] }) / 15
          let ink = Int((255 * light).rounded())
          if ink == 255 { white += 1 }
          if ink != 0 && ink != 255 { blended += 1 }
          // A sample within 0.002 of the threshold may fall either way: one sample's worth.
          let slack = window.contains { near[$0] } ? 18 : 1
          // Inside the capsule, clear of its rounded ends: x 131...258, y 832...834 fully covered.
          for j in 28...30 { for i in 131...258 {  // y 832...834
            let p = frame.pixel(x: i, y: j)
            #expect(abs(Int(p.r) - ink) <= slack && p.r == p.g && p.g == p.b, "\(stem) \(variant ?? "") frame \(n) (\(i), \(j)): \(p.r) vs \(ink)")
          } }
          checked += 1
        }
      }
    }
    #expect(checked > 900)
    // Some catalog frames have dark content under the indicator (T4's photo, T8's player),
    // and some switch within a clip (blended frames).
    #expect(white > 0)
    #expect(blended > 0)
  }

  func scene(_ background: String, homeIndicator: Bool = true, device: String = "iphone-14") throws -> SceneDocument {
    let yaml = """
    device: \(device)
    screens:
      a:
        backgroundColor: "\(background)"
        homeIndicator: \(homeIndicator)
      b:
        backgroundColor: "\(background)"
        homeIndicator: \(homeIndicator)
    transition: {kind: present, from: a, to: b, timing: {curve: linear, duration: 0.1}}
    """
    return try SceneLoader.load(text: yaml, origin: .file("chrome.yaml"), directory: ".")
  }

  @Test("Black on white, white on black; the threshold (Y = 0.1791) between two greys either side")
  func adaptiveColour() throws {
    // By hand: #777777 is Y = 0.1845 (above: black ink); #757575 is Y = 0.1779 (below:
    // white ink); systemRed #FF3B30 is 0.246 and systemBlue #007AFF 0.211 (black ink);
    // #1C1C1E (iOS's dark grouped background) 0.012 (white).
    for (background, ink) in [("#FFFFFF", UInt8(0)), ("#000000", 255), ("#777777", 0), ("#757575", 255), ("#FF3B30", 0), ("#007AFF", 0), ("#1C1C1E", 255)] {
      let clip = try Clip(document: try scene(background), scale: 1)
      let frame = clip.bitmap(frame: 0)
      for j in 832...834 { for i in 131...258 {
        let p = frame.pixel(x: i, y: j)
        #expect(p.r == ink && p.g == ink && p.b == ink, "\(background) (\(i), \(j))")
      } }
      // Just outside the capsule: the background.
      #expect(frame.pixel(x: 127, y: 833).g != ink)
    }
    #expect(abs(Self.luminance(0x77, 0x77, 0x77) - 0.1845) < 0.0005)
    #expect(abs(Self.luminance(0x75, 0x75, 0x75) - 0.1779) < 0.0005)
  }

  @Test("homeIndicator: false hides it; the SE (a home button) has none")
  func hidden() throws {
    for document in [try scene("#FFFFFF", homeIndicator: false), try scene("#FFFFFF", device: "iphone-se")] {
      let clip = try Clip(document: document, scale: 1)
      let frame = clip.bitmap(frame: 0)
      for y in 0..<frame.height where y > frame.height - 40 { for x in 0..<frame.width {
        let p = frame.pixel(x: x, y: y)
        #expect(p.r == 255 && p.g == 255 && p.b == 255, "(\(x), \(y))")
      } }
    }
  }

  @Test("Dynamic Island: not in the frames (hardware, not in screen recordings)")
  func dynamicIslandIsNotInTheFrame() throws {
    let clip = try Clip(document: try scene("#FFFFFF", device: "iphone-15"), scale: 1)
    #expect(clip.canvas.pixelWidth == 393 && clip.canvas.pixelHeight == 852)
    let frame = clip.bitmap(frame: 0)
    // Where the island is (x 133.5...259.5, y 11...48.33) the screen's white shows; the
    // `--device` outline draws the island (OverlayTests).
    for y in 11...48 { for x in 134...259 {
      let p = frame.pixel(x: x, y: y)
      #expect(p.r == 255 && p.g == 255 && p.b == 255, "(\(x), \(y))")
    } }
  }

}
