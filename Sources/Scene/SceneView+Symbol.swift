import Geometry
import Symbols

extension SceneView {
  /// A `symbol:` view's parts, centred in `bounds`: one path subview per part of the
  /// symbol (see docs/symbols.md for the sizing rule).
  static func readSymbolParts(_ f: Fields, bounds: Rect, location: SourceLocation, reader: Reader) -> [SceneView] {
    guard let n = reader.require(f, "name"), let name = reader.string(n, "name") else { return [] }
    var c = SymbolConfiguration()
    if let p = f["pointSize"] { c.pointSize = reader.number(p, "pointSize", SceneFormat.symbol.range("pointSize")) ?? c.pointSize }
    if let w = f["weight"] { c.weight = reader.word(w, "weight") ?? c.weight }
    if let s = f["scale"] { c.scale = reader.word(s, "scale") ?? c.scale }
    if let l = f["level"] { c.level = reader.number(l, "level", SceneFormat.symbol.range("level")) ?? c.level }
    let ink = f["color"].flatMap { reader.color($0, "color") } ?? reader.system(.label)
    guard let image = Symbols.image(named: name, configuration: c) else {
      reader.report(.unknownReference(kind: "symbol", name: name, known: Symbols.names), at: n.location)
      return []
    }
    var views = SceneView.symbolParts(image, color: ink, centeredIn: bounds)
    for i in views.indices { views[i].setLocation(location) }
    return views
  }

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
