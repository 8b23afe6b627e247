import Foundation
import PNG
import Testing
@testable import Raster

/// Compares `bitmap` with `__Goldens__/<test file>/<name>.png` beside the test file.
///
/// - A missing golden, or any golden when `RECORD_GOLDENS=1`, is written from `bitmap` and
///   the test fails with "re-run": look at the new PNG before committing it.
/// - Otherwise every byte (premultiplied RGBA) may differ by at most `tolerance` steps of
///   1/255. On a mismatch the actual image and a difference image (|diff| × 16 on white
///   alpha) go to `$GOLDEN_ARTIFACTS` (default: the temporary folder's
///   `flipbook-golden-artifacts`), named after the golden.
func expectGolden(
  _ bitmap: Bitmap, named name: String, tolerance: Int = 1,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
  let testFile = URL(fileURLWithPath: filePath)
  let dir = testFile.deletingLastPathComponent().appendingPathComponent("__Goldens__")
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
  let path = dir.appendingPathComponent(name + ".png").path
  let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
  if record || !FileManager.default.fileExists(atPath: path) {
    do {
      try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      try Data(PNGEncoder(level: 9).encode(bitmap, name: path)).write(to: URL(fileURLWithPath: path))
      Issue.record("Recorded golden \(path); look at it, then re-run the tests.", sourceLocation: sourceLocation)
    } catch {
      Issue.record("Could not record golden \(path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  let expected: Bitmap
  do {
    expected = try PNGDecoder().decode(contentsOf: path)
  } catch {
    Issue.record("Could not read golden \(path): \(error)", sourceLocation: sourceLocation)
    return
  }
  guard expected.width == bitmap.width, expected.height == bitmap.height else {
    Issue.record("Golden \(name) is \(expected.width)x\(expected.height), actual \(bitmap.width)x\(bitmap.height)", sourceLocation: sourceLocation)
    return
  }
  var worst = 0, count = 0
  var diff = Bitmap(width: bitmap.width, height: bitmap.height)
  for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
    var d = 0
    for k in 0..<4 { d = max(d, abs(Int(bitmap.pixels[i + k]) - Int(expected.pixels[i + k]))) }
    worst = max(worst, d)
    if d > tolerance { count += 1 }
    let v = UInt8(255 - min(255, d * 16))
    diff.pixels[i] = 255; diff.pixels[i + 1] = v; diff.pixels[i + 2] = v; diff.pixels[i + 3] = 255
  }
  if worst > tolerance {
    let artifacts = ProcessInfo.processInfo.environment["GOLDEN_ARTIFACTS"]
      ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("flipbook-golden-artifacts")
    try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    let actualPath = (artifacts as NSString).appendingPathComponent(name + ".actual.png")
    let diffPath = (artifacts as NSString).appendingPathComponent(name + ".diff.png")
    try? Data(PNGEncoder(level: 1).encode(bitmap, name: actualPath)).write(to: URL(fileURLWithPath: actualPath))
    try? Data(PNGEncoder(level: 1).encode(diff, name: diffPath)).write(to: URL(fileURLWithPath: diffPath))
    Issue.record("""
      \(name): \(count) pixels differ by more than \(tolerance) (worst \(worst)) from \(path).
      Actual: \(actualPath); difference: \(diffPath). If the change is intended, re-run with RECORD_GOLDENS=1.
      """, sourceLocation: sourceLocation)
  }
}
