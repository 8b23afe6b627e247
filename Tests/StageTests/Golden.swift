import Foundation
import PNG
import Raster
import Stage
import Testing

/// Compares a bitmap with `Fixtures/goldens/<name>.png` (exactly). When the golden is
/// missing, or RECORD_GOLDENS=1, it records the bitmap and fails, asking for a look and a re-run.
func expectMatchesGolden(_ bitmap: Bitmap, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
  let dir = Fixtures.directory + "/goldens"
  let path = dir + "/\(name).png"
  if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" || !FileManager.default.fileExists(atPath: path) {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try AtomicFile.write(PNGEncoder(level: 9).encode(bitmap, name: path), to: path)
    Issue.record("recorded golden \(path); look at it, then re-run", sourceLocation: sourceLocation)
    return
  }
  let golden = try PNGDecoder().decode(contentsOf: path)
  guard golden.width == bitmap.width, golden.height == bitmap.height else {
    Issue.record("\(name): size \(bitmap.width)x\(bitmap.height), golden \(golden.width)x\(golden.height)", sourceLocation: sourceLocation)
    return
  }
  var differing = 0, worst = 0
  for i in 0..<bitmap.pixels.count {
    let d = abs(Int(bitmap.pixels[i]) - Int(golden.pixels[i]))
    if d > 0 { differing += 1; worst = max(worst, d) }
  }
  if differing > 0 {
    let actual = FileManager.default.temporaryDirectory.path + "/\(name)-actual.png"
    try? AtomicFile.write(PNGEncoder(level: 1).encode(bitmap, name: actual), to: actual)
    Issue.record("\(name): \(differing) bytes differ from the golden (worst by \(worst)); actual written to \(actual)", sourceLocation: sourceLocation)
  }
}
