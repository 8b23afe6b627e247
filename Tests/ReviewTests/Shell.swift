import Foundation

/// A fresh temporary folder, removed by the caller.
func makeTemporaryFolder(_ name: String) throws -> URL {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  return dir
}
