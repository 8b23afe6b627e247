import Geometry

extension SceneView.ViewTransform {
  /// `transform: {scale, rotation, translation}`.
  static func read(_ node: SourceNode, in reader: Reader) -> SceneView.ViewTransform? {
    guard let f = reader.fields(node, "transform", allowed: SceneFormat.transform.keyNames) else { return nil }
    var t = SceneView.ViewTransform()
    if let n = f["scale"] {
      if case .sequence = n {
        if let v = reader.numbers(n, "scale", count: 2, shape: "a number or [x, y]", SceneFormat.transform.range("scale")) { t.scale = Point(v[0], v[1]) }
      } else if let s = reader.number(n, "scale", SceneFormat.transform.range("scale")) {
        t.scale = Point(s, s)
      }
    }
    if let n = f["rotation"] { t.rotation = reader.number(n, "rotation", SceneFormat.transform.range("rotation")) ?? 0 }
    if let n = f["translation"] { t.translation = reader.point(n, "translation") ?? .zero }
    return t
  }
}

extension SceneView.Corners {
  /// `maskedCorners`: a corner's name or a list of them.
  static func read(_ node: SourceNode, in reader: Reader) -> SceneView.Corners? {
    let items: [SourceNode]
    if case .sequence(let list, _) = node { items = list } else { items = [node] }
    var result: SceneView.Corners = []
    for item in items {
      guard let name = reader.string(item, "maskedCorners") else { continue }
      if let c = SceneView.Corners.names.first(where: { $0.0 == name })?.1 {
        result.formUnion(c)
      } else {
        reader.report(.notOneOf(key: "corner", value: name, allowed: SceneView.Corners.names.map(\.0)), at: item.location)
      }
    }
    return result
  }
}

extension SceneView.Border {
  /// `border: {width, color}`.
  static func read(_ node: SourceNode, in reader: Reader) -> SceneView.Border? {
    guard let f = reader.fields(node, "border", allowed: SceneFormat.border.keyNames) else { return nil }
    var b = SceneView.Border(width: 1, color: .black)
    if let n = f["width"] { b.width = reader.number(n, "border width", SceneFormat.border.range("width")) ?? 1 }
    if let n = f["color"] { b.color = reader.color(n, "border color") ?? .black }
    return b
  }
}

extension SceneView.Shadow {
  /// `shadow: {color, opacity, radius, offset, path}`.
  static func read(_ node: SourceNode, in reader: Reader) -> SceneView.Shadow? {
    guard let f = reader.fields(node, "shadow", allowed: SceneFormat.shadow.keyNames) else { return nil }
    var s = SceneView.Shadow()
    if let n = f["color"] { s.color = reader.color(n, "shadow color") ?? .black }
    if let n = f["opacity"] { s.opacity = reader.number(n, "shadow opacity", SceneFormat.shadow.range("opacity")) ?? 0 }
    if let n = f["radius"] { s.radius = reader.number(n, "shadow radius", SceneFormat.shadow.range("radius")) ?? 3 }
    if let n = f["offset"] { s.offset = reader.point(n, "shadow offset") ?? s.offset }
    if let n = f["path"] {
      if case .mapping = n {
        if let g = reader.fields(n, "shadow path", allowed: SceneFormat.shadowPath.keyNames) {
          var r: Rect?
          if let rn = reader.require(g, "rect") { r = reader.rect(rn, "shadow path rect") }
          var radius = 0.0
          if let cn = g["cornerRadius"] { radius = reader.number(cn, "cornerRadius", SceneFormat.shadowPath.range("cornerRadius")) ?? 0 }
          if let r { s.path = .rect(r, cornerRadius: radius) }
        }
      } else if let w = reader.string(n, "shadow path") {
        switch w {
        case "bounds": s.path = .bounds
        case "ellipse": s.path = .ellipse
        default:
          reader.report(.notOneOf(key: "shadow path", value: w, allowed: ["bounds", "ellipse", "{rect: [x, y, width, height], cornerRadius: r}"]), at: n.location)
        }
      }
    }
    return s
  }
}

extension SceneView.Mask {
  /// `mask: {circle: {center, radius}}`.
  static func read(_ node: SourceNode, in reader: Reader) -> SceneView.Mask? {
    guard let f = reader.fields(node, "mask", allowed: SceneFormat.mask.keyNames) else { return nil }
    guard let c = reader.require(f, "circle"), let g = reader.fields(c, "circle mask", allowed: SceneFormat.circleMask.keyNames) else { return nil }
    let center = reader.require(g, "center").flatMap { reader.point($0, "center") }
    let radius = reader.require(g, "radius").flatMap { reader.number($0, "radius", SceneFormat.circleMask.range("radius")) }
    guard let center, let radius else { return nil }
    return .circle(center: center, radius: radius)
  }
}

extension SceneView.Gradient {
  /// A `gradient:` view's colours, locations, start and end.
  static func read(_ f: Fields, in reader: Reader) -> SceneView.Gradient? {
    guard let n = reader.require(f, "colors"), let items = reader.list(n, "colors") else { return nil }
    let colors = items.compactMap { reader.color($0, "colors") }
    guard colors.count == items.count else { return nil }
    guard colors.count >= 2 else {
      reader.report(.malformed(key: "colors", expected: "at least 2 colours", got: "\(colors.count)"), at: n.location)
      return nil
    }
    var locations = colors.indices.map { Double($0) / Double(colors.count - 1) }
    if let ln = f["locations"], let items = reader.list(ln, "locations") {
      let values = items.compactMap { reader.number($0, "locations", SceneFormat.gradient.range("locations")) }
      if values.count != items.count {
        // Each bad location is reported already.
      } else if values.count != colors.count {
        reader.report(.malformed(key: "locations", expected: "one location per colour (\(colors.count))", got: "\(items.count)"), at: ln.location)
      } else if zip(values, values.dropFirst()).contains(where: { $0 > $1 }) {
        reader.report(.malformed(key: "locations", expected: "increasing numbers", got: ln.summary), at: ln.location)
      } else {
        locations = values
      }
    }
    let start = f["start"].flatMap { reader.point($0, "start", SceneFormat.gradient.range("start")) } ?? Point(0.5, 0)
    let end = f["end"].flatMap { reader.point($0, "end", SceneFormat.gradient.range("end")) } ?? Point(0.5, 1)
    return SceneView.Gradient(colors: colors, locations: locations, start: start, end: end)
  }
}
