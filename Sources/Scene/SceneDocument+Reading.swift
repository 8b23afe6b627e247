import Foundation
import Geometry

extension SceneDocument {
  static var topKeys: [String] { SceneFormat.top.keyNames }

  /// Reads a whole scene from its (already overridden) tree. `directory` is where asset
  /// paths are relative to.
  static func read(
    _ root: SourceNode, file: String, directory: String, variant: String?, appearance forced: Appearance? = nil, in reader: SceneReader
  ) -> SceneDocument? {
    guard let f = reader.fields(root, "the scene", key: "the scene", allowed: Self.topKeys) else { return nil }
    // Before anything that reads a colour.
    if let n = f["appearance"], let a: Appearance = reader.word(n, "appearance") { reader.appearance = a }
    if let forced { reader.appearance = forced }
    let title = f["scene"].flatMap { reader.string($0, "scene") }
    let device = f["device"].flatMap { Self.device($0, in: reader) }
    if let d = f["device"], let c = f["canvas"], case .mapping(let entries, _) = c, let size = entries.first(where: { $0.key == "size" }) {
      // The device fixes the screen's size; a custom size is `canvas.size` without `device:`.
      let location = [d.location, size.keyLocation].first { $0.origin.isOption } ?? size.keyLocation
      reader.report(.conflictingKeys(["device", "canvas.size"], context: "the scene (a device has its own screen size; drop one)"), at: location)
    }
    let canvas = f["canvas"].flatMap { Self.canvas($0, device: device, in: reader) } ?? Canvas(device: device ?? .standard)
    reader.layoutNames = canvas.layoutNames
    var hold = Hold()
    if let n = f["hold"], let h = reader.fields(n, "hold", allowed: SceneFormat.hold.keyNames) {
      if let b = h["before"] { hold.before = reader.number(b, "hold before", SceneFormat.hold.range("before")) ?? hold.before }
      if let a = h["after"] { hold.after = reader.number(a, "hold after", SceneFormat.hold.range("after")) ?? hold.after }
    }
    var duration: Double?
    if let n = f["duration"] { duration = Self.clipDuration(n, fps: canvas.fps, in: reader) }
    let assets = f["assets"].map { Asset.readAll($0, directory: directory, in: reader) } ?? []
    let components = f["components"].map { ComponentTemplate.readAll($0, in: reader) } ?? [:]
    let scope = ViewScope(canvas: canvas, assetNames: Set(assets.map(\.name)), components: components)
    var screens: [Screen] = []
    reader.elevatedScreen = Transition.elevatedScreen(f["transition"])
    if let n = reader.require(f, "screens") { screens = Self.screens(n, scope: scope, in: reader) }
    if let n = f["variants"], case .mapping = n {} else if let n = f["variants"], !n.isNull {
      reader.report(.wrongType(key: "variants", expected: "a mapping of variant names to overrides", got: n.summary), at: n.location)
    }
    guard let tn = reader.require(f, "transition") else { return nil }
    let transition = Transition.read(tn, screens: &screens, canvas: canvas, in: reader)
    guard let transition, reader.diagnostics.isEmpty else { return nil }
    return SceneDocument(
      title: title, file: file, variant: variant, appearance: reader.appearance, canvas: canvas, hold: hold, duration: duration,
      assets: assets, screens: screens, transition: transition)
  }

  /// `device: iphone-15`: a model from `Device.all` (or an alias).
  private static func device(_ node: SourceNode, in reader: Reader) -> Device? {
    guard let name = reader.string(node, "device") else { return nil }
    guard let d = Device.named(name) else {
      reader.report(.unknownReference(kind: "device", name: name, known: Device.names), at: node.location)
      return nil
    }
    return d
  }

  /// `canvas:` on its own is a custom canvas when it sets `size`; with a `device` (or
  /// neither) it only sets the scale, fps and background of the device's screen.
  private static func canvas(_ node: SourceNode, device: Device?, in reader: Reader) -> Canvas? {
    guard let f = reader.fields(node, "canvas", allowed: SceneFormat.canvas.keyNames) else { return nil }
    var c = Canvas(device: device ?? .standard)
    if device == nil, let n = f["size"], let s = reader.size(n, "canvas size", SceneFormat.canvas.range("size")) {
      c = Canvas(size: s)
    }
    if let n = f["scale"], let s = reader.number(n, "scale", SceneFormat.canvas.range("scale")) { c.scale = s }
    if let n = f["fps"], let v = reader.number(n, "fps", SceneFormat.canvas.range("fps")) { c.fps = v }
    if let n = f["background"], let b = reader.color(n, "background") { c.background = b }
    let w = c.size.width * c.scale, h = c.size.height * c.scale
    // Blame the value that was changed last: a `--set` or `--vary` one first, then the size, then the scale.
    let causes = [f["size"], f["scale"]].compactMap { $0 }
    let culprit = causes.first { $0.location.origin.isOption } ?? causes.first
    let location = culprit?.location ?? f.location
    if max(w, h) > SceneLimits.maxPixelSide {
      reader.report(.limit(what: "the output's longer side", value: max(w, h).rounded(), limit: SceneLimits.maxPixelSide, unit: " px"), at: location)
    } else if w * h > SceneLimits.maxPixels {
      reader.report(.limit(what: "the output frame", value: (w * h).rounded(), limit: SceneLimits.maxPixels, unit: " px"), at: location)
    }
    return c
  }

  private static func clipDuration(_ node: SourceNode, fps: Double, in reader: Reader) -> Double? {
    guard let d = reader.number(node, "duration", SceneFormat.top.range("duration")) else { return nil }
    if d * fps > SceneLimits.maxFrames {
      reader.report(.limit(what: "the frame count", value: (d * fps).rounded(.up), limit: SceneLimits.maxFrames, unit: " frames"), at: node.location)
      return nil
    }
    return d
  }

  private static func screens(_ node: SourceNode, scope: ViewScope, in reader: SceneReader) -> [Screen] {
    guard case .mapping(let entries, _) = node else {
      reader.report(.wrongType(key: "screens", expected: "a mapping of screen names to screens", got: node.summary), at: node.location)
      return []
    }
    if entries.isEmpty { reader.report(.malformed(key: "screens", expected: "at least one screen", got: "none"), at: node.location) }
    var result: [Screen] = []
    var seen: [String: SourceLocation] = [:]
    for entry in entries {
      guard let name = reader.identifier(.scalar(.init(entry.key), entry.keyLocation), "screen name") else { continue }
      if let first = seen[name] {
        reader.report(.duplicate(kind: "screen", name: name, first: first), at: entry.keyLocation)
        continue
      }
      seen[name] = entry.keyLocation
      reader.elevated = name == reader.elevatedScreen
      defer { reader.elevated = false }
      guard var view = SceneView.read(entry.value, kind: "screen", in: scope, defaultFrame: scope.canvas.bounds, reader: reader) else { continue }
      view.id = name
      var screen = Screen(name: name, view: view, location: entry.keyLocation)
      if case .mapping(let keys, _) = entry.value, let n = keys.first(where: { $0.key == "homeIndicator" })?.value {
        screen.showsHomeIndicator = reader.bool(n, "homeIndicator") ?? true
      }
      result.append(screen)
    }
    return result
  }
}
