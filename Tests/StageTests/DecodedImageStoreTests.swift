import Foundation
import PNG
import Raster
@testable import Stage
import TestSupport
import Testing

/// Decoded photos kept on disk (`DecodedImageStore`): a second run reads what the first
/// decoded, the same pixels; a changed photo, or a cache file that is not whole, is decoded.
@Suite struct DecodedImageStoreTests {
  /// A folder for the store and a photo of `size` px in another folder.
  func setUp(_ tag: String) throws -> (store: String, photo: String, bitmap: Bitmap) {
    let root = makeTemporaryDirectory("decoded-" + tag)
    let w = 7, h = 5
    // Varied opaque pixels, so a byte out of place shows.
    var pixels: [UInt8] = []
    for i in 0..<(w * h) {
      let r = UInt8(i * 7 % 256), g = UInt8(i * 13 % 256), b = UInt8(i * 29 % 256)
      pixels += [r, g, b, 255]
    }
    let bitmap = Bitmap(width: w, height: h, pixels: pixels)
    let photo = root + "/photo.png"
    try Data(PNGEncoder(level: 6).encode(bitmap)).write(to: URL(fileURLWithPath: photo))
    return (root + "/cache/decoded", photo, bitmap)
  }

  func files(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test func aSecondRunReadsWhatTheFirstDecoded() throws {
    let (folder, photo, bitmap) = try setUp("roundtrip")
    let store = try #require(DecodedImageStore(folder: folder))
    let first = AssetCache(store: store)
    #expect(try first.image(contentsOf: photo).bitmap == bitmap)
    #expect(first.decodes == 1 && first.storeHits == 0)
    let kept = files(folder)
    #expect(kept.count == 1 && kept[0].hasSuffix(".px"), "\(kept)")
    // The file: magic, width, height, then the pixels; mode 0600 in a 0700 folder.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + kept[0])))
    #expect(Array(bytes[0..<8]) == Array("FLIPBKPX".utf8))
    #expect(Array(bytes[8..<16]) == [7, 0, 0, 0, 5, 0, 0, 0])
    #expect(Array(bytes[16...]) == bitmap.pixels)
    #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
    #expect(try FileManager.default.attributesOfItem(atPath: folder + "/" + kept[0])[.posixPermissions] as? Int == 0o600)

    let second = AssetCache(store: try #require(DecodedImageStore(folder: folder)))  // another run
    #expect(try second.image(contentsOf: photo).bitmap == bitmap)
    #expect(second.decodes == 0 && second.storeHits == 1)
  }

  @Test func aChangedPhotoIsDecodedAgain() throws {
    let (folder, photo, _) = try setUp("changed")
    let store = try #require(DecodedImageStore(folder: folder))
    _ = try AssetCache(store: store).image(contentsOf: photo)
    let other = Bitmap(width: 2, height: 2, pixels: [9, 8, 7, 255, 9, 8, 7, 255, 9, 8, 7, 255, 9, 8, 7, 255])
    try Data(PNGEncoder(level: 6).encode(other)).write(to: URL(fileURLWithPath: photo))
    let next = AssetCache(store: store)
    #expect(try next.image(contentsOf: photo).bitmap == other)
    #expect(next.decodes == 1 && next.storeHits == 0)
  }

  @Test(arguments: ["truncated", "wrong magic", "wrong size", "huge sides", "empty"])
  func aCacheFileThatIsNotWholeIsDecodedInstead(damage: String) throws {
    let (folder, photo, bitmap) = try setUp("damaged")
    let store = try #require(DecodedImageStore(folder: folder))
    _ = try AssetCache(store: store).image(contentsOf: photo)
    let file = folder + "/" + files(folder)[0]
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    switch damage {
    case "truncated": bytes.removeLast(3)
    case "wrong magic": bytes[0] = UInt8(ascii: "X")
    case "wrong size": bytes[8] = 8  // says 8 px wide: the file is too short for that
    case "huge sides": for i in 8..<16 { bytes[i] = 0xFF }  // 2^32 − 1 square: no overflow, no trap
    default: bytes = []
    }
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let next = AssetCache(store: store)
    #expect(try next.image(contentsOf: photo).bitmap == bitmap)
    #expect(next.decodes == 1 && next.storeHits == 0)
    // The damaged file was removed and the photo kept again, whole.
    let again = AssetCache(store: store)
    #expect(try again.image(contentsOf: photo).bitmap == bitmap)
    #expect(again.storeHits == 1)
  }

  @Test func theLeastRecentlyUsedGoBeyondTheLimit() throws {
    let (folder, photo, bitmap) = try setUp("limit")
    let fileBytes = 16 + bitmap.pixels.count
    // Room for two photos' files; four old ones are there already (and an old temporary).
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (i, age) in [400.0, 300, 200, 100].enumerated() {
      let path = folder + "/old\(i).px"
      try Data(repeating: 0, count: fileBytes).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
    }
    try Data([1]).write(to: URL(fileURLWithPath: folder + "/x.px.1-2.tmp"))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: folder + "/x.px.1-2.tmp")
    let store = try #require(DecodedImageStore(folder: folder, maxBytes: 2 * fileBytes))
    _ = try AssetCache(store: store).image(contentsOf: photo)
    let left = files(folder)
    #expect(left.count == 2, "\(left)")
    #expect(left.contains("old3.px"), "the most recently used old file stays: \(left)")
    #expect(!left.contains { $0.hasSuffix(".tmp") })
  }

  /// A preview runs for hours: the folder is pruned again as it fills, not only at the first save.
  @Test func aLongRunKeepsToTheLimit() throws {
    let (folder, _, bitmap) = try setUp("longrun")
    let fileBytes = 16 + bitmap.pixels.count
    let store = try #require(DecodedImageStore(folder: folder, maxBytes: 2 * fileBytes))
    let photos = makeTemporaryDirectory("decoded-longrun-photos")
    for i in 0..<5 {
      let photo = photos + "/p\(i).png"
      try Data(PNGEncoder(level: 6).encode(bitmap)).write(to: URL(fileURLWithPath: photo))
      _ = try AssetCache(store: store).image(contentsOf: photo)
      #expect(files(folder).count <= 2, "after photo \(i): \(files(folder))")
    }
  }

  @Test func anUnusableFolderMeansNoStore() throws {
    let root = makeTemporaryDirectory("decoded-unusable")
    try Data([1]).write(to: URL(fileURLWithPath: root + "/file"))
    #expect(DecodedImageStore(folder: root + "/file") == nil, "a file, not a folder")
    try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root)
    #expect(DecodedImageStore(folder: root + "/link") == nil, "a link")
    try FileManager.default.createDirectory(atPath: root + "/open", withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
    #expect(DecodedImageStore(folder: root + "/open") == nil, "writable by others")
    #expect(DecodedImageStore(folder: nil) == nil && DecodedImageStore(folder: "") == nil)
  }

  @Test func theFolderComesFromTheEnvironment() {
    #expect(DecodedImageStore.defaultFolder(["FLIPBOOK_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/c")
    #expect(DecodedImageStore.defaultFolder(["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/flipbook/decoded")
    #expect(DecodedImageStore.defaultFolder(["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/flipbook/decoded")
    #expect(DecodedImageStore.defaultFolder([:]) == nil)
  }

  /// Through the binary: `render` keeps T2's photos in FLIPBOOK_CACHE_DIR, and a second render
  /// gives the same frames; FLIPBOOK_CACHE=off keeps nothing.
  @Test func renderUsesTheFolderOfTheEnvironment() throws {
    let root = makeTemporaryDirectory("decoded-cli")
    let scene = repositoryRoot.appendingPathComponent("Scenes/t2-photos-drag-to-dismiss.yaml").path
    var env = ProcessInfo.processInfo.environment
    env["FLIPBOOK_CACHE_DIR"] = root + "/cache"
    let first = try runFlipbook(["still", scene, "--frame", "0", "--scale", "1", "-o", root + "/a.png"], environment: env)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(files(root + "/cache").filter { $0.hasSuffix(".px") }.count == 21, "T2's 21 photos")
    let second = try runFlipbook(["still", scene, "--frame", "0", "--scale", "1", "-o", root + "/b.png"], environment: env)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/a.png")) == Data(contentsOf: URL(fileURLWithPath: root + "/b.png")))
    env["FLIPBOOK_CACHE_DIR"] = root + "/off"
    env["FLIPBOOK_CACHE"] = "off"
    let off = try runFlipbook(["still", scene, "--frame", "0", "--scale", "1", "-o", root + "/c.png"], environment: env)
    #expect(off.status == 0, "\(off.stderr)")
    #expect(!FileManager.default.fileExists(atPath: root + "/off"))
  }
}
