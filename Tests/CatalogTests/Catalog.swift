import Foundation
import Geometry
import Scene
import Stage

/// The shipped scenes, found from this file's location (never the working directory).
enum Catalog {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  static let scenes = repository + "/Scenes"

  /// Every `*.yaml` under Scenes/, sorted.
  static var files: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: scenes)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { scenes + "/" + $0 }
  }

  static func path(_ stem: String) -> String { scenes + "/" + stem + ".yaml" }

  /// Loads a shipped scene (and variant), failing the test with the full diagnostics. The
  /// scenes do not change while the tests run, so each (scene, variant, sets) is read and
  /// validated once per test process and the document shared (a value: no test can alter
  /// another's copy).
  static func load(_ stem: String, variant: String? = nil, sets: [String] = []) throws -> SceneDocument {
    let key = ([stem, variant ?? ""] + sets).joined(separator: "\u{0}")
    if let document = loaded.document(key) { return document }
    do {
      let document = try SceneLoader.load(path: path(stem), variant: variant, sets: sets)
      loaded.store(document, key)
      return document
    } catch {
      throw CatalogFailure(description: "\(stem)\(variant.map { " (\($0))" } ?? ""):\n\(error)")
    }
  }

  private static let loaded = LoadedScenes()
}

/// The documents `Catalog.load` has read, by key; safe from any thread.
private final class LoadedScenes: @unchecked Sendable {
  private let lock = NSLock()
  private var documents: [String: SceneDocument] = [:]

  func document(_ key: String) -> SceneDocument? {
    lock.lock(); defer { lock.unlock() }
    return documents[key]
  }

  func store(_ document: SceneDocument, _ key: String) {
    lock.lock(); defer { lock.unlock() }
    documents[key] = document
  }
}

struct CatalogFailure: Error, CustomStringConvertible {
  var description: String
}

extension SceneDocument {
  /// The track on `view` (a path as written, e.g. "modal.card") animating `property`.
  func track(_ view: String, _ property: AnimatedProperty) -> Track? {
    transition.tracks.first { $0.target.text == view && $0.property == property }
  }

  /// The view with `id` anywhere in `screen` (depth first), or the screen's root for nil.
  func view(_ screen: String, id: String? = nil) -> SceneView? {
    guard let root = self.screen(named: screen)?.view else { return nil }
    guard let id else { return root }
    func find(_ v: SceneView) -> SceneView? {
      if v.id == id { return v }
      for child in v.subviews { if let found = find(child) { return found } }
      return nil
    }
    return find(root)
  }
}

extension TimingSpec {
  /// (duration, dampingRatio) of a UIKit spring, nil otherwise.
  var uikitSpring: (duration: Double, dampingRatio: Double)? {
    if case .spring(.uikit(let d, let z, _)) = kind { return (d, z) }
    return nil
  }

  /// (curve, duration) of a cubic timing, nil otherwise.
  var cubic: (curve: Curve, duration: Double)? {
    if case .curve(let c, let d) = kind { return (c, d) }
    return nil
  }
}

extension FrameState {
  /// The value of `view` (a path as written, e.g. "player.art") animating `property` in this
  /// frame, as a number (nil when the frame holds no such value).
  func number(_ view: String, _ property: AnimatedProperty) -> Double? {
    values.first { $0.key.target.text == view && $0.key.property == property }?.value.number
  }

  /// The same, as a rectangle (a frame).
  func rect(_ view: String, _ property: AnimatedProperty) -> Rect? {
    values.first { $0.key.target.text == view && $0.key.property == property }?.value.rect
  }
}
