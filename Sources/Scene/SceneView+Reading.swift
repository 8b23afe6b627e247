import Geometry

extension SceneView {
  /// The deepest view nesting accepted (libyaml stops documents at 1000 levels anyway).
  static let maxViewDepth = 64

  /// The view kinds a subview entry may name (`view`, `image`, `label`, ...), from the
  /// format's tables; each kind's content is read in `read(_:kind:in:defaultFrame:reader:)`.
  static var viewKinds: [String] { SceneFormat.viewKinds.map(\.kind) }

  /// One entry of a `subviews` list: `- KIND: {properties}`.
  static func readSubview(_ node: SourceNode, in scope: ViewScope, reader: SceneReader) -> [SceneView] {
    reader.subviewEntries += 1
    if reader.subviewEntries > SceneLimits.maxViews {
      if reader.subviewEntries == SceneLimits.maxViews + 1 {
        reader.report(.limit(what: "the number of views (components expanded)", value: Double(reader.subviewEntries), limit: Double(SceneLimits.maxViews), unit: ""), at: node.location)
      }
      return []
    }
    guard case .mapping(let entries, _) = node, entries.count == 1 else {
      reader.report(
        .malformed(key: "a subview", expected: "one kind and its properties, like '- image: {asset: photo, frame: [0, 0, 100, 100]}'", got: node.summary),
        at: node.location)
      return []
    }
    let kind = entries[0].key, body = entries[0].value
    if viewKinds.contains(kind) {
      return read(body, kind: kind, in: scope, reader: reader).map { [$0] } ?? []
    }
    if let builtIn = BuiltInComponent.named(kind) {
      return ComponentInput.expand(builtIn, body, in: scope, reader: reader).map { [$0] } ?? []
    }
    if let component = scope.components[kind] {
      return component.expand(body, at: entries[0].keyLocation, in: scope, reader: reader)
    }
    let known = viewKinds + BuiltInComponent.kinds + scope.components.keys.sorted()
    reader.report(.unknownReference(kind: "view kind", name: kind, known: known), at: entries[0].keyLocation)
    return []
  }

  /// A view of `kind` (view, image, label, gradient), or a screen's root (`kind` "screen").
  static func read(_ node: SourceNode, kind: String, in scope: ViewScope, defaultFrame: Rect? = nil, reader: SceneReader) -> SceneView? {
    // Each kind's keys (every view's and its own) from the format's tables; a screen's root
    // has no `id` (its name is its id) and has `homeIndicator` (read by `screens`).
    let table = kind == "screen" ? SceneFormat.screen : SceneFormat.viewKinds.first { $0.kind == kind }?.table ?? SceneFormat.view
    let allowed = table.keyNames
    guard scope.depth < Self.maxViewDepth else {
      reader.report(.tooComplex("views nest more than \(Self.maxViewDepth) levels deep"), at: node.location)
      return nil
    }
    guard let f = reader.fields(node, kind == "screen" ? "screen" : "\(kind) view", key: kind, allowed: allowed) else { return nil }
    var v = SceneView()
    v.location = node.location
    if let n = f["id"] { v.id = reader.identifier(n, "id") }

    // Geometry: frame, or position + bounds (+ anchorPoint).
    if let n = f["anchorPoint"], let p = reader.point(n, "anchorPoint", table.range("anchorPoint")) { v.anchorPoint = p }
    if let n = f["frame"] {
      if f.has("position") || f.has("bounds") {
        reader.report(.conflictingKeys(["frame", f.has("position") ? "position" : "bounds"], context: "a view"), at: f.keyLocation("frame"))
      }
      if let r = reader.rect(n, "frame") { v.frame = r }
    } else if f.has("position") || f.has("bounds") {
      if let n = f["bounds"] {
        if case .sequence(let items, _) = n, items.count == 2 {
          if let s = reader.size(n, "bounds") { v.bounds = Rect(x: 0, y: 0, width: s.width, height: s.height) }
        } else if let r = reader.rect(n, "bounds") {
          v.bounds = r
        }
      } else {
        reader.report(.missingKey("bounds", context: "a view with 'position'"), at: f.location)
      }
      if let n = f["position"] {
        if let p = reader.point(n, "position") { v.position = p }
      } else {
        reader.report(.missingKey("position", context: "a view with 'bounds'"), at: f.location)
      }
    } else if let frame = defaultFrame {
      v.frame = frame
    } else {
      reader.report(.missingKey("frame", context: "\(kind) view"), at: f.location)
    }
    if let n = f["contentOffset"], let p = reader.point(n, "contentOffset") { v.bounds.origin = p }

    if let n = f["transform"] { v.transform = ViewTransform.read(n, in: reader) ?? .identity }
    if let n = f["opacity"] { v.opacity = reader.number(n, "opacity", table.range("opacity")) ?? 1 }
    if let n = f["hidden"] { v.isHidden = reader.bool(n, "hidden") ?? false }
    if let n = f["backgroundColor"] { v.backgroundColor = reader.color(n, "backgroundColor") }
    if let n = f["cornerRadius"] { v.cornerRadius = reader.number(n, "cornerRadius", table.range("cornerRadius")) ?? 0 }
    if let n = f["maskedCorners"] { v.maskedCorners = Corners.read(n, in: reader) ?? .all }
    if let n = f["cornerCurve"] { v.cornerCurve = reader.word(n, "cornerCurve") ?? .circular }
    if let n = f["clipsToBounds"] { v.clipsToBounds = reader.bool(n, "clipsToBounds") ?? false }
    if let n = f["border"] { v.border = Border.read(n, in: reader) }
    if let n = f["shadow"] { v.shadow = Shadow.read(n, in: reader) }
    if let n = f["material"] { v.material = Material.read(n, in: reader) }
    if let n = f["mask"] { v.mask = Mask.read(n, in: reader) }
    if let n = f["dimming"] { v.dimming = reader.number(n, "dimming", table.range("dimming")) ?? 0 }

    switch kind {
    case "image":
      var asset: String?
      if let n = reader.require(f, "asset"), let name = reader.string(n, "asset") {
        if scope.assetNames.contains(name) {
          asset = name
        } else {
          reader.report(.unknownReference(kind: "asset", name: name, known: scope.assetNames.sorted()), at: n.location)
        }
      }
      var mode = SceneView.ContentMode.scaleToFill
      if let n = f["contentMode"] { mode = reader.word(n, "contentMode") ?? mode }
      if let asset { v.content = .image(asset: asset, contentMode: mode) }
    case "label":
      if let n = reader.require(f, "text"), let s = reader.string(n, "text") {
        var t = SceneView.Text(s, color: reader.system(.label))
        if let n = f["fontSize"] { t.fontSize = reader.number(n, "fontSize", table.range("fontSize")) ?? t.fontSize }
        if let n = f["weight"] { t.weight = reader.word(n, "weight") ?? t.weight }
        if let n = f["color"] { t.color = reader.color(n, "color") ?? t.color }
        if let n = f["alignment"] { t.alignment = reader.word(n, "alignment") ?? t.alignment }
        if let n = f["lineBreak"] { t.lineBreak = reader.word(n, "lineBreak") ?? t.lineBreak; t.lineBreakIsWritten = true }
        if let n = f["numberOfLines"] { t.numberOfLines = reader.integer(n, "numberOfLines", table.range("numberOfLines")) ?? 1 }
        if let n = f["letterSpacing"] {
          t.letterSpacing = reader.number(n, "letterSpacing", table.range("letterSpacing")) ?? t.letterSpacing
        }
        if let n = f["lineHeightMultiple"] {
          t.lineHeightMultiple = reader.number(n, "lineHeightMultiple", table.range("lineHeightMultiple")) ?? t.lineHeightMultiple
        }
        v.content = .text(t)
      }
    case "gradient":
      v.content = Gradient.read(f, in: reader).map { .gradient($0) }
    case "path":
      v.content = PathShape.read(f, bounds: v.bounds, in: reader).map { .path($0) }
    case "symbol":
      v.subviews = readSymbolParts(f, bounds: v.bounds, location: node.location, reader: reader)
    default: break
    }

    if let n = f["subviews"], let items = reader.list(n, "subviews") {
      var inner = scope
      inner.depth += 1
      for item in items { v.subviews += readSubview(item, in: inner, reader: reader) }
      checkSiblingIds(v.subviews, reader: reader)
      SceneView.resolveBarAppearances(&v.subviews)
    }
    return v
  }

  /// Reports each id used by more than one of `views` (siblings), at the later view.
  static func checkSiblingIds(_ views: [SceneView], reader: Reader) {
    var seen: [String: SourceLocation?] = [:]
    for v in views {
      guard let id = v.id else { continue }
      if let first = seen[id] {
        reader.report(.duplicate(kind: "view id", name: id, first: first ?? SourceLocation(origin: .snippet("?"), line: 0, column: 0)), at: v.location)
      } else {
        seen[id] = v.location
      }
    }
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
