import Geometry

/// The scene format's tables (see `FormatTable`): the top level, the canvas and the other
/// mappings of the scene file. docs/scene-format.md describes the same keys for people.
public enum SceneFormat {
  static let top = FormatTable("the scene", "A Flipbook scene: screens made of views and one transition between two of them (docs/scene-format.md).", [
    FormatKey("scene", .text, "The scene's title, shown in manifests and contact sheets."),
    FormatKey("device", .word(Device.names), default: .string(Device.standard.model),
      "The phone (Devices in docs/scene-format.md): its screen size in points, scale, safe areas and window chrome. Not with canvas.size."),
    FormatKey("appearance", words(Appearance.self), default: .string(Appearance.light.rawValue),
      "The interface style (UIUserInterfaceStyle): system colours, the adaptive materials, bars, symbols' and labels' default ink and the status bar's default style follow it; hex colours stay as written. `--appearance` overrides it."),
    FormatKey("canvas", .table(canvas), "The output surface: scale, frames per second, background; `size` makes a custom canvas instead of a device."),
    FormatKey("hold", .table(hold), "Still time around the transition, in seconds."),
    FormatKey("duration", .number(.halfOpen(lower: 0, upper: SceneLimits.maxDuration), unit: "s"),
      "A fixed clip length in seconds instead of 'settled + hold.after' (at most 20,000 frames)."),
    FormatKey("assets", .dictionary(.text), "PNG files by name: `name: path`, the path relative to the scene file (or absolute)."),
    FormatKey("components", .dictionary(.table(component)), "The scene's own reusable views, with `$parameter` placeholders."),
    FormatKey("screens", .dictionary(.reference("screen")), required: true,
      "The screens by name (at least one); each is a view controller's root view."),
    FormatKey("transition", .table(transition), required: true, "The transition between two of the screens."),
    FormatKey("variants", .dictionary(.dictionary(.anything)),
      "Named sets of overrides: `path.into.the.scene[n]: value`, applied before validation (`--variant NAME`)."),
  ], allowsNull: false)

  static let canvas = FormatTable("canvas", "The output surface.", [
    FormatKey("size", .numbers([("width", sideRange), ("height", sideRange)], unit: "pt"),
      "[width, height] in points of a custom canvas (not a phone: no home indicator or Dynamic Island); not with `device`."),
    FormatKey("scale", .number(.range(SceneLimits.scaleRange), unit: "px/pt"), default: .number(Canvas().scale),
      "Output pixels per point; the device's by default (3 on an iPhone 14)."),
    FormatKey("fps", .number(.range(SceneLimits.fpsRange), unit: "frames/s"), default: .number(Canvas().fps), "Frames per second."),
    FormatKey("background", .color, default: "black", "The colour where no screen covers."),
  ])
  static let sideRange = Requirement.range(SceneLimits.minCanvasSide...SceneLimits.maxCanvasSide)

  static let hold = FormatTable("hold", "Still time around the transition.", [
    FormatKey("before", .number(.time, unit: "s"), default: .number(Hold().before),
      "Seconds before a non-interactive transition starts (an interactive one starts with its gesture)."),
    FormatKey("after", .number(.time, unit: "s"), default: .number(Hold().after), "Seconds of still frames after everything settles."),
  ])

  static let component = FormatTable("component", "A reusable view: `$name` scalars in `view` are replaced by the arguments.", [
    FormatKey("parameters", .dictionary(.anything), "Parameter names and their default values (`~` for a required parameter)."),
    FormatKey("view", .anything, required: true,
      "One subview entry (`KIND: {...}`) with `$name` placeholders; it is checked where the component is used."),
  ])

  // MARK: Types used in many tables

  static func point(_ requirement: Requirement = .coordinate, unit: String = "pt") -> FormatType {
    .numbers([("x", requirement), ("y", requirement)], unit: unit)
  }
  static let size = FormatType.numbers([("width", .length), ("height", .length)], unit: "pt")
  static let rect = FormatType.numbers([("x", .coordinate), ("y", .coordinate), ("width", .length), ("height", .length)], unit: "pt")
  static func words<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> FormatType where E.RawValue == String {
    .word(E.allCases.map(\.rawValue))
  }
  /// A colour, or `none` for no paint.
  static let paint = FormatType.either([.word(["none"]), .color])
  /// `material:` values (docs/raster.md, Backdrop materials).
  static let material = FormatType.word(SceneView.Material.allCases.map(\.rawValue) + ["none"])
}
