import Geometry

extension Track {
  static var keys: [String] { SceneFormat.track.keyNames }

  /// One of `transition.tracks` (or a background animator's): a view path, a property and its
  /// values (`from`/`to` or `keyframes`).
  static func read(_ node: SourceNode, screens: [Screen], in reader: SceneReader) -> Track? {
    guard let f = reader.fields(node, "track", allowed: Self.keys) else { return nil }
    let target = reader.require(f, "view").flatMap { ViewPath.read($0, "view", screens: screens, in: reader) }
    let property: AnimatedProperty? = reader.require(f, "property").flatMap { reader.word($0, "property") }
    let timing = f["timing"].flatMap { TimingSpec.read($0, "timing", in: reader) }
    let phase: TrackPhase? = f["phase"].map { reader.word($0, "phase") } ?? .progress
    if f.has("phase"), f.has("timing") {
      reader.report(.conflictingKeys(["phase", "timing"], context: "a track"), at: f.keyLocation("phase"))
    }
    guard let target, let property, let phase else { return nil }
    guard let view = view(at: target, in: screens) else { return nil }
    let current = property.value(in: view)
    if property == .maskRadius, view.mask == nil {
      reader.report(.malformed(key: "maskRadius", expected: "a view with a 'mask'", got: "'\(target.text)', which has none"), at: f.keyLocation("property"))
    }
    if [.shadowOffset, .shadowOffsetX, .shadowOffsetY].contains(property), view.shadow == nil {
      reader.report(.malformed(key: property.rawValue, expected: "a view with a 'shadow'", got: "'\(target.text)', which has none"), at: f.keyLocation("property"))
    }
    if property == .blurRadius, view.material == nil {
      reader.report(.malformed(key: "blurRadius", expected: "a view with a 'material'", got: "'\(target.text)', which has none"), at: f.keyLocation("property"))
    }
    var keyframes: [Keyframe] = []
    if let kn = f["keyframes"] {
      if f.has("from") || f.has("to") {
        reader.report(.conflictingKeys(["keyframes", f.has("from") ? "from" : "to"], context: "a track"), at: f.keyLocation("keyframes"))
      }
      guard let items = reader.list(kn, "keyframes") else { return nil }
      var previous: Double?
      for item in items {
        guard let k = reader.fields(item, "keyframe", allowed: SceneFormat.keyframe.keyNames) else { continue }
        let at = reader.require(k, "at").flatMap { reader.number($0, "keyframe at", SceneFormat.keyframe.range("at")) }
        let value = reader.require(k, "value").flatMap { propertyValue($0, property, in: reader) }
        guard let at, let value else { continue }
        if let previous, at < previous {
          reader.report(.timeGoesBackwards(key: "keyframe at", time: at, previous: previous), at: k["at"]!.location)
          continue
        }
        previous = at
        keyframes.append(Keyframe(at: at, value: value))
      }
      guard !keyframes.isEmpty else {
        reader.report(.malformed(key: "keyframes", expected: "at least one keyframe", got: "none"), at: kn.location)
        return nil
      }
      if keyframes[0].at > 0 { keyframes.insert(Keyframe(at: 0, value: keyframes[0].value), at: 0) }
      if keyframes[keyframes.count - 1].at < 1 { keyframes.append(Keyframe(at: 1, value: keyframes[keyframes.count - 1].value)) }
    } else {
      if !f.has("from") && !f.has("to") {
        reader.report(.missingKey("from' or 'to", context: "a track"), at: f.location)
        return nil
      }
      let from = f["from"].map { propertyValue($0, property, in: reader) } ?? current
      let to = f["to"].map { propertyValue($0, property, in: reader) } ?? current
      guard let from, let to else { return nil }
      keyframes = [Keyframe(at: 0, value: from), Keyframe(at: 1, value: to)]
    }
    var track = Track(target: target, property: property, keyframes: keyframes, timing: timing, location: node.location)
    track.phase = phase
    return track
  }

  private static func view(at path: ViewPath, in screens: [Screen]) -> SceneView? {
    guard var v = screens.first(where: { $0.name == path.screen })?.view else { return nil }
    for i in path.indices { v = v.subviews[i] }
    return v
  }

  private static func propertyValue(_ node: SourceNode, _ property: AnimatedProperty, in reader: Reader) -> PropertyValue? {
    let key = property.rawValue
    switch property.valueKind {
    case .number:
      return reader.number(node, key, property.requirement).map { .number($0) }
    case .point: return reader.point(node, key).map { .point($0) }
    case .size: return reader.size(node, key).map { .size($0) }
    case .rect: return reader.rect(node, key).map { .rect($0) }
    case .color: return reader.color(node, key).map { .color($0) }
    }
  }
}

extension AnimatedProperty {
  /// The range of a number-valued property's track values.
  var requirement: Requirement {
    switch self {
    case .opacity, .backgroundOpacity, .shadowOpacity, .dimming: .fraction
    case .cornerRadius, .borderWidth, .maskRadius: .length
    case .shadowRadius, .blurRadius: .range(0...SceneLimits.maxShadowRadius)
    case .shadowOffsetX, .shadowOffsetY: .coordinate
    case .scale, .scaleX, .scaleY: .scale
    case .rotation: .rotation
    case .translationX, .translationY, .positionX, .positionY, .contentOffsetY: .coordinate
    // Not numbers: read as points, sizes, rectangles or colours, each with its own ranges.
    case .translation, .position, .contentOffset, .shadowOffset, .frame, .size, .backgroundColor: .coordinate
    }
  }
}
