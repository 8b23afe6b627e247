import Geometry
import Testing

/// Every system colour's light and dark value against UIKit's as published: Apple's HIG
/// "Color" table (system colours and grays) and the resolved iOS 13 dynamic UIColors
/// tabulated in noahgilmore.com/blog/dark-mode-uicolor-compatibility (labels, backgrounds,
/// separators, fills). Typed here from those tables, as 8-bit components and alpha.
@Suite struct SystemColorTests {
  typealias RGBA = (r: Int, g: Int, b: Int, a: Double)

  static let published: [SystemColor: (light: RGBA, dark: RGBA)] = [
    .systemBlue: ((0, 122, 255, 1), (10, 132, 255, 1)),
    .systemRed: ((255, 59, 48, 1), (255, 69, 58, 1)),
    .systemGreen: ((52, 199, 89, 1), (48, 209, 88, 1)),
    .systemOrange: ((255, 149, 0, 1), (255, 159, 10, 1)),
    .systemYellow: ((255, 204, 0, 1), (255, 214, 10, 1)),
    .systemPink: ((255, 45, 85, 1), (255, 55, 95, 1)),
    .systemIndigo: ((88, 86, 214, 1), (94, 92, 230, 1)),
    .systemPurple: ((175, 82, 222, 1), (191, 90, 242, 1)),
    .systemTeal: ((90, 200, 250, 1), (100, 210, 255, 1)),
    .systemGray: ((142, 142, 147, 1), (142, 142, 147, 1)),
    .systemGray2: ((174, 174, 178, 1), (99, 99, 102, 1)),
    .systemGray3: ((199, 199, 204, 1), (72, 72, 74, 1)),
    .systemGray4: ((209, 209, 214, 1), (58, 58, 60, 1)),
    .systemGray5: ((229, 229, 234, 1), (44, 44, 46, 1)),
    .systemGray6: ((242, 242, 247, 1), (28, 28, 30, 1)),
    .label: ((0, 0, 0, 1), (255, 255, 255, 1)),
    .secondaryLabel: ((60, 60, 67, 0.6), (235, 235, 245, 0.6)),
    .tertiaryLabel: ((60, 60, 67, 0.3), (235, 235, 245, 0.3)),
    .quaternaryLabel: ((60, 60, 67, 0.18), (235, 235, 245, 0.16)),
    .systemBackground: ((255, 255, 255, 1), (0, 0, 0, 1)),
    .secondarySystemBackground: ((242, 242, 247, 1), (28, 28, 30, 1)),
    .tertiarySystemBackground: ((255, 255, 255, 1), (44, 44, 46, 1)),
    .systemGroupedBackground: ((242, 242, 247, 1), (0, 0, 0, 1)),
    .secondarySystemGroupedBackground: ((255, 255, 255, 1), (28, 28, 30, 1)),
    .tertiarySystemGroupedBackground: ((242, 242, 247, 1), (44, 44, 46, 1)),
    .separator: ((60, 60, 67, 0.29), (84, 84, 88, 0.6)),
    .opaqueSeparator: ((198, 198, 200, 1), (56, 56, 58, 1)),
    .systemFill: ((120, 120, 128, 0.2), (120, 120, 128, 0.36)),
    .secondarySystemFill: ((120, 120, 128, 0.16), (120, 120, 128, 0.32)),
    .tertiarySystemFill: ((118, 118, 128, 0.12), (118, 118, 128, 0.24)),
    .quaternarySystemFill: ((116, 116, 128, 0.08), (118, 118, 128, 0.18)),
  ]

  static func matches(_ c: Color, _ v: RGBA) -> Bool {
    abs(c.red * 255 - Double(v.r)) < 1e-9 && abs(c.green * 255 - Double(v.g)) < 1e-9
      && abs(c.blue * 255 - Double(v.b)) < 1e-9 && abs(c.alpha - v.a) < 1e-12
  }

  @Test(arguments: SystemColor.allCases) func bothAppearancesMatchThePublishedTable(_ name: SystemColor) throws {
    let v = try #require(Self.published[name], "no published value typed for \(name)")
    #expect(Self.matches(name.color(.light), v.light), "\(name) light: \(name.color(.light))")
    #expect(Self.matches(name.color(.dark), v.dark), "\(name) dark: \(name.color(.dark))")
  }

  /// UIKit's elevated level (a sheet, a popover) in dark mode, from Flutter's
  /// CupertinoColors, which types every UIKit dynamic colour's eight resolved values
  /// (flutter/flutter, packages/flutter/lib/src/cupertino/colors.dart, `darkElevatedColor`):
  /// the six backgrounds step up one grey; every other colour, and every light value, is the
  /// base level's.
  static let darkElevated: [SystemColor: RGBA] = [
    .systemBackground: (28, 28, 30, 1), .secondarySystemBackground: (44, 44, 46, 1), .tertiarySystemBackground: (58, 58, 60, 1),
    .systemGroupedBackground: (28, 28, 30, 1), .secondarySystemGroupedBackground: (44, 44, 46, 1),
    .tertiarySystemGroupedBackground: (58, 58, 60, 1),
  ]

  @Test(arguments: SystemColor.allCases) func elevatedLevelMatchesThePublishedTable(_ name: SystemColor) throws {
    let v = try #require(Self.published[name])
    #expect(Self.matches(name.color(.light, elevated: true), v.light), "\(name) light elevated")
    #expect(Self.matches(name.color(.dark, elevated: true), Self.darkElevated[name] ?? v.dark), "\(name) dark elevated: \(name.color(.dark, elevated: true))")
  }

  @Test func everyNameIsCovered() {
    #expect(Self.published.count == SystemColor.allCases.count)
  }
}
