import Geometry
import Symbols

/// Chrome that app screens have, expanded into plain views when the scene loads (the
/// renderer never sees a "tab bar", only views): each a `ComponentBuilder` in this folder.
/// Heights that depend on the phone (status bar, safe areas) come from the canvas's
/// `Device`; the rest are UIKit's (points).
enum BuiltInComponent {
  /// Every built-in component, in the order messages and the JSON Schema list them.
  static let all: [any ComponentBuilder] = [
    StatusBarBuilder(), NavigationBarBuilder(), TabBarBuilder(), ToolbarBuilder(), PhotoGridBuilder(),
  ]

  /// The built-in component a subview entry's kind names, or nil.
  static func named(_ kind: String) -> (any ComponentBuilder)? { all.first { $0.kind == kind } }

  /// Every built-in component's kind.
  static var kinds: [String] { all.map(\.kind) }

  static let navigationBarHeight = 44.0
  static let largeTitleExtra = 52.0
  /// A tab bar's height above the bottom safe area.
  static let tabBarContentHeight = 49.0
  /// Where the back button's label starts, from the bar's leading edge (points).
  static let backLabelX = 29.0
  /// Tab bar and toolbar symbols before fitting to the HIG's boxes (Symbols.barConfiguration):
  /// body size, large scale.
  static let barSymbol = SymbolConfiguration(pointSize: 17, weight: .regular, scale: .large)
  /// The back button's chevron.left: the semibold back indicator, large scale.
  static let backSymbol = SymbolConfiguration(pointSize: 17, weight: .semibold, scale: .large)

  /// An opaque bar's background (`material: none` without a `backgroundColor`): #F9F9F9 in
  /// light (UIKit's opaque bar grey), in dark the dark chrome material's tint made opaque
  /// (#161617; docs/raster.md, "Backdrop materials").
  static func opaqueBarBackground(_ appearance: Appearance) -> Color {
    appearance == .light ? Color(hex: "#F9F9F9")! : Color(red: 22 / 255, green: 22 / 255, blue: 23 / 255)
  }
}

extension SceneView {
  /// Gives this view and its descendants `location` (where the component was written).
  mutating func setLocation(_ location: SourceLocation) {
    self.location = location
    for i in subviews.indices { subviews[i].setLocation(location) }
  }
}
