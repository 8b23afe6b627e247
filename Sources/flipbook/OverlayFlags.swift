import ArgumentParser
import Review
import Scene

/// The overlay flags, one option group shared by `render`, `still`, `compare` and `review`.
struct OverlayFlags: ParsableArguments {
  @Flag(help: "Draw the scripted finger as a translucent dot (as iOS screen recordings show touches), fading after it lifts.")
  var touches = false

  @Flag(help: "Print the time and frame number on each frame.")
  var timecode = false

  @Flag(help: "Print the scene's name and the parameters that matter on each frame.")
  var caption = false

  @Flag(help: "Frame each picture in a phone outline with rounded screen corners.")
  var device = false

  var any: Bool { touches || timecode || caption || device }

  /// The overlay set for a clip of `document`; `differs` is what this cell varies, if anything.
  func overlays(document: SceneDocument, differs: String? = nil) -> OverlaySet {
    OverlaySet(
      touches: touches, timecode: timecode,
      caption: caption ? Caption(title: document.displayName, detail: differs ?? document.keyParameters) : nil,
      device: device, dynamicIsland: device ? document.canvas.device.dynamicIsland : nil)
  }

  /// The overlays for the scene hash: nothing without flags, so a plain render hashes (and
  /// writes) exactly what it did before overlays existed.
  var hashedSettings: [String] {
    let names = [(touches, "touches"), (timecode, "timecode"), (caption, "caption"), (device, "device")]
      .filter(\.0).map(\.1)
    return names.isEmpty ? [] : ["overlays=" + names.joined(separator: ",")]
  }
}
