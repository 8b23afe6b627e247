import Foundation
import Testing
@testable import Scene

/// Paths of the test fixtures and the repository, from this file's location.
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}

/// Loads scene text with assets from the fixtures folder, or returns the full error text.
enum Loaded {
  case success(SceneDocument)
  case failure(String)

  /// The document, recording an issue with the error text when the load failed.
  var document: SceneDocument? {
    switch self {
    case .success(let d): return d
    case .failure(let text):
      Issue.record("expected the scene to load:\n\(text)")
      return nil
    }
  }
}

func load(_ text: String, variant: String? = nil, sets: [String] = []) -> Loaded {
  do {
    return .success(try SceneLoader.load(text: text, origin: .file("scene.yaml"), directory: Fixture.directory, variant: variant, sets: sets))
  } catch {
    return .failure(error.description)
  }
}

/// The full diagnostic text for a scene expected to be invalid ("loaded" if it is valid).
func errors(_ text: String, variant: String? = nil, sets: [String] = []) -> String {
  switch load(text, variant: variant, sets: sets) {
  case .success: "loaded"
  case .failure(let text): text
  }
}

import Geometry

/// Whether two rectangles agree to within 1e-9 pt on every edge.
func isClose(_ a: Rect, _ b: Rect) -> Bool {
  abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
}
