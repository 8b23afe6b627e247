import Geometry

extension Reader {
  /// The deepest view nesting accepted (libyaml stops documents at 1000 levels anyway).
  static let maxViewDepth = 64

  /// One entry of a `subviews` list: `- KIND: {properties}`.
  func subview(_ node: SourceNode, in scope: ViewScope) -> [SceneView] {
    subviewEntries += 1
    if subviewEntries > SceneLimits.maxViews {
      if subviewEntries == SceneLimits.maxViews + 1 {
        report(.limit(what: "the number of views (components expanded)", value: Double(subviewEntries), limit: Double(SceneLimits.maxViews), unit: ""), at: node.location)
      }
      return []
    }
    guard case .mapping(let entries, _) = node, entries.count == 1 else {
      report(
        .malformed(key: "a subview", expected: "one kind and its properties, like '- image: {asset: photo, frame: [0, 0, 100, 100]}'", got: node.summary),
        at: node.location)
      return []
    }
    let kind = entries[0].key, body = entries[0].value
    switch kind {
    case "view", "image", "label", "gradient", "path", "symbol":
      return view(body, kind: kind, in: scope).map { [$0] } ?? []
    default:
      if let builtIn = BuiltInComponent(rawValue: kind) {
        return expand(builtIn, body, in: scope).map { [$0] } ?? []
      }
      if let component = scope.components[kind] {
        return expand(component, body, at: entries[0].keyLocation, in: scope)
      }
      let known = ["view", "image", "label", "gradient", "path", "symbol"] + BuiltInComponent.allCases.map(\.rawValue) + scope.components.keys.sorted()
      report(.unknownReference(kind: "view kind", name: kind, known: known), at: entries[0].keyLocation)
      return []
    }
  }

  /// A view of `kind` (view, image, label, gradient), or a screen's root (`kind` "screen").
  func view(_ node: SourceNode, kind: String, in scope: ViewScope, defaultFrame: Rect? = nil) -> SceneView? {
    // Each kind's keys (every view's and its own) from the format's tables; a screen's root
    // has no `id` (its name is its id) and has `homeIndicator` (read by `screens`).
    let table = kind == "screen" ? SceneFormat.screen : SceneFormat.viewKinds.first { $0.kind == kind }?.table ?? SceneFormat.view
    let allowed = table.keyNames
    guard scope.depth < Self.maxViewDepth else {
      report(.tooComplex("views nest more than \(Self.maxViewDepth) levels deep"), at: node.location)
      return nil
    }
    guard let f = fields(node, kind == "screen" ? "screen" : "\(kind) view", key: kind, allowed: allowed) else { return nil }
    var v = SceneView()
    v.location = node.location
    if let n = f["id"] { v.id = identifier(n, "id") }

    // Geometry: frame, or position + bounds (+ anchorPoint).
    if let n = f["anchorPoint"], let p = point(n, "anchorPoint", table.range("anchorPoint")) { v.anchorPoint = p }
    if let n = f["frame"] {
      if f.has("position") || f.has("bounds") {
        report(.conflictingKeys(["frame", f.has("position") ? "position" : "bounds"], context: "a view"), at: f.keyLocation("frame"))
      }
      if let r = rect(n, "frame") { v.frame = r }
    } else if f.has("position") || f.has("bounds") {
      if let n = f["bounds"] {
        if case .sequence(let items, _) = n, items.count == 2 {
          if let s = size(n, "bounds") { v.bounds = Rect(x: 0, y: 0, width: s.width, height: s.height) }
        } else if let r = rect(n, "bounds") {
          v.bounds = r
        }
      } else {
        report(.missingKey("bounds", context: "a view with 'position'"), at: f.location)
      }
      if let n = f["position"] {
        if let p = point(n, "position") { v.position = p }
      } else {
        report(.missingKey("position", context: "a view with 'bounds'"), at: f.location)
      }
    } else if let frame = defaultFrame {
      v.frame = frame
    } else {
      report(.missingKey("frame", context: "\(kind) view"), at: f.location)
    }
    if let n = f["contentOffset"], let p = point(n, "contentOffset") { v.bounds.origin = p }

    if let n = f["transform"] { v.transform = transform(n) ?? .identity }
    if let n = f["opacity"] { v.opacity = number(n, "opacity", table.range("opacity")) ?? 1 }
    if let n = f["hidden"] { v.isHidden = bool(n, "hidden") ?? false }
    if let n = f["backgroundColor"] { v.backgroundColor = color(n, "backgroundColor") }
    if let n = f["cornerRadius"] { v.cornerRadius = number(n, "cornerRadius", table.range("cornerRadius")) ?? 0 }
    if let n = f["maskedCorners"] { v.maskedCorners = corners(n) ?? .all }
    if let n = f["cornerCurve"] { v.cornerCurve = word(n, "cornerCurve") ?? .circular }
    if let n = f["clipsToBounds"] { v.clipsToBounds = bool(n, "clipsToBounds") ?? false }
    if let n = f["border"] { v.border = border(n) }
    if let n = f["shadow"] { v.shadow = shadow(n) }
    if let n = f["material"] { v.material = material(n) }
    if let n = f["mask"] { v.mask = mask(n) }
    if let n = f["dimming"] { v.dimming = number(n, "dimming", table.range("dimming")) ?? 0 }

    switch kind {
    case "image":
      var asset: String?
      if let n = require(f, "asset"), let name = string(n, "asset") {
        if scope.assetNames.contains(name) {
          asset = name
        } else {
          report(.unknownReference(kind: "asset", name: name, known: scope.assetNames.sorted()), at: n.location)
        }
      }
      var mode = SceneView.ContentMode.scaleToFill
      if let n = f["contentMode"] { mode = word(n, "contentMode") ?? mode }
      if let asset { v.content = .image(asset: asset, contentMode: mode) }
    case "label":
      if let n = require(f, "text"), let s = string(n, "text") {
        var t = SceneView.Text(s, color: system(.label))
        if let n = f["fontSize"] { t.fontSize = number(n, "fontSize", table.range("fontSize")) ?? t.fontSize }
        if let n = f["weight"] { t.weight = word(n, "weight") ?? t.weight }
        if let n = f["color"] { t.color = color(n, "color") ?? t.color }
        if let n = f["alignment"] { t.alignment = word(n, "alignment") ?? t.alignment }
        if let n = f["lineBreak"] { t.lineBreak = word(n, "lineBreak") ?? t.lineBreak; t.lineBreakIsWritten = true }
        if let n = f["numberOfLines"] { t.numberOfLines = integer(n, "numberOfLines", table.range("numberOfLines")) ?? 1 }
        if let n = f["letterSpacing"] {
          t.letterSpacing = number(n, "letterSpacing", table.range("letterSpacing")) ?? t.letterSpacing
        }
        if let n = f["lineHeightMultiple"] {
          t.lineHeightMultiple = number(n, "lineHeightMultiple", table.range("lineHeightMultiple")) ?? t.lineHeightMultiple
        }
        v.content = .text(t)
      }
    case "gradient":
      v.content = gradient(f).map { .gradient($0) }
    case "path":
      v.content = pathShape(f, bounds: v.bounds).map { .path($0) }
    case "symbol":
      v.subviews = symbolParts(f, bounds: v.bounds, location: node.location)
    default: break
    }

    if let n = f["subviews"], let items = list(n, "subviews") {
      var inner = scope
      inner.depth += 1
      for item in items { v.subviews += subview(item, in: inner) }
      checkSiblingIds(v.subviews)
      SceneView.resolveBarAppearances(&v.subviews)
    }
    return v
  }

  /// An id: letters, digits, `_` and `-`, starting with a letter or `_`.
  func identifier(_ node: SourceNode, _ key: String) -> String? {
    guard let s = string(node, key) else { return nil }
    let ok = s.first.map { $0.isLetter || $0 == "_" } == true
      && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    guard ok else {
      report(.malformed(key: key, expected: "a name of letters, digits, '_' and '-' starting with a letter", got: "'\(s)'"), at: node.location)
      return nil
    }
    return s
  }

  func checkSiblingIds(_ views: [SceneView]) {
    var seen: [String: SourceLocation?] = [:]
    for v in views {
      guard let id = v.id else { continue }
      if let first = seen[id] {
        report(.duplicate(kind: "view id", name: id, first: first ?? SourceLocation(origin: .snippet("?"), line: 0, column: 0)), at: v.location)
      } else {
        seen[id] = v.location
      }
    }
  }

  private func transform(_ node: SourceNode) -> SceneView.ViewTransform? {
    guard let f = fields(node, "transform", allowed: SceneFormat.transform.keyNames) else { return nil }
    var t = SceneView.ViewTransform()
    if let n = f["scale"] {
      if case .sequence = n {
        if let v = numbers(n, "scale", count: 2, shape: "a number or [x, y]", SceneFormat.transform.range("scale")) { t.scale = Point(v[0], v[1]) }
      } else if let s = number(n, "scale", SceneFormat.transform.range("scale")) {
        t.scale = Point(s, s)
      }
    }
    if let n = f["rotation"] { t.rotation = number(n, "rotation", SceneFormat.transform.range("rotation")) ?? 0 }
    if let n = f["translation"] { t.translation = point(n, "translation") ?? .zero }
    return t
  }

  private func corners(_ node: SourceNode) -> SceneView.Corners? {
    let items: [SourceNode]
    if case .sequence(let list, _) = node { items = list } else { items = [node] }
    var result: SceneView.Corners = []
    for item in items {
      guard let name = string(item, "maskedCorners") else { continue }
      if let c = SceneView.Corners.names.first(where: { $0.0 == name })?.1 {
        result.formUnion(c)
      } else {
        report(.notOneOf(key: "corner", value: name, allowed: SceneView.Corners.names.map(\.0)), at: item.location)
      }
    }
    return result
  }

  private func border(_ node: SourceNode) -> SceneView.Border? {
    guard let f = fields(node, "border", allowed: SceneFormat.border.keyNames) else { return nil }
    var b = SceneView.Border(width: 1, color: .black)
    if let n = f["width"] { b.width = number(n, "border width", SceneFormat.border.range("width")) ?? 1 }
    if let n = f["color"] { b.color = color(n, "border color") ?? .black }
    return b
  }

  private func shadow(_ node: SourceNode) -> SceneView.Shadow? {
    guard let f = fields(node, "shadow", allowed: SceneFormat.shadow.keyNames) else { return nil }
    var s = SceneView.Shadow()
    if let n = f["color"] { s.color = color(n, "shadow color") ?? .black }
    if let n = f["opacity"] { s.opacity = number(n, "shadow opacity", SceneFormat.shadow.range("opacity")) ?? 0 }
    if let n = f["radius"] { s.radius = number(n, "shadow radius", SceneFormat.shadow.range("radius")) ?? 3 }
    if let n = f["offset"] { s.offset = point(n, "shadow offset") ?? s.offset }
    if let n = f["path"] {
      if case .mapping = n {
        if let g = fields(n, "shadow path", allowed: SceneFormat.shadowPath.keyNames) {
          var r: Rect?
          if let rn = require(g, "rect") { r = rect(rn, "shadow path rect") }
          var radius = 0.0
          if let cn = g["cornerRadius"] { radius = number(cn, "cornerRadius", SceneFormat.shadowPath.range("cornerRadius")) ?? 0 }
          if let r { s.path = .rect(r, cornerRadius: radius) }
        }
      } else if let w = string(n, "shadow path") {
        switch w {
        case "bounds": s.path = .bounds
        case "ellipse": s.path = .ellipse
        default:
          report(.notOneOf(key: "shadow path", value: w, allowed: ["bounds", "ellipse", "{rect: [x, y, width, height], cornerRadius: r}"]), at: n.location)
        }
      }
    }
    return s
  }

  private func mask(_ node: SourceNode) -> SceneView.Mask? {
    guard let f = fields(node, "mask", allowed: SceneFormat.mask.keyNames) else { return nil }
    guard let c = require(f, "circle"), let g = fields(c, "circle mask", allowed: SceneFormat.circleMask.keyNames) else { return nil }
    let center = require(g, "center").flatMap { point($0, "center") }
    let radius = require(g, "radius").flatMap { number($0, "radius", SceneFormat.circleMask.range("radius")) }
    guard let center, let radius else { return nil }
    return .circle(center: center, radius: radius)
  }

  private func gradient(_ f: Fields) -> SceneView.Gradient? {
    guard let n = require(f, "colors"), let items = list(n, "colors") else { return nil }
    let colors = items.compactMap { color($0, "colors") }
    guard colors.count == items.count else { return nil }
    guard colors.count >= 2 else {
      report(.malformed(key: "colors", expected: "at least 2 colours", got: "\(colors.count)"), at: n.location)
      return nil
    }
    var locations = colors.indices.map { Double($0) / Double(colors.count - 1) }
    if let ln = f["locations"], let items = list(ln, "locations") {
      let values = items.compactMap { number($0, "locations", SceneFormat.gradient.range("locations")) }
      if values.count != items.count {
        // Each bad location is reported already.
      } else if values.count != colors.count {
        report(.malformed(key: "locations", expected: "one location per colour (\(colors.count))", got: "\(items.count)"), at: ln.location)
      } else if zip(values, values.dropFirst()).contains(where: { $0 > $1 }) {
        report(.malformed(key: "locations", expected: "increasing numbers", got: ln.summary), at: ln.location)
      } else {
        locations = values
      }
    }
    let start = f["start"].flatMap { point($0, "start", SceneFormat.gradient.range("start")) } ?? Point(0.5, 0)
    let end = f["end"].flatMap { point($0, "end", SceneFormat.gradient.range("end")) } ?? Point(0.5, 1)
    return SceneView.Gradient(colors: colors, locations: locations, start: start, end: end)
  }
}

/// What a view being read can refer to.
struct ViewScope {
  var canvas: Canvas
  var assetNames: Set<String>
  var components: [String: ComponentTemplate]
  var depth = 0
  /// Components being expanded, outermost first (to report cycles).
  var expanding: [String] = []
}
