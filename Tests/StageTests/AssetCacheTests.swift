import Foundation
import PNG
import Raster
import Scene
@testable import Stage
import TestSupport
import XCTest

/// The preview's decoded assets (`AssetCache`): a file is decoded again exactly when it changed,
/// and a kept image is the same object in every load.
final class AssetCacheTests: XCTestCase {
  func directory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-assets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    return dir
  }

  /// A 3 x 2 opaque picture of one colour, as PNG bytes (stored uncompressed: every colour
  /// gives a file of the same size).
  func png(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> [UInt8] {
    try PNGEncoder(level: 0).encode(Bitmap(width: 3, height: 2, pixels: [r, g, b, 255].repeated(6)))
  }

  func testAnUnchangedFileIsDecodedOnceAChangedOneAgain() throws {
    let dir = try directory()
    let path = dir.appendingPathComponent("photo.png").path
    let red = try png(255, 0, 0), blue = try png(0, 0, 255)
    XCTAssertEqual(red.count, blue.count, "the two pictures' files have the same size, so only the times tell them apart")
    try Data(red).write(to: URL(fileURLWithPath: path))
    let cache = AssetCache()
    let first = try cache.image(contentsOf: path)
    XCTAssertEqual(first.bitmap.pixels[0...3], [255, 0, 0, 255])
    XCTAssertEqual(cache.decodes, 1)
    let again = try cache.image(contentsOf: path)
    XCTAssertTrue(again === first, "an unchanged file gives the image it gave before")
    XCTAssertEqual(cache.decodes, 1)

    // Written again in place, same size, its modification time set back to what it was: the
    // status-change time still moves, so it is decoded again.
    let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.write(contentsOf: Data(blue))
    try handle.close()
    try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: path)
    let rewritten = try cache.image(contentsOf: path)
    XCTAssertEqual(cache.decodes, 2)
    XCTAssertEqual(rewritten.bitmap.pixels[0...3], [0, 0, 255, 255], "the new pixels, not the kept ones")

    // A new file renamed over it (as editors save).
    try Data(red).write(to: URL(fileURLWithPath: path), options: .atomic)
    XCTAssertEqual(try cache.image(contentsOf: path).bitmap.pixels[0...3], [255, 0, 0, 255])
    XCTAssertEqual(cache.decodes, 3)
    _ = try cache.image(contentsOf: path)
    XCTAssertEqual(cache.decodes, 3)
  }

  func testFailuresAreNotKeptAndTheLeastRecentlyUsedGoesFirst() throws {
    let dir = try directory()
    let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
    try Data("not a png".utf8).write(to: URL(fileURLWithPath: a))
    try Data(png(0, 255, 0)).write(to: URL(fileURLWithPath: b))
    // Room for one 3 x 2 picture (24 bytes of pixels).
    let cache = AssetCache(maxBytes: 24)
    XCTAssertThrowsError(try cache.image(contentsOf: a))
    XCTAssertThrowsError(try cache.image(contentsOf: a))
    XCTAssertEqual(cache.decodes, 2, "a file that does not decode is tried again")
    try Data(png(1, 2, 3)).write(to: URL(fileURLWithPath: a))
    let kept = try cache.image(contentsOf: a)
    XCTAssertEqual(kept.bitmap.pixels[0...3], [1, 2, 3, 255])
    _ = try cache.image(contentsOf: b)  // pushes a out
    XCTAssertEqual(cache.keptBytes, 24)
    XCTAssertEqual(cache.decodes, 4)
    XCTAssertFalse(try cache.image(contentsOf: a) === kept, "a was dropped for b and decoded again")
    XCTAssertEqual(cache.decodes, 5)
  }

  /// Loads of a scene through one cache share their images, so frame 0 of a save is drawn from
  /// the last frame 0 over the region where their layer trees differ, and is byte for byte the
  /// whole drawing of the new scene (`LayerDamage`'s rules, docs/raster.md).
  func testFrameZeroDrawnOverTheLastOneIsTheWholeDrawing() throws {
    let scenes = repositoryRoot.appendingPathComponent("Scenes")
    let t2 = try String(contentsOf: scenes.appendingPathComponent("t2-photos-drag-to-dismiss.yaml"), encoding: .utf8)
    let tiny = try String(contentsOf: URL(fileURLWithPath: Fixtures.path("tiny.yaml")), encoding: .utf8)
    let cache = AssetCache()
    func clip(_ text: String, in directory: String, scale: Double) throws -> Clip {
      let document: SceneDocument
      do { document = try SceneLoader.load(text: text, directory: directory) } catch { throw FixtureError(text: error.description) }
      return try Clip(document: document, scale: scale, assets: cache)
    }
    func edited(_ text: String, _ old: String, _ new: String) -> String {
      XCTAssertTrue(text.contains(old), old)
      return text.replacingOccurrences(of: old, with: new)
    }

    // T2, and T2 with Edit in red: no photo decoded again. The label sits on the navigation
    // bar's material, whose blur reaches anything under it, so the whole picture is drawn again.
    let before = try clip(t2, in: scenes.path, scale: 0.5)
    XCTAssertEqual(cache.decodes, 21, "T2's 21 photos")
    let red = try clip(edited(t2, "text: Edit, fontSize: 17, color: systemBlue", "text: Edit, fontSize: 17, color: systemRed"), in: scenes.path, scale: 0.5)
    XCTAssertEqual(cache.decodes, 21, "a save that edits only the scene decodes nothing")
    let old = before.drawing(at: 0, bands: 1, over: nil)
    XCTAssertEqual(old.redrawn, PixelRect(x: 0, y: 0, width: 195, height: 422))
    XCTAssertTrue(old.bitmap == before.bitmap(at: 0))
    for bands in [1, 3] {
      let recoloured = red.drawing(at: 0, bands: bands, over: old)
      XCTAssertTrue(recoloured.bitmap == red.bitmap(at: 0), "\(bands) bands: the whole drawing's bytes")
      XCTAssertFalse(recoloured.bitmap == old.bitmap)
    }
    // Nothing changed: the last picture as it is.
    XCTAssertEqual(try clip(t2, in: scenes.path, scale: 0.5).drawing(at: 0, bands: 2, over: old).redrawn, .empty)

    // The tiny push with its badge's corners rounder: only around the badge
    // (frame [10, 10, 40, 40] at scale 2) is drawn.
    let fixtures = Fixtures.directory
    let square = try clip(tiny, in: fixtures, scale: 2).drawing(at: 0, bands: 1, over: nil)
    let rounder = try clip(edited(tiny, "cornerRadius: 8", "cornerRadius: 14"), in: fixtures, scale: 2)
    for bands in [1, 2, 5] {
      let drawn = rounder.drawing(at: 0, bands: bands, over: square)
      XCTAssertTrue(drawn.bitmap == rounder.bitmap(at: 0), "\(bands) bands: the whole drawing's bytes")
      XCTAssertFalse(drawn.bitmap == square.bitmap)
      XCTAssertTrue(drawn.redrawn.intersection(PixelRect(x: 20, y: 20, width: 80, height: 80)) == PixelRect(x: 20, y: 20, width: 80, height: 80), "\(drawn.redrawn)")
      XCTAssertLessThan(drawn.redrawn.area, 120 * 200 / 2, "\(drawn.redrawn)")
    }
    // Over a picture of another instant (mid-push), still the whole drawing's bytes.
    let middle = try clip(tiny, in: fixtures, scale: 2).drawing(at: 0.25, bands: 2, over: nil)
    XCTAssertTrue(rounder.drawing(at: 0, bands: 2, over: middle).bitmap == rounder.bitmap(at: 0))
  }
}

extension Array {
  fileprivate func repeated(_ n: Int) -> [Element] { (0..<n).flatMap { _ in self } }
}
