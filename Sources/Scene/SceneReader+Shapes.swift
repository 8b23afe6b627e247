import Geometry
import Symbols
import Yams

extension Reader {

  /// A `path:` view's shape. `data` is SVG path data (a string, or a list of strings read
  /// as one, so a long path can span lines); `viewBox: [x, y, w, h]` maps that rectangle of
  /// path space into the view's bounds, scaled uniformly and centred (SVG's default
  /// "xMidYMid meet"); without it path space is the bounds' points. `lineWidth` is in path
  /// units, scaled with the path. `fill` defaults to black, `stroke` to none; either can be
  /// `none`.
  func pathShape(_ f: Fields, bounds: Rect) -> SceneView.PathShape? {
    guard let dataNode = require(f, "data") else { return nil }
    var pieces: [SourceNode] = []
    if case .sequence(let items, _) = dataNode { pieces = items } else { pieces = [dataNode] }
    // The pieces are read as one text (commands continue across them); an error's offset
    // maps back into the piece it falls in.
    var text = ""
    var starts: [(offset: Int, node: SourceNode)] = []
    for piece in pieces {
      guard let s = string(piece, "data") else { return nil }
      if !text.isEmpty { text += " " }
      starts.append((text.unicodeScalars.count, piece))
      text += s
    }
    let path: Path
    do {
      path = try Path(svgPathData: text)
    } catch {
      let (start, piece) = starts.last { $0.offset <= error.offset } ?? (0, dataNode)
      report(.pathData(error.description), at: location(in: piece, atScalar: error.offset - start))
      return nil
    }

    var shape = SceneView.PathShape(path: path)
    var scale = 1.0
    if let n = f["viewBox"], let box = rect(n, "viewBox") {
      if box.width <= 0 || box.height <= 0 {
        report(.malformed(key: "viewBox", expected: "[x, y, width, height] with a positive width and height", got: n.summary), at: n.location)
      } else {
        scale = min(bounds.width / box.width, bounds.height / box.height)
        let dx = bounds.minX + (bounds.width - box.width * scale) / 2 - box.minX * scale
        let dy = bounds.minY + (bounds.height - box.height * scale) / 2 - box.minY * scale
        shape.path = path.applying(AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: dx, ty: dy))
      }
    }
    if let n = f["fill"] { shape.fill = paint(n, "fill") }
    if let n = f["stroke"] { shape.stroke = paint(n, "stroke") }
    if let n = f["fillRule"] { shape.fillRule = word(n, "fillRule") ?? .nonZero }
    if let n = f["lineWidth"] { shape.lineWidth = (number(n, "lineWidth", SceneFormat.path.range("lineWidth")) ?? 1) * scale } else { shape.lineWidth = scale }
    if let n = f["lineCap"] { shape.lineCap = word(n, "lineCap") ?? .butt }
    if let n = f["lineJoin"] { shape.lineJoin = word(n, "lineJoin") ?? .miter }
    if let n = f["miterLimit"] { shape.miterLimit = number(n, "miterLimit", SceneFormat.path.range("miterLimit")) ?? 10 }
    if let n = f["lineDash"] { shape.lineDash = (lineDash(n, path: shape.path, scale: scale) ?? []) }
    if let n = f["lineDashPhase"] { shape.lineDashPhase = (number(n, "lineDashPhase", SceneFormat.path.range("lineDashPhase")) ?? 0) * scale }
    return shape
  }

  /// `lineDash`: 1 to `maxDashEntries` lengths, not all zero, in path units (returned scaled
  /// by `scale` into points), giving at most `Path.maxDashCount` dashes along `path`.
  private func lineDash(_ node: SourceNode, path: Path, scale: Double) -> [Double]? {
    guard let items = list(node, "lineDash") else { return nil }
    let values = items.compactMap { number($0, "lineDash", SceneFormat.path.range("lineDash")) }
    guard values.count == items.count else { return nil }  // each bad entry is reported already
    let maxEntries = SceneView.PathShape.maxDashEntries
    if values.isEmpty || values.count > maxEntries {
      report(.malformed(key: "lineDash", expected: "1 to \(maxEntries) lengths", got: "\(values.count)"), at: node.location)
      return nil
    }
    if values.allSatisfy({ $0 == 0 }) {
      report(.malformed(key: "lineDash", expected: "dash and gap lengths that are not all zero", got: "\(values.count) zero\(values.count == 1 ? "" : "s")"), at: node.location)
      return nil
    }
    let dash = values.map { $0 * scale }
    let pattern = dash.count % 2 == 1 ? dash + dash : dash
    let bound = path.dashCountBound(pattern: pattern)
    if bound > Double(Path.maxDashCount) {
      report(.limit(what: "the dash count along the path", value: bound.isFinite ? bound.rounded(.up) : .greatestFiniteMagnitude,
                    limit: Double(Path.maxDashCount), unit: ""), at: node.location)
      return nil
    }
    return dash
  }

  /// A colour, or `none` for no paint.
  private func paint(_ node: SourceNode, _ key: String) -> Color? {
    if case .scalar(let s, _) = node, s.string == "none" { return nil }
    return color(node, key)
  }

  /// A `symbol:` view's parts, centred in `bounds`: one path subview per part of the
  /// symbol (see docs/symbols.md for the sizing rule).
  func symbolParts(_ f: Fields, bounds: Rect, location: SourceLocation) -> [SceneView] {
    guard let n = require(f, "name"), let name = string(n, "name") else { return [] }
    var c = SymbolConfiguration()
    if let p = f["pointSize"] { c.pointSize = number(p, "pointSize", SceneFormat.symbol.range("pointSize")) ?? c.pointSize }
    if let w = f["weight"] { c.weight = word(w, "weight") ?? c.weight }
    if let s = f["scale"] { c.scale = word(s, "scale") ?? c.scale }
    if let l = f["level"] { c.level = number(l, "level", SceneFormat.symbol.range("level")) ?? c.level }
    let ink = f["color"].flatMap { color($0, "color") } ?? system(.label)
    guard let image = Symbols.image(named: name, configuration: c) else {
      report(.unknownReference(kind: "symbol", name: name, known: Symbols.names), at: n.location)
      return []
    }
    var views = SceneView.symbolParts(image, color: ink, centeredIn: bounds)
    for i in views.indices { views[i].setLocation(location) }
    return views
  }

  /// Where the character `offset` (in Unicode scalars) of a string scalar is in its source:
  /// found by walking the source text from the scalar's start, matching the string's
  /// characters in order (quotes, escapes, indentation and folded line breaks are skipped).
  /// Without the source text, the column is counted on the scalar's first line.
  func location(in node: SourceNode, atScalar offset: Int) -> SourceLocation {
    guard case .scalar(let scalar, let start) = node else { return node.location }
    let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
    guard sources[start.origin] != nil else {
      var l = start
      l.column += offset + (quoted ? 1 : 0)
      return l
    }
    guard let first = sourceLines.line(start.line, of: start.origin) else { return start }
    let wanted = Array(scalar.string.unicodeScalars)
    // The source from the scalar's start, with each scalar's line and column.
    var line = start.line, column = start.column
    var source = Array(first.unicodeScalars).dropFirst(column - 1)
    var k = 0
    let block = scalar.style == .literal || scalar.style == .folded
    if block { source = [] }  // the content starts on the next line
    if quoted { source = source.dropFirst(); column += 1 }
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
    while true {
      if k == offset && k == wanted.count { return SourceLocation(origin: start.origin, line: line, column: column) }
      if let c = source.first {
        if k < wanted.count && (c == wanted[k] || (isSpace(c) && isSpace(wanted[k]))) {
          if k == offset { return SourceLocation(origin: start.origin, line: line, column: column) }
          k += 1
        } else if k < wanted.count && isSpace(wanted[k]) {
          // Spaces the source's indentation stripping took (a more-indented block line).
          if k == offset { return SourceLocation(origin: start.origin, line: line, column: column) }
          k += 1
          continue
        }
        source = source.dropFirst()
        column += 1
        continue
      }
      // End of a source line: a line break in the string (or a folded space) matches it.
      if k < wanted.count, isSpace(wanted[k]), !block || k > 0 {
        if k == offset { return SourceLocation(origin: start.origin, line: line, column: column) }
        k += 1
      }
      if k >= wanted.count { return SourceLocation(origin: start.origin, line: line, column: column) }
      line += 1
      guard let next = sourceLines.line(line, of: start.origin) else {
        return SourceLocation(origin: start.origin, line: line - 1, column: column)
      }
      source = Array(next.unicodeScalars)[...]
      column = 1
      // Indentation belongs to the YAML, not the string.
      while let c = source.first, c == " " || c == "\t" {
        source = source.dropFirst(); column += 1
      }
    }
  }
}

extension SceneView {
  /// A symbol's parts as path views filling a box of the symbol's size centred in `bounds`
  /// (UIImageView's `.center`), each drawn in `color` times the part's opacity.
  public static func symbolParts(_ image: SymbolImage, color: Color, centeredIn bounds: Rect) -> [SceneView] {
    let box = Rect(
      x: bounds.minX + (bounds.width - image.size.width) / 2, y: bounds.minY + (bounds.height - image.size.height) / 2,
      width: image.size.width, height: image.size.height)
    return image.parts.map { part in
      var v = SceneView(frame: box)
      v.opacity = part.opacity
      var shape = SceneView.PathShape(path: part.path, fill: nil, lineCap: .round, lineJoin: .round)
      switch part.paint {
      case .fill(let rule):
        shape.fill = color
        shape.fillRule = rule == .evenOdd ? .evenOdd : .nonZero
      case .stroke(let width):
        shape.stroke = color
        shape.lineWidth = width
      case .fillAndStroke(let rule, let width):
        shape.fill = color
        shape.fillRule = rule == .evenOdd ? .evenOdd : .nonZero
        shape.stroke = color
        shape.lineWidth = width
      }
      v.content = .path(shape)
      return v
    }
  }

  /// A view showing symbol `name` centred in `frame`, or nil for an unknown name: what a
  /// `symbol:` view reads into, for components that draw symbols (the status bar).
  public static func symbol(_ name: String, configuration: SymbolConfiguration, color: Color, frame: Rect, id: String? = nil) -> SceneView? {
    guard let image = Symbols.image(named: name, configuration: configuration) else { return nil }
    var v = SceneView(id: id, frame: frame)
    v.subviews = symbolParts(image, color: color, centeredIn: v.bounds)
    return v
  }
}
