import Foundation
import JSONText
import Scene
@testable import Stage

enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

  static func path(_ name: String) -> String { directory + "/" + name }

  /// Loads a fixture scene into a clip; diagnostics fail the test with their full text.
  static func clip(_ name: String, variant: String? = nil, sets: [String] = [], fps: Double? = nil, scale: Double? = nil) throws -> Clip {
    let document: SceneDocument
    do {
      document = try SceneLoader.load(path: path(name), variant: variant, sets: sets)
    } catch {
      throw FixtureError(text: error.description)
    }
    return try Clip(document: document, fps: fps, scale: scale)
  }
}

struct FixtureError: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}

extension JSONValue {
  var doubleValue: Double? {
    switch self {
    case .number(let d): return d
    case .int(let i): return Double(i)
    default: return nil
    }
  }
}
