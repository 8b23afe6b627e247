/// The interface style a scene renders in (UIUserInterfaceStyle): system colours, the
/// adaptive blur materials, the status bar's default ink and the bars resolve to this
/// appearance's values. Explicit colours stay as written.
public enum Appearance: String, Hashable, Sendable, CaseIterable {
  case light, dark
}
