import Foundation
import Scene
import Testing

/// The catalog's photo library looks like someone's (issue #24): a grid never shows one photo
/// twice, the Photos grids of T1, T2, T7 and T9 are the same 21 photos in the same order, and
/// no scene draws the scikit-image samples that engineers know on sight (the astronaut, Chelsea
/// the cat, the coffee cup, the rocket). The lists are read from the loaded scenes; the names
/// are Scenes/assets/ATTRIBUTION.md's.
@Suite("Catalog photos: a library of different photos")
struct PhotoLibraryTests {
  /// Every photo grid in a document (a `photoGrid` expands to a view whose subviews are all
  /// square image cells): its path of ids and the asset name of each cell.
  static func grids(in doc: SceneDocument) -> [(String, [String])] {
    var out: [(String, [String])] = []
    func walk(_ v: SceneView, _ path: String) {
      let here = path + "." + (v.id ?? "?")
      let cells = v.subviews.compactMap { s -> String? in
        if case .image(let asset, _)? = s.content, s.frame.width == s.frame.height { return asset }
        return nil
      }
      if cells.count >= 3 && cells.count == v.subviews.count { out.append((here, cells)) }
      for s in v.subviews { walk(s, here) }
    }
    for screen in doc.screens { walk(screen.view, screen.name) }
    return out
  }

  static var stems: [String] { Catalog.files.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } }

  @Test("no grid in the catalog lists a photo twice", arguments: stems)
  func noRepeats(_ stem: String) throws {
    let doc = try Catalog.load(stem)
    let grids = Self.grids(in: doc)
    if ["t1", "t2", "t6", "t7", "t9"].contains(String(stem.prefix { $0 != "-" })) { #expect(!grids.isEmpty, "\(stem): no grid found") }
    for (path, cells) in grids {
      let repeated = Dictionary(grouping: cells, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
      #expect(repeated.isEmpty, "\(stem) \(path): \(repeated) more than once in \(cells)")
    }
  }

  /// The Photos app of the catalog: one library, one order (the fig, which T2 opens, is cell 8).
  @Test("the Photos grids of T1, T2, T7 and T9 show the same 21 different photos")
  func oneLibrary() throws {
    let photos = [("t1-modal-card", "grid"), ("t2-photos-drag-to-dismiss", "grid"), ("t2-photos-push", "grid"),
                  ("t2-photos-pop", "grid"), ("t7-tab-crossfade", "library"), ("t9-system-sheet", "library")]
    var lists: [[String]] = []
    for (stem, screen) in photos {
      let doc = try Catalog.load(stem)
      let grid = try #require(doc.view(screen, id: "cells"), "\(stem)")
      lists.append(grid.subviews.compactMap { if case .image(let a, _)? = $0.content { return a } else { return nil } })
    }
    #expect(lists[0].count == 21 && Set(lists[0]).count == 21, "\(lists[0])")
    #expect(lists[0][8] == "fig")
    for (i, list) in lists.enumerated() { #expect(list == lists[0], "\(photos[i].0)") }
  }

  @Test("no catalog scene draws the astronaut, Chelsea, the coffee cup or the rocket", arguments: stems)
  func noTestImages(_ stem: String) throws {
    let known = ["astronaut.png", "chelsea.png", "coffee.png", "rocket.png"]
    let doc = try Catalog.load(stem)
    for asset in doc.assets {
      #expect(!known.contains(URL(fileURLWithPath: asset.path).lastPathComponent), "\(stem): \(asset.name) -> \(asset.path)")
    }
  }
}
