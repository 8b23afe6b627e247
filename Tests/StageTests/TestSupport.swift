import Foundation
import Raster

/// A fresh empty folder under the system's temporary directory.
func makeTemporaryDirectory(_ label: String = "stage") -> String {
  let path = FileManager.default.temporaryDirectory.path + "/flipbook-\(label)-\(UUID().uuidString)"
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

func listing(_ dir: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
}

func bytes(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

/// A synthetic opaque frame whose every byte depends on the frame number, so any mix-up
/// between frames shows.
func patternFrame(_ n: Int, width: Int = 8, height: Int = 6) -> Bitmap {
  var pixels = [UInt8](repeating: 255, count: width * height * 4)
  for i in 0..<(width * height) {
    pixels[4 * i] = UInt8((n * 31 + i * 7) & 0xFF)
    pixels[4 * i + 1] = UInt8((n * 13 + i) & 0xFF)
    pixels[4 * i + 2] = UInt8((n * 5) & 0xFF)
  }
  return Bitmap(width: width, height: height, pixels: pixels)
}

/// Stands in for the PNG encoder in pipeline tests: the raw pixels behind a small header.
@Sendable func rawEncode(_ b: Bitmap) throws -> [UInt8] {
  Array("RAW \(b.width)x\(b.height)\n".utf8) + b.pixels
}

struct InjectedFailure: Error, CustomStringConvertible {
  var description: String { "injected failure" }
}
