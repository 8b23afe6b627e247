import Geometry

extension TriggerSpec {
  /// `trigger: {tap: {...}}` or `trigger: {longPress: {...}}`.
  static func read(_ node: SourceNode, screens: [Screen], in reader: SceneReader) -> TriggerSpec? {
    guard let f = reader.fields(node, "trigger", allowed: SceneFormat.trigger.keyNames) else { return nil }
    switch (f["tap"], f["longPress"]) {
    case (nil, nil):
      reader.report(.missingKey("tap' or 'longPress", context: "trigger"), at: f.location)
      return nil
    case (.some, .some):
      reader.report(.conflictingKeys(["tap", "longPress"], context: "trigger"), at: f.keyLocation("longPress"))
      return nil
    case (let n?, nil): return press(n, .tap, screens: screens, in: reader)
    case (nil, let n?): return press(n, .longPress, screens: screens, in: reader)
    }
  }

  /// `{at, duration, view, point, drift, highlight}`.
  private static func press(_ node: SourceNode, _ gesture: TriggerSpec.Gesture, screens: [Screen], in reader: SceneReader) -> TriggerSpec? {
    let table = SceneFormat.press
    guard let f = reader.fields(node, gesture.rawValue, allowed: table.keyNames) else { return nil }
    let at = reader.require(f, "at").flatMap { reader.number($0, "at", table.range("at")) }
    let defaultDuration = gesture == .tap ? TriggerSpec.defaultTapDuration : TriggerSpec.defaultLongPressDuration
    let duration = f["duration"].map { reader.number($0, "duration", table.range("duration")) } ?? defaultDuration
    let view = f["view"].map { ViewPath.read($0, "view", screens: screens, in: reader) }
    let point = f["point"].map { reader.point($0, "point", table.range("point")) }
    let drift = f["drift"].map { reader.point($0, "drift", table.range("drift")) } ?? .zero
    if f["view"] == nil && f["point"] == nil {
      reader.report(.missingKey("view' or 'point", context: gesture.rawValue), at: f.location)
    }
    var highlight: HighlightSpec??
    if let n = f["highlight"] {
      highlight = HighlightSpec.read(n, in: reader)
      if case .some(.some) = highlight, f["view"] == nil {
        reader.report(.missingKey("view", context: "\(gesture.rawValue) with a highlight (the highlighted view)"), at: f.keyLocation("highlight"))
        return nil
      }
    }
    guard let at, let duration, let drift, view != .some(nil), point != .some(nil), highlight != .some(nil),
      f["view"] != nil || f["point"] != nil
    else { return nil }
    return TriggerSpec(
      gesture: gesture, at: at, duration: duration, view: view ?? nil, point: point ?? nil, drift: drift,
      highlight: highlight ?? nil, location: node.location)
  }

}

extension HighlightSpec {
  /// `none`, a style's name, or `{style: {parameters}}`. Returns `.some(nil)` for `none`, nil
  /// after an error.
  static func read(_ node: SourceNode, in reader: Reader) -> HighlightSpec?? {
    let words = ["none"] + HighlightSpec.Style.allCases.map(\.rawValue)
    if case .scalar = node {
      guard let text = reader.string(node, "highlight") else { return nil }
      if text == "none" { return .some(nil) }
      guard let style = HighlightSpec.Style(rawValue: text) else {
        reader.report(.notOneOf(key: "highlight", value: text, allowed: words), at: node.location)
        return nil
      }
      return .some(.standard(style))
    }
    guard let f = reader.fields(node, "highlight", allowed: SceneFormat.highlight.keyNames) else { return nil }
    let given = SceneFormat.highlight.keyNames.filter { f.has($0) }
    guard given.count == 1, let style = HighlightSpec.Style(rawValue: given[0]), let n = f[given[0]] else {
      if given.isEmpty {
        reader.report(.missingKey(words.dropFirst().joined(separator: "' or '"), context: "highlight"), at: f.location)
      } else {
        reader.report(.conflictingKeys(given, context: "highlight"), at: f.keyLocation(given[1]))
      }
      return nil
    }
    let timing = { (g: Fields) -> TimingSpec?? in g["timing"].map { TimingSpec.read($0, "timing", in: reader) } }
    switch style {
    case .dim:
      let table = SceneFormat.dimHighlight
      guard let g = reader.fields(n, "dim", allowed: table.keyNames) else { return nil }
      let opacity = g["opacity"].map { reader.number($0, "opacity", table.range("opacity")) } ?? HighlightSpec.dimOpacity
      let off = timing(g) ?? HighlightSpec.dimOff
      guard let opacity, let off else { return nil }
      return .some(.dim(opacity: opacity, off: off))
    case .cell:
      guard let g = reader.fields(n, "cell", allowed: SceneFormat.cellHighlight.keyNames) else { return nil }
      let color = g["color"].map { reader.color($0, "color") } ?? HighlightSpec.cellColor
      let off = timing(g) ?? HighlightSpec.cellOff
      guard let color, let off else { return nil }
      return .some(.cell(color: color, off: off))
    case .press:
      let table = SceneFormat.pressHighlight
      guard let g = reader.fields(n, "press", allowed: table.keyNames) else { return nil }
      let scale = g["scale"].map { reader.number($0, "scale", table.range("scale")) } ?? HighlightSpec.pressScale
      let spring = timing(g) ?? HighlightSpec.pressTiming
      guard let scale, let spring else { return nil }
      return .some(.press(scale: scale, timing: spring))
    }
  }
}
