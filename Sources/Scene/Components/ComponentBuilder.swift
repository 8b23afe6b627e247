/// One built-in component (chrome that app screens have: a tab bar, a status bar): a subview
/// kind that expands into plain views when the scene loads (the renderer never sees a "tab
/// bar", only views). Each builder is one file in this folder and one entry of
/// `BuiltInComponent.all`.
protocol ComponentBuilder: Sendable {
  /// The kind a subview entry names (`tabBar`), also the default id of its root view.
  var kind: String { get }
  /// Its keys, defaults and ranges (Format/SceneFormat+Views.swift): what the reader accepts
  /// and what the JSON Schema lists.
  var format: FormatTable { get }
  /// A bar takes UIKit's two bar appearances (`appearance:`, `BarAppearance`).
  var isBar: Bool { get }
  /// The component's root view, built from `component`'s keys (reported problems go to
  /// `reader`); nil when it cannot be built.
  func build(_ component: ComponentInput, in reader: SceneReader) -> SceneView?
}

extension ComponentBuilder {
  var isBar: Bool { false }

  /// The component's keys, from its table.
  var keys: [String] { format.keyNames }
}
