/// The limits on what a scene may ask Flipbook to read, so that every input ends in a result
/// or a clear error in time proportional to its size (never a crash, a hang or gigabytes of
/// memory). docs/scene-format.md ("Limits") lists each with its value.
extension SceneLimits {
  /// Largest scene file in bytes (4 MiB); checked from the file's size before it is read.
  public static let maxSceneFileBytes = 4 << 20
  /// Most YAML nodes one scene may expand to (aliases count each time they are used): room
  /// for `maxGesturePoints` points (about 6 nodes each) and thousands of views, while an
  /// alias "billion laughs" stops after this many.
  public static let maxYAMLNodes = 200_000
  /// Most points in one gesture script.
  public static let maxGesturePoints = 10_000
  /// Largest PNG asset side in pixels.
  public static let maxAssetSide = 16_384
  /// Most pixels in one PNG asset (400 MB decoded as RGBA8), as the PNG decoder's limit.
  public static let maxAssetPixels = 100_000_000
  /// Most pixels in all of a scene's PNG assets together, each file counted once (400 MB
  /// decoded as RGBA8, about 540 MB with the half-size copies drawing makes): one of the
  /// largest assets, or about 33 full-resolution iPhone screenshots (1170 x 2532).
  public static let maxTotalAssetPixels = 100_000_000
}

extension SceneLimits {
  /// Most diagnostics printed in full for one scene; the rest are counted in one
  /// `... and N more errors` line (all of them are still in `DiagnosticReport.diagnostics`).
  public static let maxDiagnosticsShown = 100
}

extension SceneLimits {
  /// Most steps (keys and `[n]` indices) in one variant or `--set` path.
  public static let maxOverrideSteps = 1_000
}

extension SceneLimits {
  /// Most Unicode scalars in one string of a scene: a label's text, the scene's title, a
  /// navigation bar's title, an asset path. Text layout and captions cost time and memory in
  /// proportion (a 300,000-character label took 51 s a frame).
  public static let maxTextLength = 10_000
}
