import Geometry

/// UIKit's blur materials (UIBlurEffect.Style's system materials, iOS 13+) as backdrops.
/// The numbers and where each comes from are in docs/raster.md, "Backdrop materials";
/// all but the chrome tints are approximations (Apple publishes no filter values).
public struct Material: Hashable, Sendable {
  public enum Thickness: String, Hashable, Sendable, CaseIterable {
    case ultraThin, thin, regular, thick, chrome
  }

  public enum Appearance: String, Hashable, Sendable, CaseIterable {
    case light, dark
  }

  public var thickness: Thickness
  public var appearance: Appearance

  public init(_ thickness: Thickness, _ appearance: Appearance = .light) {
    self.thickness = thickness; self.appearance = appearance
  }

  /// Blur σ in points for every material.
  public static let blurRadius = 20.0
  /// Saturation boost for every material.
  public static let saturation = 1.8

  /// The tint composited over the saturated blur.
  public var tint: Color {
    switch (thickness, appearance) {
    case (.ultraThin, .light): Color(white: 1, alpha: 0.30)
    case (.thin, .light): Color(white: 1, alpha: 0.50)
    case (.regular, .light): Color(white: 1, alpha: 0.70)
    case (.thick, .light): Color(white: 1, alpha: 0.85)
    case (.chrome, .light): Color(red: 251 / 255, green: 251 / 255, blue: 253 / 255, alpha: 0.80)
    case (.ultraThin, .dark): Color(red: 44 / 255, green: 44 / 255, blue: 46 / 255, alpha: 0.55)
    case (.thin, .dark): Color(red: 44 / 255, green: 44 / 255, blue: 46 / 255, alpha: 0.65)
    case (.regular, .dark): Color(red: 44 / 255, green: 44 / 255, blue: 46 / 255, alpha: 0.70)
    case (.thick, .dark): Color(red: 44 / 255, green: 44 / 255, blue: 46 / 255, alpha: 0.80)
    case (.chrome, .dark): Color(red: 22 / 255, green: 22 / 255, blue: 23 / 255, alpha: 0.80)
    }
  }

  /// The material as a layer backdrop.
  public var backdrop: Backdrop {
    Backdrop(blurRadius: Material.blurRadius, saturation: Material.saturation, tint: tint)
  }
}
