import Geometry

/// `statusBar`: the status bar's background (the screen's) and its time and indicators (the
/// window's, `StatusBarContent`), laid out for the device.
struct StatusBarBuilder: ComponentBuilder {
  var kind: String { "statusBar" }
  var format: FormatTable { SceneFormat.statusBar }

  func build(_ component: ComponentInput, in reader: SceneReader) -> SceneView? {
    let f = component.fields, node = component.node
    let light = f["style"].flatMap { n -> Bool? in
      guard let s = reader.string(n, "style") else { return nil }
      if s == "light" { return true }
      if s == "dark" { return false }
      reader.report(.notOneOf(key: "status bar style", value: s, allowed: ["dark", "light"]), at: n.location)
      return nil
    } ?? (reader.appearance == .dark)
    // The background belongs to the screen (a bar's colour reaching up under the status
    // bar, down to the top of the safe area); the time and indicators belong to the
    // window and stay put while screens move.
    var root = component.box(component.id, Rect(0, 0, component.width, component.device.safeArea.top), component.background)
    root.role = .statusBar
    let time = f["time"].flatMap { reader.string($0, "time") } ?? StatusBarContent.defaultTime
    let battery = f["battery"].flatMap { reader.number($0, "battery", SceneFormat.statusBar.range("battery")) } ?? StatusBarContent.defaultBattery
    var content = StatusBarContent(device: component.device, light: light, time: time, battery: battery).view
    content.setLocation(node.location)
    root.subviews.append(content)
    return root
  }
}
