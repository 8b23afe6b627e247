import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// The grid's header across T2's push, pop and drag, frame by frame (values worked out by
/// hand from the scenes' keyframes; p is the frame's progress, the page's opacity the
/// detail screen's):
/// - the heading and Select (the grid bar's `items`) are never over a mostly white page: on
///   the push they fade 1 -> 0 over p 0 ... 0.5 (items = max(0, 1 − 2p)) while the page fades
///   in with p; on the pop they fade in over p 0.5 ... 1 (items = max(0, 2p − 1)) while the
///   page fades out (1 − p); in the drag they follow the page's fade f = 1 − page: 0 until
///   f = 0.3, whole at f = 0.7 (items = clamp((f − 0.3) / 0.4, 0, 1));
/// - the status bar changes from light (grid) to dark (detail) inside the push and pop: the
///   grid's content fades out and the detail's in with p (docs "Window chrome"); the drag
///   turns it when the pan begins (InteractiveStatusBarTests);
/// - the detail's back label fades where it sits (its slide replaced: the grid has no title);
/// - the scrim is the grid screen's own layer (it moves and fades with the grid), never a
///   window-level one.
@Suite("Photos grid header across push, pop and drag")
struct PhotosHeaderTransitionTests {
  static let clips: [(stem: String, variant: String?)] = [
    ("t2-photos-push", nil), ("t2-photos-pop", nil),
    ("t2-photos-drag-to-dismiss", nil), ("t2-photos-drag-to-dismiss", "cancelling"),
    ("t2-photos-drag-to-dismiss", "matched-velocity"),
  ]

  @Test(arguments: clips.indices) func headerFollowsThePage(_ i: Int) throws {
    let (stem, variant) = Self.clips[i]
    let clip = try Clip(document: Catalog.load(stem, variant: variant), scale: 0.25)
    let name = "\(stem) \(variant ?? "")"
    var fadingItems = 0
    for n in 0..<clip.frameCount {
      let s = clip.timeline.state(frame: n)
      let p = s.progress
      let page = try #require(s.number("detail", .opacity), "\(name) frame \(n)")
      let items = try #require(s.number("grid.navigationBar.items", .opacity), "\(name) frame \(n)")
      let expected: Double
      switch stem {
      case "t2-photos-push": expected = max(0, min(1, 1 - 2 * p))
      case "t2-photos-pop": expected = max(0, min(1, 2 * p - 1))
      default: expected = max(0, min(1, (1 - page - 0.3) / 0.4))
      }
      #expect(abs(items - expected) < 1e-9, "\(name) frame \(n): items \(items), expected \(expected) (p \(p), page \(page))")
      // Whatever the rule, the white heading is gone while the page is more than half white.
      if page > 0.5 + 1e-9 { #expect(items < 0.5, "\(name) frame \(n): items \(items) over the page at \(page)") }
      if items > 0 && items < 1 { fadingItems += 1 }
      if (0...1).contains(p) && !stem.hasSuffix("drag-to-dismiss") {
        // The status bar: the grid's light content out (push) or in (pop) with p. (The drag
        // turns it when the pan begins, not with p: InteractiveStatusBarTests.)
        let grid = try #require(s.number("grid.statusBar.content", .opacity), "\(name) frame \(n)")
        let detail = try #require(s.number("detail.statusBar.content", .opacity), "\(name) frame \(n)")
        let gridShown = stem == "t2-photos-push" ? 1 - p : p
        #expect(abs(grid - gridShown) < 1e-9 && abs(detail - (1 - gridShown)) < 1e-9, "\(name) frame \(n): status bars \(grid), \(detail) at p \(p)")
      }
      #expect(s.number("detail.nav.back.label", .translationX) == 0, "\(name) frame \(n)")
    }
    #expect(fadingItems >= 2, "\(name): the items fade over \(fadingItems) frames")
  }

  /// The names of `target`'s ancestors in the layer tree, root first (nil when absent).
  static func ancestors(of target: String, in root: Layer) -> [String]? {
    if root.name == target { return [] }
    for s in root.sublayers {
      if let found = ancestors(of: target, in: s) { return [root.name ?? "?"] + found }
    }
    return nil
  }

  @Test(arguments: clips.indices) func scrimBelongsToTheGrid(_ i: Int) throws {
    let (stem, variant) = Self.clips[i]
    let clip = try Clip(document: Catalog.load(stem, variant: variant), scale: 0.25)
    // Mid-transition both screens are drawn; at rest on the detail page the grid (covered by
    // the opaque page) may be left out of the tree, scrim and all.
    for n in [0, clip.frameCount / 3, clip.frameCount / 2, clip.frameCount - 1] {
      let tree = clip.layerTree(frame: n)
      let middle = n == clip.frameCount / 3 || n == clip.frameCount / 2
      guard middle || tree.sublayers.contains(where: { $0.name == "grid" }) else { continue }
      let chain = try #require(Self.ancestors(of: "scrim", in: tree), "\(stem) frame \(n): no scrim layer")
      #expect(chain.contains("grid") && !chain.contains { $0.hasPrefix("window:") }, "\(stem) frame \(n): \(chain)")
    }
  }
}
