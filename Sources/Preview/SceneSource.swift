import Foundation
import Review
import Scene
import Stage

/// What the preview shows: one scene file, the variants to load from it (each a named
/// variant and `--set` overrides, with a label), and the fps/scale to render at.
public struct SceneSource: Sendable {
  public var scene: String
  public var entries: [VariantPlan.Entry]
  public var fps: Double?
  public var scale: Double?

  public init(scene: String, entries: [VariantPlan.Entry], fps: Double? = nil, scale: Double? = nil) {
    self.scene = scene; self.entries = entries; self.fps = fps; self.scale = scale
  }

  /// The outcome of loading every entry.
  public enum Loaded: Sendable {
    case valid([PlayerVariant], files: [String])
    /// The problems, exactly as `flipbook check` prints them (file:line:column, the
    /// source line and a caret), each distinct text once.
    case invalid(String)
  }

  /// Loads, validates and simulates every entry, as `render` does. The files returned are
  /// the scene and every asset it names (what a change to should re-render). With `assets`,
  /// an asset file unchanged since an earlier load is not decoded again.
  public func load(assets: AssetCache? = nil) -> Loaded {
    var variants: [PlayerVariant] = []
    var problems: [String] = []
    var files = [scene]
    for entry in entries {
      let document: SceneDocument
      do {
        document = try SceneLoader.load(path: scene, variant: entry.variant, sets: entry.sets, varied: entry.varied)
      } catch {
        problems.append(error.description)
        continue
      }
      for asset in document.assets where !files.contains(asset.resolvedPath) { files.append(asset.resolvedPath) }
      do {
        variants.append(PlayerVariant(clip: try Clip(document: document, fps: fps, scale: scale, assets: assets), label: entry.label))
      } catch where error.isAssetInScene {
        problems.append("\(error)\n")
      } catch {
        problems.append("\(scene): error: the scene is valid but cannot be simulated: \(error)\n")
      }
    }
    var seen = Set<String>()
    let distinct = problems.filter { seen.insert($0).inserted }
    if !distinct.isEmpty { return .invalid(distinct.joined(separator: "\n")) }
    return .valid(variants, files: files)
  }
}
