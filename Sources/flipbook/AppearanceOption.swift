import ArgumentParser
import Geometry

extension Appearance: ExpressibleByArgument {}

/// `--appearance light|dark`: renders the scene in that interface style, as `appearance:`
/// in the scene would (system colours, materials, bars, the status bar; docs/scene-format.md,
/// "Appearance"). Part of `DeviceModelOption`, so every command that renders or checks a
/// scene takes it; `preview` takes it on its own.
struct AppearanceOption: ParsableArguments {
  @Option(help: ArgumentHelp("Render in this appearance, as 'appearance:' in the scene would (overrides the scene and its variants).", valueName: "light|dark"))
  var appearance: Appearance?

  /// The override it stands for, applied after the variant (before any `--set`).
  var sets: [String] { appearance.map { ["appearance=\($0.rawValue)"] } ?? [] }
}
