import Foundation
import Testing

/// Paths of the test fixtures, found from this file's location (not the working directory).
enum Fixtures {
  static let root: String = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    return here.appendingPathComponent("Fixtures").path
  }()

  static func path(_ relative: String) -> String { "\(root)/\(relative)" }

  /// A valid PNG with its independently decoded pixels (see Fixtures/make_fixtures.py).
  struct Decoded: CustomTestStringConvertible, Sendable {
    let file: String  // e.g. "pngsuite/basn0g01.png"
    let width: Int
    let height: Int
    var testDescription: String { file }
    var expectedPath: String {
      let stem = (file as NSString).lastPathComponent.replacingOccurrences(of: ".png", with: "")
      return Fixtures.path("expected/\(stem).rgba")
    }
  }

  /// Every line of expected/manifest.txt: "folder/name.png width height".
  static func decoded() -> [Decoded] {
    guard let text = try? String(contentsOfFile: path("expected/manifest.txt"), encoding: .utf8) else {
      return []
    }
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count == 3, let w = Int(fields[1]), let h = Int(fields[2]) else { return nil }
      return Decoded(file: String(fields[0]), width: w, height: h)
    }
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
