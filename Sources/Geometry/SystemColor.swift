/// UIKit's named system colours with their light and dark values (UIColor's dynamic
/// colours resolved with `userInterfaceStyle` .light / .dark, standard contrast). The table
/// and its sources are in docs/scene-format.md, "Colours and appearance".
public enum SystemColor: String, Hashable, Sendable, CaseIterable {
  case systemBlue, systemRed, systemGreen, systemOrange, systemYellow, systemPink
  case systemIndigo, systemPurple, systemTeal
  case systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
  case label, secondaryLabel, tertiaryLabel, quaternaryLabel
  case systemBackground, secondarySystemBackground, tertiarySystemBackground
  case systemGroupedBackground, secondarySystemGroupedBackground, tertiarySystemGroupedBackground
  case separator, opaqueSeparator
  case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill

  /// The colour in `appearance`, sRGB components in [0, 1]. `elevated`: UIKit's
  /// `userInterfaceLevel` `.elevated` (a sheet, a popover), where the six system and grouped
  /// backgrounds are lighter in dark mode; every other colour, and every light value, is the
  /// same at both levels.
  public func color(_ appearance: Appearance, elevated: Bool = false) -> Color {
    let (light, dark) = values
    if appearance == .dark, elevated, let raised = elevatedDark { return raised }
    return appearance == .light ? light : dark
  }

  /// The dark value at the elevated level, for the colours that have one (UIKit's
  /// backgrounds; docs/scene-format.md, "Appearance").
  private var elevatedDark: Color? {
    let c = Self.rgb
    switch self {
    case .systemBackground, .systemGroupedBackground: return c(28, 28, 30, 1)
    case .secondarySystemBackground, .secondarySystemGroupedBackground: return c(44, 44, 46, 1)
    case .tertiarySystemBackground, .tertiarySystemGroupedBackground: return c(58, 58, 60, 1)
    default: return nil
    }
  }

  private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color {
    Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
  }

  /// (light, dark), as 8-bit sRGB components and alpha.
  private var values: (Color, Color) {
    let c = Self.rgb
    switch self {
    case .systemBlue: return (c(0, 122, 255, 1), c(10, 132, 255, 1))
    case .systemRed: return (c(255, 59, 48, 1), c(255, 69, 58, 1))
    case .systemGreen: return (c(52, 199, 89, 1), c(48, 209, 88, 1))
    case .systemOrange: return (c(255, 149, 0, 1), c(255, 159, 10, 1))
    case .systemYellow: return (c(255, 204, 0, 1), c(255, 214, 10, 1))
    case .systemPink: return (c(255, 45, 85, 1), c(255, 55, 95, 1))
    case .systemIndigo: return (c(88, 86, 214, 1), c(94, 92, 230, 1))
    case .systemPurple: return (c(175, 82, 222, 1), c(191, 90, 242, 1))
    case .systemTeal: return (c(90, 200, 250, 1), c(100, 210, 255, 1))
    case .systemGray: return (c(142, 142, 147, 1), c(142, 142, 147, 1))
    case .systemGray2: return (c(174, 174, 178, 1), c(99, 99, 102, 1))
    case .systemGray3: return (c(199, 199, 204, 1), c(72, 72, 74, 1))
    case .systemGray4: return (c(209, 209, 214, 1), c(58, 58, 60, 1))
    case .systemGray5: return (c(229, 229, 234, 1), c(44, 44, 46, 1))
    case .systemGray6: return (c(242, 242, 247, 1), c(28, 28, 30, 1))
    case .label: return (c(0, 0, 0, 1), c(255, 255, 255, 1))
    case .secondaryLabel: return (c(60, 60, 67, 0.6), c(235, 235, 245, 0.6))
    case .tertiaryLabel: return (c(60, 60, 67, 0.3), c(235, 235, 245, 0.3))
    case .quaternaryLabel: return (c(60, 60, 67, 0.18), c(235, 235, 245, 0.16))
    case .systemBackground: return (c(255, 255, 255, 1), c(0, 0, 0, 1))
    case .secondarySystemBackground: return (c(242, 242, 247, 1), c(28, 28, 30, 1))
    case .tertiarySystemBackground: return (c(255, 255, 255, 1), c(44, 44, 46, 1))
    case .systemGroupedBackground: return (c(242, 242, 247, 1), c(0, 0, 0, 1))
    case .secondarySystemGroupedBackground: return (c(255, 255, 255, 1), c(28, 28, 30, 1))
    case .tertiarySystemGroupedBackground: return (c(242, 242, 247, 1), c(44, 44, 46, 1))
    case .separator: return (c(60, 60, 67, 0.29), c(84, 84, 88, 0.6))
    case .opaqueSeparator: return (c(198, 198, 200, 1), c(56, 56, 58, 1))
    case .systemFill: return (c(120, 120, 128, 0.2), c(120, 120, 128, 0.36))
    case .secondarySystemFill: return (c(120, 120, 128, 0.16), c(120, 120, 128, 0.32))
    case .tertiarySystemFill: return (c(118, 118, 128, 0.12), c(118, 118, 128, 0.24))
    case .quaternarySystemFill: return (c(116, 116, 128, 0.08), c(118, 118, 128, 0.18))
    }
  }
}
