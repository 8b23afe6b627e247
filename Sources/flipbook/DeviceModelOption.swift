import ArgumentParser
import Scene

/// `--device-model`: draws the scene on another phone (its size, scale, safe areas and
/// window chrome), as `device:` in the scene would; with it `--appearance` (`AppearanceOption`).
/// Shared by every command that renders.
struct DeviceModelOption: ParsableArguments {
  @Option(
    name: .customLong("device-model"),
    help: ArgumentHelp(
      "Draw the scene on this phone, as 'device:' in the scene would (\(Device.all.map(\.model).joined(separator: ", "))); a scene with a custom 'canvas.size' has no device to replace.",
      valueName: "model"))
  var model: String?

  @OptionGroup var look: AppearanceOption

  /// The overrides they stand for, applied after the variant and before any `--set`.
  var sets: [String] { (model.map { ["device=\($0)"] } ?? []) + look.sets }
}
