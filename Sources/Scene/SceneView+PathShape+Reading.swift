import Geometry
import Yams

extension SceneView.PathShape {
  /// A `path:` view's shape. `data` is SVG path data (a string, or a list of strings read
  /// as one, so a long path can span lines); `viewBox: [x, y, w, h]` maps that rectangle of
  /// path space into the view's bounds, scaled uniformly and centred (SVG's default
  /// "xMidYMid meet"); without it path space is the bounds' points. `lineWidth` is in path
  /// units, scaled with the path. `fill` defaults to black, `stroke` to none; either can be
  /// `none`.
  static func read(_ f: Fields, bounds: Rect, in reader: Reader) -> SceneView.PathShape? {
    guard let dataNode = reader.require(f, "data") else { return nil }
    var pieces: [SourceNode] = []
    if case .sequence(let items, _) = dataNode { pieces = items } else { pieces = [dataNode] }
    // The pieces are read as one text (commands continue across them); an error's offset
    // maps back into the piece it falls in.
    var text = ""
    var starts: [(offset: Int, node: SourceNode)] = []
    for piece in pieces {
      guard let s = reader.string(piece, "data") else { return nil }
      if !text.isEmpty { text += " " }
      starts.append((text.unicodeScalars.count, piece))
      text += s
    }
    let path: Path
    do {
      path = try Path(svgPathData: text)
    } catch {
      let (start, piece) = starts.last { $0.offset <= error.offset } ?? (0, dataNode)
      reader.report(.pathData(error.description), at: reader.location(in: piece, atScalar: error.offset - start))
      return nil
    }

    var shape = SceneView.PathShape(path: path)
    var scale = 1.0
    if let n = f["viewBox"], let box = reader.rect(n, "viewBox") {
      if box.width <= 0 || box.height <= 0 {
        reader.report(.malformed(key: "viewBox", expected: "[x, y, width, height] with a positive width and height", got: n.summary), at: n.location)
      } else {
        scale = min(bounds.width / box.width, bounds.height / box.height)
        let dx = bounds.minX + (bounds.width - box.width * scale) / 2 - box.minX * scale
        let dy = bounds.minY + (bounds.height - box.height * scale) / 2 - box.minY * scale
        shape.path = path.applying(AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: dx, ty: dy))
      }
    }
    if let n = f["fill"] { shape.fill = paint(n, "fill", in: reader) }
    if let n = f["stroke"] { shape.stroke = paint(n, "stroke", in: reader) }
    if let n = f["fillRule"] { shape.fillRule = reader.word(n, "fillRule") ?? .nonZero }
    if let n = f["lineWidth"] { shape.lineWidth = (reader.number(n, "lineWidth", SceneFormat.path.range("lineWidth")) ?? 1) * scale } else { shape.lineWidth = scale }
    if let n = f["lineCap"] { shape.lineCap = reader.word(n, "lineCap") ?? .butt }
    if let n = f["lineJoin"] { shape.lineJoin = reader.word(n, "lineJoin") ?? .miter }
    if let n = f["miterLimit"] { shape.miterLimit = reader.number(n, "miterLimit", SceneFormat.path.range("miterLimit")) ?? 10 }
    if let n = f["lineDash"] { shape.lineDash = (lineDash(n, path: shape.path, scale: scale, in: reader) ?? []) }
    if let n = f["lineDashPhase"] { shape.lineDashPhase = (reader.number(n, "lineDashPhase", SceneFormat.path.range("lineDashPhase")) ?? 0) * scale }
    return shape
  }

  /// `lineDash`: 1 to `maxDashEntries` lengths, not all zero, in path units (returned scaled
  /// by `scale` into points), giving at most `Path.maxDashCount` dashes along `path`.
  private static func lineDash(_ node: SourceNode, path: Path, scale: Double, in reader: Reader) -> [Double]? {
    guard let items = reader.list(node, "lineDash") else { return nil }
    let values = items.compactMap { reader.number($0, "lineDash", SceneFormat.path.range("lineDash")) }
    guard values.count == items.count else { return nil }  // each bad entry is reported already
    let maxEntries = SceneView.PathShape.maxDashEntries
    if values.isEmpty || values.count > maxEntries {
      reader.report(.malformed(key: "lineDash", expected: "1 to \(maxEntries) lengths", got: "\(values.count)"), at: node.location)
      return nil
    }
    if values.allSatisfy({ $0 == 0 }) {
      reader.report(.malformed(key: "lineDash", expected: "dash and gap lengths that are not all zero", got: "\(values.count) zero\(values.count == 1 ? "" : "s")"), at: node.location)
      return nil
    }
    let dash = values.map { $0 * scale }
    let pattern = dash.count % 2 == 1 ? dash + dash : dash
    let bound = path.dashCountBound(pattern: pattern)
    if bound > Double(Path.maxDashCount) {
      reader.report(.limit(what: "the dash count along the path", value: bound.isFinite ? bound.rounded(.up) : .greatestFiniteMagnitude,
                    limit: Double(Path.maxDashCount), unit: ""), at: node.location)
      return nil
    }
    return dash
  }

  /// A colour, or `none` for no paint.
  private static func paint(_ node: SourceNode, _ key: String, in reader: Reader) -> Color? {
    if case .scalar(let s, _) = node, s.string == "none" { return nil }
    return reader.color(node, key)
  }
}
