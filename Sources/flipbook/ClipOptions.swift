import ArgumentParser
import Foundation
import Scene
import Stage

/// The options `render` and `still` share: which scene, which variant, overrides.
struct ClipOptions: ParsableArguments {
  @Argument(help: "The scene file (YAML).")
  var scene: String

  @Option(help: "Apply the scene's named variant (from its 'variants:').")
  var variant: String?

  @Option(name: .customLong("set"), help: ArgumentHelp("Override a scene value, e.g. --set transition.interactive.complete.spring.duration=0.5 (repeatable; VALUE is YAML).", valueName: "path=value"))
  var sets: [String] = []

  @OptionGroup var device: DeviceModelOption

  @Option(help: "Frames per second (overrides the scene's canvas fps).")
  var fps: Double?

  @Option(help: "Pixels per point (overrides the scene's canvas scale; 1 for quick previews).")
  var scale: Double?

  /// Loads, validates and simulates the scene; prints diagnostics and exits 65 when the scene
  /// is invalid, so nothing is written.
  func loadClip() throws -> Clip {
    try loadSceneClip(scene: scene, variant: variant, sets: device.sets + sets, fps: fps, scale: scale)
  }

  /// The settings that change pixels, for the scene hash.
  var hashedSettings: [String] {
    ["variant=\(variant ?? "")"] + (device.sets + sets).map { "set=\($0)" } + ["fps=\(fps.map { "\($0)" } ?? "")", "scale=\(scale.map { "\($0)" } ?? "")"]
  }
}

/// Prints `flipbook: error: ...` on stderr and returns the exit code to throw.
func fail(_ error: any Error) -> ExitCode {
  FileHandle.standardError.write(Data("flipbook: error: \(error)\n".utf8))
  return ExitCode(1)
}
