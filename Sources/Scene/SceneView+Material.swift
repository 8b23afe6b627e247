extension SceneView {
  /// A blur material behind the view (UIVisualEffectView with a UIBlurEffect system
  /// material): a scene's `material:` key. The unsuffixed names are the adaptive styles
  /// (systemMaterial and so on), which resolve to the light variant: scenes render in light
  /// appearance. Raster's `Material` holds each material's blur, saturation and tint; the
  /// table and its sources are in docs/raster.md.
  public enum Material: String, Hashable, Sendable, CaseIterable {
    case ultraThin, thin, regular, thick, chrome
    case ultraThinLight, thinLight, regularLight, thickLight, chromeLight
    case ultraThinDark, thinDark, regularDark, thickDark, chromeDark

    /// The thickness's name (`ultraThin`, `thin`, `regular`, `thick` or `chrome`).
    public var thickness: String {
      for suffix in ["Light", "Dark"] where rawValue.hasSuffix(suffix) {
        return String(rawValue.dropLast(suffix.count))
      }
      return rawValue
    }

    public var isDark: Bool { rawValue.hasSuffix("Dark") }
  }
}

extension Reader {
  /// A `material:` value: a material's name, or `none` (nil, as is a reported mistake).
  func material(_ node: SourceNode) -> SceneView.Material? {
    guard let text = string(node, "material") else { return nil }
    if text == "none" { return nil }
    if let m = SceneView.Material(rawValue: text) { return m }
    report(.notOneOf(key: "material", value: text, allowed: SceneView.Material.allCases.map(\.rawValue) + ["none"]), at: node.location)
    return nil
  }
}
