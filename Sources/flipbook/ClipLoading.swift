import ArgumentParser
import Foundation
import Scene
import Stage

/// The scene's photos, decoded once per process: `compare`'s variants, `review`'s page clip and
/// match spec, and `check`'s variants load the same files, and share their `Image`s (Stage's
/// `AssetCache`; a file that changed is decoded again), and kept decoded on disk between runs
/// (`DecodedImageStore.standard`, off with `FLIPBOOK_CACHE=off`).
let processAssets = AssetCache(store: DecodedImageStore.standard)

/// Loads, validates and simulates one variant of a scene, for every command that renders.
/// An invalid scene (including an asset that is missing or does not decode, reported at the
/// line that names it) prints its diagnostics and exits 65, so nothing is written; any other
/// failure prints `flipbook: error:` and exits 1.
///
/// `varied` are a comparison cell's `--vary` values (reported as `--vary` when wrong).
/// `maxScale` caps the scene's own scale when `scale` is not given (a grid of three phones at
/// 3x would be a 3.5K clip).
func loadSceneClip(
  scene: String, variant: String?, sets: [String], varied: [String] = [], fps: Double?, scale: Double?, maxScale: Double? = nil
) throws -> Clip {
  let document: SceneDocument
  do {
    document = try SceneLoader.load(path: scene, variant: variant, sets: sets, varied: varied)
  } catch {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    throw ExitCode(65)
  }
  var s = scale
  if s == nil, let cap = maxScale, document.canvas.scale > cap { s = cap }
  do {
    return try Clip(document: document, fps: fps, scale: s, assets: processAssets)
  } catch where error.isAssetInScene {
    FileHandle.standardError.write(Data("\(error)\n".visibleControlsPerLine.utf8))
    throw ExitCode(65)
  } catch {
    throw fail(error)
  }
}
