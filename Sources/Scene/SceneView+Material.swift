import Geometry

extension SceneView {
  /// A blur material behind the view (UIVisualEffectView with a UIBlurEffect system
  /// material): a scene's `material:` key. The unsuffixed names are the adaptive styles
  /// (systemMaterial and so on), which resolve to the scene's appearance when it is read
  /// (`resolved`). Raster's `Material` holds each material's blur, saturation and tint; the
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

    /// Every material's blur σ in points: Raster's `Material.blurRadius` (docs/raster.md,
    /// "Backdrop materials"), the value a `blurRadius` track starts from by default.
    public static let blurRadius = 20.0

    /// An adaptive material in `appearance` (`chrome` in dark is `chromeDark`); a material
    /// that names its appearance stays as it is.
    public func resolved(_ appearance: Appearance) -> Material {
      guard appearance == .dark, thickness == rawValue else { return self }
      return Material(rawValue: rawValue + "Dark") ?? self
    }
  }
}

extension SceneView.Material {
  /// A `material:` value: a material's name, or `none` (nil, as is a reported mistake).
  static func read(_ node: SourceNode, in reader: Reader) -> SceneView.Material? {
    guard let text = reader.string(node, "material") else { return nil }
    if text == "none" { return nil }
    if let m = SceneView.Material(rawValue: text) { return m.resolved(reader.appearance) }
    reader.report(.notOneOf(key: "material", value: text, allowed: SceneView.Material.allCases.map(\.rawValue) + ["none"]), at: node.location)
    return nil
  }
}
